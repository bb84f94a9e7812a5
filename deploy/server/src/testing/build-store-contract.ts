/**
 * What every build store must do (build-files/build-store.ts), as one suite each implementation's
 * test file runs: two instances on one backing store (two app servers, or a server and the CLI) —
 * what one stores the other sees, lists and gives whole, and nothing is seen half stored.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { type BuildStore, NotStored } from '../build-files/build-store';
import { listFiles } from '../build-files/version-files';
import { tempDir, writeTree } from './fixtures';

export interface StorePair {
  a: BuildStore;
  b: BuildStore;
}

/** Two fresh instances on one new, empty backing store. */
export type OpenStores = () => Promise<StorePair>;

/** A small remote's build, a precompressed variant, a nested file and Persian text included. */
export const SAMPLE_BUILD: Record<string, string | Buffer> = {
  'remoteEntry.js': 'window.blog = 1;',
  'remoteEntry.js.br': Buffer.from([0x1b, 0x10, 0x00, 0x00]),
  'mf-manifest.json': '{"name":"blog"}',
  'static/chunk.js': 'export const a = "بلاگ";',
  'app-manifest.json': '{"app":"blog"}',
};

export const sampleBytes = (build: Record<string, string | Buffer> = SAMPLE_BUILD): number =>
  Object.values(build).reduce((sum, content) => sum + Buffer.byteLength(content), 0);

const preparedRoots: string[] = [];

/** A folder publish would hand a store: the build's files, somewhere of its own. */
export async function preparedBuild(build: Record<string, string | Buffer> = SAMPLE_BUILD): Promise<string> {
  const root = await tempDir('steel-prepared-');
  preparedRoots.push(root);
  return writeTree(path.join(root, 'version'), build);
}

/** Removes what `preparedBuild` made that no store took over. */
export async function removePreparedBuilds(): Promise<void> {
  for (const root of preparedRoots.splice(0)) await fs.rm(root, { recursive: true, force: true });
}

/** Whether `dir` holds exactly `build`'s files with exactly its bytes. */
export async function holdsBuild(dir: string, build: Record<string, string | Buffer> = SAMPLE_BUILD): Promise<boolean> {
  if (JSON.stringify(await listFiles(dir)) !== JSON.stringify(Object.keys(build).sort())) return false;
  for (const [rel, content] of Object.entries(build))
    if (!(await fs.readFile(path.join(dir, rel))).equals(Buffer.from(content))) return false;
  return true;
}

const exists = (dir: string) =>
  fs.access(dir).then(
    () => true,
    () => false,
  );

export function buildStoreContract(open: OpenStores): void {
  let pair: StorePair;
  beforeEach(async () => {
    pair = await open();
  });
  afterEach(async () => {
    await pair.a.close();
    await pair.b.close();
    await removePreparedBuilds();
  });

  it('stores a version whole: the other server sees it, lists it and gives its files byte for byte', async () => {
    const prepared = await preparedBuild();
    expect(await pair.a.store('blog', 'v1', prepared)).toBe(true);
    // Taken over: publish's folder is the store's now.
    expect(await exists(prepared)).toBe(false);
    expect(await pair.b.has('blog', 'v1')).toBe(true);
    expect((await pair.b.list('blog')).map((entry) => entry.version)).toEqual(['v1']);
    expect(await pair.b.apps()).toEqual(['blog']);
    expect(await pair.b.bytes('blog', 'v1')).toBe(sampleBytes());
    const [dir, same] = await Promise.all([pair.b.local('blog', 'v1'), pair.b.local('blog', 'v1')]);
    expect(same).toBe(dir);
    expect(dir).toBe(path.join(pair.b.localDir, 'blog', 'v1'));
    expect(await holdsBuild(dir)).toBe(true);
    expect(await pair.b.isLocal('blog', 'v1')).toBe(true);
    // Nothing half-made is left beside it (a dot-named folder is never a version, never served).
    expect((await fs.readdir(pair.b.localDir)).filter((name) => name.startsWith('.'))).toEqual([]);
  });

  it('stores a version once: storing it again changes nothing and still takes the folder over', async () => {
    await pair.a.store('blog', 'v1', await preparedBuild());
    const [first] = await pair.a.list('blog');
    const again = await preparedBuild({ ...SAMPLE_BUILD, 'remoteEntry.js': 'another build under the same name' });
    expect(await pair.b.store('blog', 'v1', again)).toBe(false);
    expect(await exists(again)).toBe(false);
    expect(await pair.a.list('blog')).toEqual([first]);
    expect(await holdsBuild(await pair.b.local('blog', 'v1'))).toBe(true);
  });

  it('leaves one whole version when two servers store it at the same moment', async () => {
    const results = await Promise.all([
      pair.a.store('blog', 'v1', await preparedBuild()),
      pair.b.store('blog', 'v1', await preparedBuild()),
    ]);
    expect(results).toContain(true);
    expect((await pair.a.list('blog')).map((entry) => entry.version)).toEqual(['v1']);
    expect(await holdsBuild(await pair.a.local('blog', 'v1'))).toBe(true);
    expect(await holdsBuild(await pair.b.local('blog', 'v1'))).toBe(true);
  });

  it('never shows a version before every file of it is stored', async () => {
    // Enough files that storing them takes a while; the other server looks all along.
    const build = Object.fromEntries(
      Array.from({ length: 40 }, (_, i) => [`static/chunk-${i}.js`, `export const n = ${i};`]),
    );
    let stored = false;
    const storing = pair.a.store('blog', 'v1', await preparedBuild(build)).finally(() => (stored = true));
    let looks = 0;
    while (!stored) {
      looks++;
      // Seen at all — said to be there, or given — it is whole.
      const said = await pair.b.has('blog', 'v1');
      const given = await pair.b.local('blog', 'v1').catch((error: unknown) => error);
      if (given instanceof NotStored && !said) continue;
      expect(typeof given).toBe('string');
      expect(await holdsBuild(given as string, build)).toBe(true);
      break;
    }
    await storing;
    expect(looks).toBeGreaterThan(0);
    expect(await holdsBuild(await pair.b.local('blog', 'v1'), build)).toBe(true);
  });

  it("lists an app's versions newest first, and every app that has versions", async () => {
    await pair.a.store('blog', 'v1', await preparedBuild());
    await pair.b.store('blog', 'v2', await preparedBuild());
    await pair.a.store('shell', 's1', await preparedBuild({ 'index.html': '<!doctype html>' }));
    const listed = await pair.b.list('blog');
    expect(listed.map((entry) => entry.version)).toEqual(['v2', 'v1']);
    expect(listed[0]!.storedAt).toBeGreaterThanOrEqual(listed[1]!.storedAt);
    expect(await pair.a.apps()).toEqual(['blog', 'shell']);
    expect(await pair.a.list('catalogue')).toEqual([]);
  });

  it('keeps the time a version was first stored when it is given (a version moved from another store)', async () => {
    const firstStored = Date.parse('2026-01-02T03:04:05.678Z');
    await pair.a.store('blog', 'v2', await preparedBuild());
    await pair.a.store('blog', 'v1', await preparedBuild(), firstStored);
    // Stored last, yet older: listed after the version stored before it.
    expect(await pair.b.list('blog')).toEqual([
      { version: 'v2', storedAt: expect.any(Number) as number },
      { version: 'v1', storedAt: firstStored },
    ]);
  });

  it('removes a version for every server, its files with it; an unknown or ill-named version is NotStored', async () => {
    await pair.a.store('blog', 'v1', await preparedBuild());
    await pair.a.store('blog', 'v2', await preparedBuild());
    await pair.b.local('blog', 'v1');
    await pair.a.remove('blog', 'v1');
    expect(await pair.b.has('blog', 'v1')).toBe(false);
    expect(await pair.a.isLocal('blog', 'v1')).toBe(false);
    expect((await pair.b.list('blog')).map((entry) => entry.version)).toEqual(['v2']);
    await expect(pair.a.local('blog', 'v1')).rejects.toBeInstanceOf(NotStored);
    await expect(pair.b.bytes('blog', 'v9')).rejects.toBeInstanceOf(NotStored);
    await expect(pair.b.local('blog', '../v2')).rejects.toBeInstanceOf(NotStored);
    expect(await pair.b.has('blog', '../v2')).toBe(false);
    // Removing what is not there is no error: a second prune finds nothing to do.
    await pair.b.remove('blog', 'v1');
    expect(await holdsBuild(await pair.b.local('blog', 'v2'))).toBe(true);
  });
}
