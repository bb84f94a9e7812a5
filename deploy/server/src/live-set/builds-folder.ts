/**
 * The contract between the build scripts, the deploy tooling and the server:
 *
 *   BUILDS_DIR/<app>/<version>/…   immutable build folders (version = content hash)
 *   BUILDS_DIR/live.json           which version of each app is live, plus each app's rollback stack
 *   BUILDS_DIR/apps.json           the registered remotes and the paths they may claim (app-registry.ts)
 *   BUILDS_DIR/.jobs/<id>.json     the deploy jobs, running and recently ended (release/jobs/job-store.ts)
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { FEDERATION_MANIFEST_FILE } from '@steel/contract';
import { isAppName, SHELL, VERSION_RE } from '../platform-state/documents';

/** The shell, or a remote by its registered name (`live-set/app-registry.ts` holds the list). */
export type AppName = string;
/** The shell's name, whether a name can be an app's, what a version may be: one rule for every store. */
export { isAppName, SHELL, VERSION_RE } from '../platform-state/documents';

/** The folder placeholder built files carry (the contract's, shared with @steel/build). */
export { publicPathPlaceholder } from '@steel/contract';

export const LIVE_FILE = 'live.json';
/** The deploy jobs' records: work in flux, never served, never backed up (a restored site starts with none). */
export const JOB_RECORDS_FOLDER = '.jobs';
/** How many previous versions per app live.json remembers for rollback (its rollback stack). */
export const ROLLBACK_STACK_LIMIT = 20;

/**
 * live.json as read. The file keeps each app's version as a top-level key named after the app
 * (`{ "shell": "…", "<remote>": "…", "updatedAt": … }`); in memory they are gathered in `versions`.
 */
export interface LiveFile {
  /** The version live for everyone, per app. */
  versions: Record<AppName, string>;
  /** When the live set last changed (ms since epoch). */
  updatedAt: number;
  /** The rollback stack: previous versions per app, oldest first; `rollback` pops the last one. */
  rollbackStack?: Record<AppName, string[]>;
  /** When each app's live version became live (its failures are counted from then). */
  activatedAt?: Record<AppName, number>;
  /** Versions served to a share of visitors instead of the live one (deploy canary). */
  canary?: Record<AppName, Canary>;
}

export interface Canary {
  version: string;
  /** Share of visitors, 1–99. */
  percent: number;
  startedAt: number;
}

/** Files a build must contain to be servable (alternatives per entry): a shell's page, a remote's entry. */
export function requiredFiles(app: AppName): readonly string[][] {
  return app === SHELL ? [['index.html']] : [[FEDERATION_MANIFEST_FILE, 'remoteEntry.js']];
}

/**
 * live.json's name for the rollback stack before it had one of its own. Still read: a builds folder
 * written before, or by an older app server beside a newer one while a site is upgraded, has only it.
 */
const FORMER_ROLLBACK_STACK_FIELD = 'history';

/** The fields of live.json that are not apps' versions. */
const LIVE_FIELDS = new Set(['updatedAt', 'rollbackStack', FORMER_ROLLBACK_STACK_FIELD, 'activatedAt', 'canary']);

/** An empty live set: nothing was ever activated. */
export function emptyLive(): LiveFile {
  return { versions: {}, updatedAt: 0 };
}

export function livePath(buildsDir: string): string {
  return path.join(buildsDir, LIVE_FILE);
}

export function versionDir(buildsDir: string, app: AppName, version: string): string {
  if (!VERSION_RE.test(version)) throw new Error(`Invalid version "${version}"`);
  return path.join(buildsDir, app, version);
}

/** Validates live.json's shape; keys that cannot name an app are dropped, a bad version is an error. */
export function parseLive(text: string): LiveFile {
  const raw: unknown = JSON.parse(text);
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new Error('live.json is not an object');
  const obj = raw as Record<string, unknown>;
  const live: LiveFile = { versions: {}, updatedAt: typeof obj.updatedAt === 'number' ? obj.updatedAt : 0 };
  for (const [app, v] of Object.entries(obj)) {
    if (LIVE_FIELDS.has(app) || !isAppName(app) || v === undefined || v === null) continue;
    if (typeof v !== 'string' || !VERSION_RE.test(v)) throw new Error(`live.json: invalid version for ${app}`);
    live.versions[app] = v;
  }
  const perApp = (field: string) =>
    typeof obj[field] === 'object' && obj[field] !== null
      ? Object.entries(obj[field] as Record<string, unknown>).filter(([app]) => isAppName(app))
      : null;
  const rollbackStack = perApp('rollbackStack') ?? perApp(FORMER_ROLLBACK_STACK_FIELD);
  if (rollbackStack) {
    live.rollbackStack = Object.fromEntries(
      rollbackStack.flatMap(([app, list]) =>
        Array.isArray(list)
          ? [[app, list.filter((v): v is string => typeof v === 'string' && VERSION_RE.test(v))]]
          : [],
      ),
    );
  }
  const activatedAt = perApp('activatedAt');
  if (activatedAt)
    live.activatedAt = Object.fromEntries(
      activatedAt.filter((entry): entry is [string, number] => typeof entry[1] === 'number'),
    );
  const canaries = perApp('canary');
  if (canaries) {
    const canary: Record<AppName, Canary> = {};
    for (const [app, value] of canaries) {
      const entry = value as Partial<Canary> | undefined;
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

/** The version `rollback` would put back for `app`: the top of its rollback stack. */
export function previousVersion(live: LiveFile | null | undefined, app: AppName): string | null {
  return live?.rollbackStack?.[app]?.at(-1) ?? null;
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
export { writeFileAtomically } from '../platform-state/folder-state';
