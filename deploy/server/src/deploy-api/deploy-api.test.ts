/** @jest-environment node */
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { buildServer } from '../app';
import { REPO_ROOT, loadConfig } from '../config';
import { makeDist, tempDir } from '../testing/fixtures';
import { distEntries, snapshotTree, tarGz } from '../testing/tarballs';
import { readLive, type AppName } from '../live-set/builds-folder';
import { parseLive } from '../platform-state/documents';
import { readReleaseLog } from '../release/release-log';
import { addKey, hashKey } from '../live-set/deploy-keys';
import { packDist } from '../release/deploy-api-client';
import { settled } from '../testing/deploy-jobs';

// The real gate, watched: how many of its runs overlap (each takes a little longer, to give them the chance).
const mockGateRuns = { active: 0, most: 0 };
jest.mock('../release/gate/check', () => {
  const actual = jest.requireActual<typeof import('../release/gate/check')>('../release/gate/check');
  return {
    ...actual,
    checkVersion: async (...args: Parameters<typeof actual.checkVersion>) => {
      mockGateRuns.active += 1;
      mockGateRuns.most = Math.max(mockGateRuns.most, mockGateRuns.active);
      try {
        await new Promise((resolve) => setTimeout(resolve, 10));
        return await actual.checkVersion(...args);
      } finally {
        mockGateRuns.active -= 1;
      }
    },
  };
});

// Fixture builds expose no ./app: the gate refuses them at its first rule, before any smoke test.
const FIXTURE_REFUSAL = /^exposes: blog does not expose \.\/app/;

describe('deploy API', () => {
  let root: string;
  let buildsDir: string;
  let keysFile: string;
  let server: FastifyInstance;
  const keys = {} as Record<'blog' | 'catalogue', string>;

  beforeEach(async () => {
    root = await tempDir();
    buildsDir = path.join(root, 'builds');
    keysFile = path.join(root, 'secrets', 'deploy-keys.json');
    keys.blog = await addKey({ buildsDir, keysFile }, 'blog', 'blog-team');
    keys.catalogue = await addKey({ buildsDir, keysFile }, 'catalogue', 'catalogue-team');
    server = buildServer(loadConfig({ BUILDS_DIR: buildsDir, DEPLOY_KEYS_FILE: keysFile }));
  });
  afterEach(async () => {
    await server.close();
    await fs.rm(root, { recursive: true, force: true });
  });

  const auth = (key: string) => ({ authorization: `Bearer ${key}` });
  // Each call as its client sees it once its job has ended (testing/deploy-jobs.ts).
  const upload = async (app: AppName, key: string, tarball: Buffer) =>
    settled(
      server,
      await server.inject({
        method: 'POST',
        url: `/_/deploy/${app}/versions`,
        headers: { ...auth(key), 'content-type': 'application/gzip' },
        payload: tarball,
      }),
      key,
    );
  const activate = async (app: AppName, key: string, body: Record<string, unknown>) =>
    settled(
      server,
      await server.inject({ method: 'POST', url: `/_/deploy/${app}/activate`, headers: auth(key), payload: body }),
      key,
    );
  const post = async (url: string, key: string, payload?: Record<string, unknown>) =>
    settled(
      server,
      await server.inject({ method: 'POST', url, headers: auth(key), ...(payload ? { payload } : {}) }),
      key,
    );

  async function uploaded(tag: string): Promise<string> {
    const response = await upload('blog', keys.blog, await packDist(await makeDist(root, 'blog', tag)));
    expect(response.statusCode).toBe(201);
    return response.json<{ version: string }>().version;
  }

  it('is off (404) while no key is configured, and says how to turn it on', async () => {
    const off = buildServer(loadConfig({ BUILDS_DIR: buildsDir, DEPLOY_KEYS_FILE: path.join(root, 'none.json') }));
    const response = await off.inject({ method: 'GET', url: '/_/deploy/blog/status', headers: auth(keys.blog) });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: expect.stringMatching(/no deploy key is configured.*deploy keys add/) });
    await off.close();
  });

  it("takes keys from DEPLOY_KEYS too (hashes only, the keys file's form)", async () => {
    const inline = buildServer(
      loadConfig({
        BUILDS_DIR: buildsDir,
        DEPLOY_KEYS_FILE: path.join(root, 'none.json'),
        DEPLOY_KEYS: JSON.stringify([{ name: 'ci-shell', app: 'shell', hash: hashKey('steel_deploy_from_env') }]),
      }),
    );
    const response = await inline.inject({
      method: 'GET',
      url: '/_/deploy/whoami',
      headers: auth('steel_deploy_from_env'),
    });
    expect(response.json()).toEqual({ name: 'ci-shell', app: 'shell' });
    await inline.close();
  });

  it('answers 401 without a key or with an unknown one', async () => {
    for (const headers of [
      {},
      auth('steel_deploy_guessed'),
      { authorization: keys.blog },
      { authorization: `Basic ${keys.blog}` },
    ]) {
      const response = await server.inject({ method: 'GET', url: '/_/deploy/blog/log', headers });
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toMatch(/^Bearer/);
      expect(response.json()).toEqual({ error: expect.any(String) });
    }
  });

  it('lets a key act on its own app only: the blog key gets 403 on the catalogue and the shell', async () => {
    const catalogueBuild = await packDist(await makeDist(path.join(root, 'elsewhere'), 'catalogue'));
    const asked = [
      upload('catalogue', keys.blog, catalogueBuild),
      upload('shell', keys.blog, catalogueBuild),
      activate('catalogue', keys.blog, { version: 'abcdef012345', force: 'mine now' }),
      post('/_/deploy/catalogue/rollback', keys.blog),
      post('/_/deploy/shell/versions/abcdef012345/check', keys.blog),
      server.inject({ method: 'GET', url: '/_/deploy/catalogue/log', headers: auth(keys.blog) }),
      server.inject({ method: 'GET', url: '/_/deploy/shell/status', headers: auth(keys.blog) }),
    ];
    const targets = ['catalogue', 'shell', 'catalogue', 'catalogue', 'shell', 'catalogue', 'shell'];
    for (const [i, response] of (await Promise.all(asked)).entries()) {
      expect([response.statusCode, response.json()]).toEqual([
        403,
        { error: `The key "blog-team" is for blog, not ${targets[i]}` },
      ]);
    }
    // Nothing was written: no builds folder at all, so no version and no release-log line.
    expect(await snapshotTree(buildsDir)).toEqual([]);

    const whoami = await server.inject({ method: 'GET', url: '/_/deploy/whoami', headers: auth(keys.catalogue) });
    expect(whoami.json()).toEqual({ name: 'catalogue-team', app: 'catalogue' });
  });

  it('publishes an uploaded tarball under its content hash, once, recorded with the key name', async () => {
    const dist = await makeDist(root, 'blog', 'one');
    const first = await upload('blog', keys.blog, await packDist(dist));
    expect(first.statusCode).toBe(201);
    const { version } = first.json<{ version: string; created: boolean }>();
    expect(first.json()).toEqual({ app: 'blog', version, created: true });
    // The same build as a hand-made archive: the same version, nothing new.
    const again = await upload('blog', keys.blog, tarGz(await distEntries(dist)));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ app: 'blog', version, created: false });

    const manifest = JSON.parse(
      await fs.readFile(path.join(buildsDir, 'blog', version, 'app-manifest.json'), 'utf8'),
    ) as { files: Record<string, string> };
    expect(manifest.files['remoteEntry.js']).toMatch(/^sha384-/);
    expect(await readReleaseLog(buildsDir)).toEqual([
      expect.objectContaining({ action: 'publish', app: 'blog', version, by: 'blog-team' }),
    ]);
  });

  it('runs the gate on every activation: refused (422, recorded, nothing live) unless forced with a reason', async () => {
    const version = await uploaded('one');
    const refused = await activate('blog', keys.blog, { version });
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ error: string }>().error).toMatch(
      /^The gate refused blog [0-9a-f]{12}: exposes: blog does not expose/,
    );
    expect(await readLive(buildsDir)).toBeNull();

    const forced = await activate('blog', keys.blog, { version, force: 'fixture builds' });
    expect(forced.statusCode).toBe(200);
    expect(forced.json()).toMatchObject({
      app: 'blog',
      version,
      previous: null,
      changed: true,
      gate: expect.stringMatching(FIXTURE_REFUSAL),
      forced: 'fixture builds',
    });
    expect((await readLive(buildsDir))?.versions.blog).toBe(version);

    const history = await readReleaseLog(buildsDir, 'blog');
    expect(history.slice(1)).toEqual([
      expect.objectContaining({
        action: 'refused',
        version,
        previous: null,
        gate: expect.stringMatching(FIXTURE_REFUSAL),
        forced: null,
        by: 'blog-team',
      }),
      expect.objectContaining({
        action: 'activate',
        version,
        previous: null,
        gate: expect.stringMatching(FIXTURE_REFUSAL),
        forced: 'fixture builds',
        by: 'blog-team',
      }),
    ]);
    for (const entry of history) expect(Date.parse(entry.at)).toBeGreaterThan(Date.now() - 60_000);

    const check = await post(`/_/deploy/blog/versions/${version}/check`, keys.blog);
    expect(check.json()).toMatchObject({ passed: false, refusal: expect.stringMatching(FIXTURE_REFUSAL) });
  });

  it('refuses activations and canaries it cannot do with a 4xx: unknown version, bad version, empty reason, bad share', async () => {
    const version = await uploaded('one');
    const cases: [Record<string, unknown>, number][] = [
      [{ version: 'abcdef012345', force: 'x' }, 404],
      [{ version: '../shell' }, 400],
      [{}, 400],
      [{ version, force: '   ' }, 400],
      [{ version, force: 7 }, 400],
    ];
    for (const [body, code] of cases) {
      const response = await activate('blog', keys.blog, body);
      expect([response.statusCode, response.json()]).toEqual([code, { error: expect.any(String) }]);
    }
    const rollback = await post('/_/deploy/blog/rollback', keys.blog);
    expect(rollback.statusCode).toBe(409);
    const canaryWithoutVersion = await post('/_/deploy/blog/canary', keys.blog, { percent: 10 });
    expect(canaryWithoutVersion.statusCode).toBe(400);
    const canaryOverWhole = await post('/_/deploy/blog/canary', keys.blog, { version, percent: 100 });
    expect(canaryOverWhole.statusCode).toBe(400);
    expect(await readLive(buildsDir)).toBeNull();
  });

  it("rolls back and reports status and the release log for the key's app (also at its former path, /history)", async () => {
    const [a, b] = [await uploaded('a'), await uploaded('b')];
    await activate('blog', keys.blog, { version: a, force: 'fixture builds' });
    await activate('blog', keys.blog, { version: b, force: 'fixture builds' });
    const rollback = await post('/_/deploy/blog/rollback', keys.blog);
    expect(rollback.json()).toEqual({ app: 'blog', version: a, previous: b });

    const status = (
      await server.inject({ method: 'GET', url: '/_/deploy/blog/status', headers: auth(keys.blog) })
    ).json<{ app: string; live: string; published: unknown[] }>();
    expect(status).toMatchObject({ app: 'blog', live: a });
    expect(status.published).toHaveLength(2);
    const releaseLog = (
      await server.inject({ method: 'GET', url: '/_/deploy/blog/log', headers: auth(keys.blog) })
    ).json<{ entries: { action: string; by: string }[] }>();
    expect(releaseLog.entries.map((entry) => entry.action)).toEqual([
      'publish',
      'publish',
      'activate',
      'activate',
      'rollback',
    ]);
    expect(new Set(releaseLog.entries.map((entry) => entry.by))).toEqual(new Set(['blog-team']));
    const former = await server.inject({ method: 'GET', url: '/_/deploy/blog/history', headers: auth(keys.blog) });
    expect(former.json()).toEqual(releaseLog);
  });

  it('answers 409 when the version is already published with other content, and changes nothing', async () => {
    const dist = await makeDist(root, 'blog', 'one');
    const version = await uploaded('one');
    // Altered after publishing (a disk error, a hand edit): the same upload must not say "fine".
    await fs.appendFile(path.join(buildsDir, 'blog', version, 'remoteEntry.js'), '\nalert(1);');
    // The release's state, not the jobs' records (a refused job is recorded too).
    const releaseTree = async () => (await snapshotTree(buildsDir)).filter((entry) => !entry.startsWith('.jobs'));
    const before = await releaseTree();
    const response = await upload('blog', keys.blog, await packDist(dist));
    expect(response.statusCode).toBe(409);
    expect(response.json<{ error: string }>().error).toMatch(
      /already published with other content \(remoteEntry\.js differs\)/,
    );
    expect(await releaseTree()).toEqual(before);

    // A compressed variant altered: caught by its recorded digest.
    await fs.writeFile(
      path.join(buildsDir, 'blog', version, 'remoteEntry.js'),
      await fs.readFile(path.join(dist, 'remoteEntry.js')),
    );
    await fs.writeFile(path.join(buildsDir, 'blog', version, 'remoteEntry.js.gz'), 'not what was published');
    const variant = await upload('blog', keys.blog, await packDist(dist));
    expect([variant.statusCode, variant.json<{ error: string }>().error]).toEqual([
      409,
      expect.stringMatching(/remoteEntry\.js\.gz does not match its recorded digest/),
    ]);
  });

  it('serialises 20 concurrent activations: a valid live set and 20 release-log lines naming the key', async () => {
    // A version each: whatever order they land in, none activates the version already live (which changes nothing).
    const versions: string[] = [];
    for (let i = 0; i < 20; i++) versions.push(await uploaded(`v${i}`));
    const linesBefore = (await readReleaseLog(buildsDir)).length;
    mockGateRuns.most = 0;
    const responses = await Promise.all(
      versions.map((version, i) => activate('blog', keys.blog, { version, force: `concurrent ${i}` })),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(20).fill(200));
    // The gate ran for each, one at a time (its smoke server has one port).
    expect(mockGateRuns.most).toBe(1);

    const live = parseLive(await fs.readFile(path.join(buildsDir, 'live.json'), 'utf8'));
    expect(versions).toContain(live.versions.blog);
    const added = (await readReleaseLog(buildsDir)).slice(linesBefore);
    expect(added).toHaveLength(20);
    expect(added.every((entry) => entry.action === 'activate' && entry.by === 'blog-team')).toBe(true);
    // Applied one at a time: each line's previous is the line before's version.
    expect(added[0]!.previous).toBeNull();
    for (let i = 1; i < added.length; i++) expect(added[i]!.previous).toBe(added[i - 1]!.version);
    expect(added.at(-1)!.version).toBe(live.versions.blog);
    expect(new Set(added.map((entry) => entry.forced))).toEqual(
      new Set(Array.from({ length: 20 }, (_, i) => `concurrent ${i}`)),
    );
    expect((await fs.readdir(buildsDir)).filter((name) => name.includes('lock') || name.startsWith('.live'))).toEqual(
      [],
    );
    // Each a job of its own, every one of them ended.
    expect(new Set(responses.map((response) => response.jobId)).size).toBe(20);
  }, 60_000);

  it('never interleaves with the local CLI in another process: one chain of activations, one line each', async () => {
    // A version each, so that no activation is of the version already live (which changes nothing).
    const versions: string[] = [];
    for (let i = 0; i < 10; i++) versions.push(await uploaded(`v${i}`));
    const cli = (version: string) =>
      promisify(execFile)(
        path.join(REPO_ROOT, 'node_modules/.bin/tsx'),
        [
          'deploy/server/src/release/cli.ts',
          'activate',
          'blog',
          version,
          '--force',
          'from the CLI',
          '--builds-dir',
          buildsDir,
        ],
        { cwd: REPO_ROOT },
      );
    const results = await Promise.all([
      cli(versions[0]!),
      ...versions.slice(1, 9).map((version, i) => activate('blog', keys.blog, { version, force: `api ${i}` })),
      cli(versions[9]!),
    ]);
    expect(results.slice(1, -1).map((response) => (response as { statusCode: number }).statusCode)).toEqual(
      Array(8).fill(200),
    );

    const lines = (await readReleaseLog(buildsDir)).filter((entry) => entry.action === 'activate');
    expect(lines).toHaveLength(10);
    expect(lines.filter((entry) => entry.forced === 'from the CLI')).toHaveLength(2);
    // Each activation saw the one before it: no two ran at once.
    for (let i = 1; i < lines.length; i++) expect(lines[i]!.previous).toBe(lines[i - 1]!.version);
    expect(parseLive(await fs.readFile(path.join(buildsDir, 'live.json'), 'utf8')).versions.blog).toBe(
      lines.at(-1)!.version,
    );
  }, 60_000);

  it('waits while another process holds the deploy lock (the CLI running a gate)', async () => {
    const version = await uploaded('a');
    const released = path.join(root, 'released');
    const holder = spawn(
      path.join(REPO_ROOT, 'node_modules/.bin/tsx'),
      [path.join(__dirname, '../testing/hold-deploy-lock.ts'), buildsDir, '1500', released],
      { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const exited = new Promise((resolve) => holder.once('exit', resolve));
    await new Promise<void>((resolve) =>
      holder.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('held') && resolve()),
    );

    const response = await activate('blog', keys.blog, { version, force: 'after the other process' });
    const doneAt = Date.now();
    expect(response.statusCode).toBe(200);
    expect(doneAt).toBeGreaterThanOrEqual(Number(await fs.readFile(released, 'utf8')));
    await exited;
  }, 60_000);
});
