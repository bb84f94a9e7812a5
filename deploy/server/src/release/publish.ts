/**
 * publish: prepare a built app (its dist folder) as a version — its files, digests and compressed
 * variants — and hand it to the build store (build-files/: by default the builds folder,
 * BUILDS_DIR/<app>/<version>/), where version is a hash of the folder's content. Publishing the
 * same build twice gives the same version and stores nothing; a half-stored version is never
 * visible (the store takes it whole or not at all).
 */
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { APP_MANIFEST_FILE, FILE_DIGESTS_FILE, isBrowserLoadedFile } from '@steel/contract';
import type { BuildStore } from '../build-files/build-store';
import { buildsOfFolder } from '../build-files/builds-of-folder';
import { fileDigest, listFiles } from '../build-files/version-files';
import { type AppName, requiredFiles, SHELL, versionDir } from '../live-set/builds-folder';
import { assertRegistered } from '../live-set/app-registry';
import { appendToReleaseLog, localUser } from './release-log';
import type { JobContext } from './jobs/jobs';
import { precompress } from './precompress';

/** What a job hears of a release step: what it does now, and its point of no return (jobs/jobs.ts). */
export type ReleaseProgress = Pick<JobContext, 'step' | 'commit'>;

export interface PublishResult {
  app: AppName;
  version: string;
  dir: string;
  /** False when this exact build was already published. */
  created: boolean;
}

/** The folder is not a build of that app: the caller's mistake (the API answers 400). */
export class NotABuild extends Error {
  override readonly name = 'NotABuild';
}

/** The version's folder exists with other content than this build (altered after publish): 409. */
export class VersionConflict extends Error {
  override readonly name = 'VersionConflict';
}

/** First 12 hex chars of sha256 over each file's relative path, size and bytes, in path order. */
export async function hashBuild(dir: string, files?: string[]): Promise<string> {
  const hash = createHash('sha256');
  for (const rel of files ?? (await listFiles(dir))) {
    const stat = await fs.stat(path.join(dir, rel));
    // Path and size are framed so that no two different trees feed the same byte stream.
    hash.update(`${rel}\0${stat.size}\0`);
    for await (const chunk of createReadStream(path.join(dir, rel))) hash.update(chunk as Buffer);
  }
  return hash.digest('hex').slice(0, 12);
}

/**
 * Records the digest of every published file (compressed variants included: the server may send
 * those instead) in the version's app-manifest.json, so a file changed after publishing is found
 * by the gate. A build without an app manifest is left as it is: the gate refuses it anyway.
 */
async function recordDigests(dir: string): Promise<void> {
  const manifestFile = path.join(dir, APP_MANIFEST_FILE);
  const manifest = await fs.readFile(manifestFile, 'utf8').then(
    (text) => JSON.parse(text) as Record<string, unknown>,
    () => null,
  );
  if (!manifest) return;
  const files: Record<string, string> = {};
  for (const rel of await listFiles(dir)) {
    if (rel !== APP_MANIFEST_FILE) files[rel] = await fileDigest(path.join(dir, rel));
  }
  await fs.writeFile(manifestFile, `${JSON.stringify({ ...manifest, files }, null, 2)}\n`);
}

/**
 * Writes a remote version's `FILE_DIGESTS_FILE` (`contracts/integrity.ts`): the digests of the
 * files the browser loads, which the registry vouches for with one digest of this file. Written
 * before the digests are recorded, so the gate checks it like any other file.
 */
async function writeFileDigests(dir: string, files: string[]): Promise<void> {
  const digests: Record<string, string> = {};
  for (const rel of files.filter(isBrowserLoadedFile)) digests[rel] = await fileDigest(path.join(dir, rel));
  await fs.writeFile(path.join(dir, FILE_DIGESTS_FILE), `${JSON.stringify(digests)}\n`);
}

const PRECOMPRESSED_RE = /\.(br|gz)$/;

/**
 * A version is a content hash, so an existing folder of that name holds this very build — unless
 * it was altered after publishing. Then publishing again must not report success over it: every
 * file must have the bytes of the build (the app manifest: the build's plus the recorded digests), and
 * every recorded digest must match its file (the compressed variants included).
 */
async function assertSameBuild(dir: string, distDir: string, files: string[], label: string): Promise<void> {
  const conflict = (what: string) =>
    new VersionConflict(
      `${label} is already published with other content (${what}); it was altered after publishing: remove that folder or publish a new build`,
    );
  const existing = await listFiles(dir);
  // The file-digests file is publish's own, like the digests in the app manifest: checked below.
  const sources = existing.filter((rel) => !PRECOMPRESSED_RE.test(rel) && rel !== FILE_DIGESTS_FILE);
  const extra =
    sources.find((rel) => !files.includes(rel)) ??
    existing.find((rel) => {
      const source = rel.replace(PRECOMPRESSED_RE, '');
      return PRECOMPRESSED_RE.test(rel) && !files.includes(source) && source !== FILE_DIGESTS_FILE;
    });
  if (extra) throw conflict(`${extra} is not part of the build`);
  const missing = files.find((rel) => !sources.includes(rel));
  if (missing) throw conflict(`${missing} is missing`);
  const recorded = await recordedDigests(dir, distDir);
  if (recorded === 'differs') throw conflict(`${APP_MANIFEST_FILE} differs`);
  for (const rel of files) {
    if (rel === APP_MANIFEST_FILE && recorded) continue;
    if ((await fileDigest(path.join(dir, rel))) !== (await fileDigest(path.join(distDir, rel))))
      throw conflict(`${rel} differs`);
  }
  for (const rel of recorded ? existing : []) {
    if (rel !== APP_MANIFEST_FILE && recorded?.[rel] !== (await fileDigest(path.join(dir, rel))))
      throw conflict(`${rel} does not match its recorded digest`);
  }
}

/** The published app manifest's digests when it is the build's own plus them; null when the build has no app manifest publish could read. */
async function recordedDigests(dir: string, distDir: string): Promise<Record<string, string> | null | 'differs'> {
  const read = (folder: string) =>
    fs.readFile(path.join(folder, APP_MANIFEST_FILE), 'utf8').then(
      (text) => JSON.parse(text) as Record<string, unknown>,
      () => null,
    );
  const built = await read(distDir);
  if (!built) return null;
  // A dist copied from a published version carries that version's digests: publish replaces them.
  const { files: _replacedAtPublish, ...builtOwn } = built;
  const { files, ...published } = (await read(dir)) ?? {};
  if (JSON.stringify(published) !== JSON.stringify(builtOwn) || typeof files !== 'object' || files === null)
    return 'differs';
  return files as Record<string, string>;
}

/** The build's files (the ones publish stores) and its version; NotABuild when it lacks what `app` needs. */
export async function buildOf(app: AppName, distDir: string): Promise<{ files: string[]; version: string }> {
  const stat = await fs.stat(distDir).catch(() => null);
  if (!stat?.isDirectory()) throw new NotABuild(`${distDir} is not a directory (build ${app} first)`);
  // Pre-compressed variants a bundler may already have written, and a file-digests file a dist
  // copied from a published version carries, are written afresh by us.
  const files = (await listFiles(distDir)).filter((f) => !PRECOMPRESSED_RE.test(f) && f !== FILE_DIGESTS_FILE);
  for (const alternatives of requiredFiles(app)) {
    if (!alternatives.some((f) => files.includes(f))) {
      throw new NotABuild(`${distDir} is not a ${app} build: it has no ${alternatives.join(' or ')}`);
    }
  }
  return { files, version: await hashBuild(distDir, files) };
}

export async function publish(
  buildsDir: string,
  app: AppName,
  distDir: string,
  {
    compress = true,
    progress,
    builds = buildsOfFolder(buildsDir),
  }: { compress?: boolean; progress?: ReleaseProgress; builds?: BuildStore } = {},
): Promise<PublishResult> {
  // Only a registered app's builds are stored: the platform team registers an app before its first publish.
  if (app !== SHELL) await assertRegistered(buildsDir, app);
  const { files, version } = await buildOf(app, distDir);
  const dir = versionDir(builds.localDir, app, version);
  if (await builds.has(app, version)) {
    await assertSameBuild(await builds.local(app, version), distDir, files, `${app} ${version}`);
    return { app, version, dir, created: false };
  }

  await fs.mkdir(path.dirname(dir), { recursive: true });
  // Prepared beside its place (one rename stores it in a folder); the dot: never a valid version, never served.
  const tmp = path.join(path.dirname(dir), `.tmp-${version}-${randomBytes(4).toString('hex')}`);
  let created: boolean;
  try {
    await progress?.step(`storing ${files.length} files of ${app} ${version}`);
    for (const rel of files) {
      await fs.mkdir(path.dirname(path.join(tmp, rel)), { recursive: true });
      await fs.copyFile(path.join(distDir, rel), path.join(tmp, rel));
    }
    // The shell is never a registry entry: only a remote's files are looked up in a file-digests file.
    if (app !== SHELL) await writeFileDigests(tmp, files);
    if (compress) {
      let said = 0;
      await precompress(tmp, app === SHELL ? files : [...files, FILE_DIGESTS_FILE], (done, of) => {
        // A line every few files: the record is rewritten for each.
        if (done === of || Date.now() - said > 1000) {
          said = Date.now();
          void progress
            ?.step(`compressing (brotli 11, gzip 9, in a worker thread): ${done} of ${of} files`)
            .catch(() => {});
        }
      });
    }
    await recordDigests(tmp);
    // Nothing is published yet: a cancel until here leaves no trace. The store takes the folder
    // whole or not at all; false: someone stored this very build meanwhile (the same bytes).
    const store = () => builds.store(app, version, tmp);
    created = await (progress ? progress.commit(`published ${app} ${version}`, store) : store());
  } catch (error) {
    await fs.rm(tmp, { recursive: true, force: true });
    // Someone published the same build meanwhile: theirs is identical, so that is success.
    if (await builds.has(app, version).catch(() => false)) return { app, version, dir, created: false };
    throw error;
  }
  return { app, version, dir, created };
}

/** publish, recorded in the release log when it stored a new version. */
export async function publishVersion(
  buildsDir: string,
  app: AppName,
  distDir: string,
  { by = localUser(), compress = true, progress }: { by?: string; compress?: boolean; progress?: ReleaseProgress } = {},
): Promise<PublishResult> {
  const result = await publish(buildsDir, app, distDir, { compress, progress });
  if (result.created)
    await appendToReleaseLog(buildsDir, {
      action: 'publish',
      app,
      version: result.version,
      previous: null,
      gate: 'not run (a publish)',
      forced: null,
      by,
    });
  return result;
}
