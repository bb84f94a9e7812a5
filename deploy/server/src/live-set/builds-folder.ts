/**
 * The contract between the build scripts, the deploy tooling and the server:
 *
 *   BUILDS_DIR/<app>/<version>/…   immutable build folders (version = content hash)
 *   BUILDS_DIR/live.json           which version of each app is live, plus rollback history
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { RemoteName, REMOTE_NAMES } from '@steel/shared';

// Values mirror @steel/shared's REMOTE_NAMES; the type check below keeps them in step.
// (Only types are imported: the shared package's entry pulls browser code.)
export const REMOTES = ['catalogue', 'blog', 'panel'] as const satisfies typeof REMOTE_NAMES;
export const APPS = ['shell', ...REMOTES] as const;
export type AppName = 'shell' | RemoteName;

export function isApp(value: string): value is AppName {
  return (APPS as readonly string[]).includes(value);
}

/** The folder placeholder built files carry (the contract's, shared with @steel/build). */
export { publicPathPlaceholder } from '@steel/shared/contract';

/** A version is a folder name: no separators, no dot segments. */
export const VERSION_RE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

export const LIVE_FILE = 'live.json';
/** How many previous versions per app live.json remembers for rollback. */
export const HISTORY_LIMIT = 20;

export interface LiveFile {
  shell?: string;
  catalogue?: string;
  blog?: string;
  panel?: string;
  /** When the live set last changed (ms since epoch). */
  updatedAt: number;
  /** Previous versions per app, oldest first; `rollback` pops the last one. */
  history?: Partial<Record<AppName, string[]>>;
  /** When each app's live version became live (its failures are counted from then). */
  activatedAt?: Partial<Record<AppName, number>>;
  /** Versions served to a share of visitors instead of the live one (deploy canary). */
  canary?: Partial<Record<AppName, Canary>>;
}

export interface Canary {
  version: string;
  /** Share of visitors, 1–99. */
  percent: number;
  startedAt: number;
}

/** Files a build must contain to be servable. */
export const REQUIRED_FILES: Record<AppName, readonly string[][]> = {
  shell: [['index.html']],
  catalogue: [['mf-manifest.json', 'remoteEntry.js']],
  blog: [['mf-manifest.json', 'remoteEntry.js']],
  panel: [['mf-manifest.json', 'remoteEntry.js']],
};

export function livePath(buildsDir: string): string {
  return path.join(buildsDir, LIVE_FILE);
}

export function versionDir(buildsDir: string, app: AppName, version: string): string {
  if (!VERSION_RE.test(version)) throw new Error(`Invalid version "${version}"`);
  return path.join(buildsDir, app, version);
}

/** Validates live.json's shape; unknown keys are dropped, a bad one is an error. */
export function parseLive(text: string): LiveFile {
  const raw: unknown = JSON.parse(text);
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new Error('live.json is not an object');
  const obj = raw as Record<string, unknown>;
  const live: LiveFile = { updatedAt: typeof obj.updatedAt === 'number' ? obj.updatedAt : 0 };
  for (const app of APPS) {
    const v = obj[app];
    if (v === undefined || v === null) continue;
    if (typeof v !== 'string' || !VERSION_RE.test(v)) throw new Error(`live.json: invalid version for ${app}`);
    live[app] = v;
  }
  if (typeof obj.history === 'object' && obj.history !== null) {
    const history: Partial<Record<AppName, string[]>> = {};
    for (const app of APPS) {
      const list = (obj.history as Record<string, unknown>)[app];
      if (Array.isArray(list))
        history[app] = list.filter((v): v is string => typeof v === 'string' && VERSION_RE.test(v));
    }
    live.history = history;
  }
  if (typeof obj.activatedAt === 'object' && obj.activatedAt !== null) {
    const activatedAt: Partial<Record<AppName, number>> = {};
    for (const app of APPS) {
      const at = (obj.activatedAt as Record<string, unknown>)[app];
      if (typeof at === 'number') activatedAt[app] = at;
    }
    live.activatedAt = activatedAt;
  }
  if (typeof obj.canary === 'object' && obj.canary !== null) {
    const canary: Partial<Record<AppName, Canary>> = {};
    for (const app of APPS) {
      const entry = (obj.canary as Record<string, unknown>)[app] as Partial<Canary> | undefined;
      if (!entry || typeof entry.version !== 'string' || !VERSION_RE.test(entry.version)) continue;
      if (typeof entry.percent !== 'number' || !(entry.percent > 0 && entry.percent < 100)) continue;
      canary[app] = {
        version: entry.version,
        percent: entry.percent,
        startedAt: typeof entry.startedAt === 'number' ? entry.startedAt : 0,
      };
    }
    if (Object.keys(canary).length) live.canary = canary;
  }
  return live;
}

export async function readLive(buildsDir: string): Promise<LiveFile | null> {
  try {
    return parseLive(await fs.readFile(livePath(buildsDir), 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * Writes a file of the builds folder so that readers see the old or the new content, never half:
 * a temporary name (a dot first: never a version, never served), then a rename over the old file.
 */
export async function writeFileAtomically(buildsDir: string, name: string, text: string): Promise<void> {
  const tmp = path.join(buildsDir, `.${name}-${process.pid}-${randomBytes(4).toString('hex')}`);
  try {
    await fs.writeFile(tmp, text);
    await fs.rename(tmp, path.join(buildsDir, name));
  } catch (error) {
    await fs.rm(tmp, { force: true });
    throw error;
  }
}
