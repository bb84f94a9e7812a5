/**
 * The platform's state as files in the builds folder — the default, for `npm start` and one
 * machine: nothing to install. Several processes on one folder (app servers, the CLI) share it:
 * each file is replaced whole (a temporary name, then a rename), read-modify-writes take a lock
 * file, and the release log is appended to a line at a time.
 *
 *   live.json                 the live set (documents.ts has its form)
 *   apps.json                 the registered apps (absent: this repository's seeded three)
 *   release-log.jsonl         the release log, one JSON line per step (`history.jsonl` before it had its name: still read)
 *   failure-counts.json       views and failures per version and minute
 *   served-versions.json      which versions served pages pinned, and when last
 *   .gate/report/<app>/<version>/   the gate's report (report.json) and screenshots (<index>.png)
 *   .gate/main-thread/<app>/<version>.json   the gate's main-thread figures
 *   .deploy.lock              the deploy lock between processes
 *
 * The deploy keys' hashes are in their own file (`DEPLOY_KEYS_FILE`, `keysInFile`), outside the
 * builds folder, which the server serves from.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { withFileLock } from './file-lock';
import {
  parseApps,
  parseKeyRecords,
  parseLive,
  releaseLogLine,
  seededApps,
  serializeApps,
  serializeKeyRecords,
  serializeLive,
} from './documents';
import {
  addCounts,
  DEPLOY_LOCK_WAIT_MS,
  type DeployKeyRecord,
  type GateReport,
  type KeyRecords,
  type PlatformState,
  type ReleaseLogEntry,
  type ServedVersions,
  type VersionCounts,
} from './platform-state';
import { fileJobStore } from './folder-jobs';

export const LIVE_FILE = 'live.json';
export const APPS_FILE = 'apps.json';
export const RELEASE_LOG_FILE = 'release-log.jsonl';
/**
 * The release log's file before it had its own name. Still read, never written: a builds folder
 * keeps the lines written before, and an older app server beside a newer one while a site is
 * upgraded still appends there.
 */
export const FORMER_RELEASE_LOG_FILE = 'history.jsonl';
export const COUNTS_FILE = 'failure-counts.json';
export const SERVED_VERSIONS_FILE = 'served-versions.json';
export const GATE_FOLDER = '.gate';
export const DEPLOY_LOCK_FILE = '.deploy.lock';

export interface FolderStateOptions {
  buildsDir: string;
  /**
   * The deploy keys' hashes (`DEPLOY_KEYS_FILE`), outside the builds folder. Without it the state
   * holds no keys and refuses to add one (state-of-folder.ts opens it so: the keys file is named by
   * each caller's settings, and `keysOfFolder` reads it through `keysInFile`).
   */
  keysFile?: string;
  /** How often other processes' changes of the live set and apps are looked for, while someone listens. */
  pollMs?: number;
  lockWaitMs?: number;
}

/** Writes a file of the folder so that readers see the old or the new content, never half. */
export async function writeFileAtomically(
  dir: string,
  name: string,
  text: string | Buffer,
  mode?: number,
): Promise<void> {
  const tmp = path.join(dir, `.${path.basename(name)}-${process.pid}-${randomBytes(4).toString('hex')}`);
  const target = path.join(dir, name);
  await fs.mkdir(path.dirname(target), { recursive: true });
  try {
    await fs.writeFile(tmp, text, mode === undefined ? undefined : { mode });
    await fs.rename(tmp, target);
  } catch (error) {
    await fs.rm(tmp, { force: true });
    throw error;
  }
}

const readText = (file: string) =>
  fs.readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });

/**
 * The two files' lines as one log: each file in the order written, the two interleaved by time
 * (ISO times in UTC compare as text; of one moment, the former file's line first).
 */
function mergeByTime(former: ReleaseLogEntry[], current: ReleaseLogEntry[]): ReleaseLogEntry[] {
  if (!former.length) return current;
  const merged: ReleaseLogEntry[] = [];
  let i = 0;
  let j = 0;
  while (i < former.length || j < current.length)
    merged.push(
      j >= current.length || (i < former.length && former[i]!.at <= current[j]!.at) ? former[i++]! : current[j++]!,
    );
  return merged;
}

/**
 * The deploy keys' hashes kept in `keysFile` (DEPLOY_KEYS_FILE), the folder state's keys: each
 * change a read-modify-write under the file's lock, the file replaced whole, readable by its owner
 * alone (hashes only, yet nobody else needs to read them).
 */
export function keysInFile(keysFile: string): KeyRecords {
  const dir = path.dirname(keysFile);
  const read = async (): Promise<DeployKeyRecord[]> => {
    const text = await readText(keysFile);
    return text === null ? [] : parseKeyRecords(text, keysFile);
  };
  const change = (fn: (keys: DeployKeyRecord[]) => DeployKeyRecord[] | null) =>
    withFileLock(`${keysFile}.lock`, { waitMs: 10_000 }, async () => {
      const changed = fn(await read());
      if (changed) await writeFileAtomically(dir, path.basename(keysFile), serializeKeyRecords(changed), 0o600);
      return changed !== null;
    });
  return {
    read,
    add: (record) => change((keys) => (keys.some((key) => key.name === record.name) ? null : [...keys, record])),
    remove: (name) =>
      change((keys) => {
        const kept = keys.filter((key) => key.name !== name);
        return kept.length === keys.length ? null : kept;
      }),
  };
}

/** The keys of a folder state opened without a keys file: none, and none may be added. */
const NO_KEYS_FILE: KeyRecords = {
  read: async () => [],
  add: () => Promise.reject(new Error('This builds folder state was opened without a deploy keys file')),
  remove: async () => false,
};

export function openFolderState(options: FolderStateOptions): PlatformState {
  const { buildsDir, keysFile } = options;
  const lockWaitMs = options.lockWaitMs ?? DEPLOY_LOCK_WAIT_MS;
  const at = (name: string) => path.join(buildsDir, name);
  const locked = <T>(name: string, fn: () => Promise<T>) => withFileLock(at(name), { waitMs: 10_000 }, fn);

  const listeners = new Set<() => void>();
  let lastMark: string | null = null;
  let poller: NodeJS.Timeout | null = null;
  const changeMark = async () => {
    const stamp = async (name: string) => {
      const st = await fs.stat(at(name)).catch(() => null);
      return st ? `${st.ino}:${st.mtimeMs}:${st.size}` : '-';
    };
    return `${await stamp(LIVE_FILE)}|${await stamp(APPS_FILE)}`;
  };
  const look = async () => {
    const mark = await changeMark();
    if (lastMark !== null && mark !== lastMark) for (const listener of listeners) listener();
    lastMark = mark;
  };

  const readCounts = async (): Promise<VersionCounts> =>
    JSON.parse((await readText(at(COUNTS_FILE))) ?? '{}') as VersionCounts;
  const readServed = async (): Promise<ServedVersions> => {
    try {
      return JSON.parse((await readText(at(SERVED_VERSIONS_FILE))) ?? '{}') as ServedVersions;
    } catch {
      return {};
    }
  };
  const reportDir = (app: string, version: string) => path.join(GATE_FOLDER, 'report', app, version);
  const figuresFile = (app: string, version: string) => path.join(GATE_FOLDER, 'main-thread', app, `${version}.json`);

  return {
    kind: 'folder',
    apps: {
      async read() {
        const text = await readText(at(APPS_FILE));
        return text === null ? seededApps() : parseApps(text, at(APPS_FILE));
      },
      write: (apps) => writeFileAtomically(buildsDir, APPS_FILE, serializeApps(apps)),
    },
    keys: keysFile ? keysInFile(keysFile) : NO_KEYS_FILE,
    jobs: fileJobStore(buildsDir),
    live: {
      async read() {
        const text = await readText(at(LIVE_FILE));
        return text === null ? null : parseLive(text);
      },
      write: (live) => writeFileAtomically(buildsDir, LIVE_FILE, serializeLive(live)),
    },
    releaseLog: {
      async append(entry) {
        await fs.mkdir(buildsDir, { recursive: true });
        // One write of one line with O_APPEND: concurrent writers never interleave within a line.
        await fs.appendFile(
          at(RELEASE_LOG_FILE),
          `${releaseLogLine({ ...entry, at: entry.at ?? new Date().toISOString() })}\n`,
        );
      },
      async read(app) {
        const [former, current] = await Promise.all(
          [FORMER_RELEASE_LOG_FILE, RELEASE_LOG_FILE].map(async (file) =>
            ((await readText(at(file))) ?? '')
              .split('\n')
              .filter(Boolean)
              .map((line) => JSON.parse(line) as ReleaseLogEntry)
              .filter((entry) => !app || entry.app === app),
          ),
        );
        return mergeByTime(former!, current!);
      },
    },
    counts: {
      read: () => readCounts().catch(() => ({})),
      // Every process on the folder adds to the one file: read-add-write under a lock.
      add: (batch) =>
        locked('.failure-counts.lock', async () => {
          const counts = addCounts(await readCounts().catch((): VersionCounts => ({})), batch, Date.now());
          await writeFileAtomically(buildsDir, COUNTS_FILE, JSON.stringify(counts));
        }),
    },
    servedVersions: {
      read: readServed,
      record: (batch) =>
        locked('.served-versions.lock', async () => {
          const served = await readServed();
          for (const [key, time] of Object.entries(batch)) served[key] = Math.max(served[key] ?? 0, time);
          await writeFileAtomically(buildsDir, SERVED_VERSIONS_FILE, JSON.stringify(served));
        }),
    },
    gate: {
      async readReport(app, version) {
        const text = await readText(at(path.join(reportDir(app, version), 'report.json'))).catch(() => null);
        return text === null ? null : (JSON.parse(text) as GateReport);
      },
      async writeReport(app, version, report, shots) {
        const dir = at(reportDir(app, version));
        // The last run's report is replaced, not added to.
        await fs.rm(dir, { recursive: true, force: true });
        await fs.mkdir(dir, { recursive: true });
        for (const [index, png] of shots) await fs.writeFile(path.join(dir, `${index}.png`), png);
        await fs.writeFile(path.join(dir, 'report.json'), `${JSON.stringify(report, null, 2)}\n`);
      },
      readShot: (app, version, index) =>
        fs.readFile(at(path.join(reportDir(app, version), `${index}.png`))).catch(() => null),
      async readFigures(app, version) {
        const text = await readText(at(figuresFile(app, version))).catch(() => null);
        return text === null ? null : (JSON.parse(text) as unknown);
      },
      writeFigures: (app, version, figures) =>
        writeFileAtomically(buildsDir, figuresFile(app, version), `${JSON.stringify(figures, null, 2)}\n`),
      async forget(app, version) {
        await fs.rm(at(reportDir(app, version)), { recursive: true, force: true });
        await fs.rm(at(figuresFile(app, version)), { force: true });
      },
      async list() {
        const names = (dir: string) => fs.readdir(at(dir)).catch((): string[] => []);
        const found = new Map<string, { app: string; version: string }>();
        const reports = path.join(GATE_FOLDER, 'report');
        const figures = path.join(GATE_FOLDER, 'main-thread');
        for (const app of await names(reports))
          for (const version of await names(path.join(reports, app)))
            if (
              await fs.access(at(path.join(reports, app, version, 'report.json'))).then(
                () => true,
                () => false,
              )
            )
              found.set(`${app}@${version}`, { app, version });
        for (const app of await names(figures))
          for (const file of await names(path.join(figures, app)))
            if (file.endsWith('.json')) {
              const version = file.slice(0, -'.json'.length);
              found.set(`${app}@${version}`, { app, version });
            }
        return [...found.values()].sort((a, b) => a.app.localeCompare(b.app) || a.version.localeCompare(b.version));
      },
    },
    withDeployLock: (fn) => withFileLock(at(DEPLOY_LOCK_FILE), { waitMs: lockWaitMs }, fn),
    changeMark,
    onChange(listener) {
      listeners.add(listener);
      if (!poller) {
        void look();
        poller = setInterval(() => void look().catch(() => undefined), options.pollMs ?? 1000);
        poller.unref();
      }
      return () => {
        listeners.delete(listener);
        if (!listeners.size && poller) {
          clearInterval(poller);
          poller = null;
          lastMark = null;
        }
      };
    },
    async close() {
      listeners.clear();
      if (poller) clearInterval(poller);
      poller = null;
    },
  };
}
