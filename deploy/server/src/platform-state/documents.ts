/**
 * The live set, the app registry and the deploy keys as text: one form for both stores (the
 * folder's `live.json`, `apps.json` and keys file, the database's documents), so moving between
 * them loses nothing. Reading checks the shape: a name that cannot be an app's is dropped from the
 * live set, a bad version, app or key record is an error.
 */
import { PLATFORM_NAMES, REMOTE_NAME_RE } from '@steel/contract';
import seed from '../../../../data/platform/apps.json';
import type { AppName, Canary, DeployKeyRecord, LiveState, RegisteredApp } from './platform-state';

export const SHELL = 'shell';

/** A version is a folder name: no separators, no dot segments. */
export const VERSION_RE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** How many previous versions per app the rollback stack keeps. */
export const ROLLBACK_STACK_LIMIT = 20;

/**
 * Whether `value` can name an app: the shell, or a name a remote may have (registered or not). A
 * name only reserved for new apps (`RESERVED_REMOTE_NAMES`) still names one registered before.
 */
export function isAppName(value: string): boolean {
  return value === SHELL || (REMOTE_NAME_RE.test(value) && !PLATFORM_NAMES.includes(value));
}

/** The shell first, then the remotes by name: a stable order keeps the text readable and diffs small. */
export function appOrder(a: AppName, b: AppName): number {
  return Number(b === SHELL) - Number(a === SHELL) || a.localeCompare(b);
}

/** An empty live set: nothing was ever activated. */
export function emptyLive(): LiveState {
  return { versions: {}, updatedAt: 0 };
}

/** The fields of the live set's text that are not apps' versions (`history`: the rollback stack's former name). */
const LIVE_FIELDS = new Set(['updatedAt', 'rollbackStack', 'history', 'activatedAt', 'canary']);

/**
 * The live set's text keeps each app's version as a top-level key named after the app
 * (`{ "shell": "…", "<remote>": "…", "updatedAt": … }`); in memory they are gathered in `versions`.
 */
export function serializeLive(live: LiveState): string {
  const apps = Object.keys(live.versions).sort(appOrder);
  const versions = Object.fromEntries(apps.flatMap((app) => (live.versions[app] ? [[app, live.versions[app]]] : [])));
  const canary = live.canary && Object.keys(live.canary).length ? { canary: live.canary } : {};
  const out = {
    ...versions,
    updatedAt: live.updatedAt,
    rollbackStack: live.rollbackStack ?? {},
    activatedAt: live.activatedAt ?? {},
    ...canary,
  };
  return `${JSON.stringify(out, null, 2)}\n`;
}

export function parseLive(text: string): LiveState {
  const raw: unknown = JSON.parse(text);
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new Error('the live set is not an object');
  const obj = raw as Record<string, unknown>;
  const live: LiveState = { versions: {}, updatedAt: typeof obj.updatedAt === 'number' ? obj.updatedAt : 0 };
  for (const [app, v] of Object.entries(obj)) {
    if (LIVE_FIELDS.has(app) || !isAppName(app) || v === undefined || v === null) continue;
    if (typeof v !== 'string' || !VERSION_RE.test(v)) throw new Error(`the live set: invalid version for ${app}`);
    live.versions[app] = v;
  }
  const perApp = (field: string) =>
    typeof obj[field] === 'object' && obj[field] !== null
      ? Object.entries(obj[field] as Record<string, unknown>).filter(([app]) => isAppName(app))
      : null;
  // A live set written before the rollback stack had its name calls it `history`.
  const stack = perApp('rollbackStack') ?? perApp('history');
  if (stack) {
    live.rollbackStack = Object.fromEntries(
      stack.flatMap(([app, list]) =>
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

export class AppRegistryError extends Error {
  override readonly name = 'AppRegistryError';
}

/** Why `name` cannot be the name of an app registered before (the platform's own names). */
export function storedNameProblem(name: string): string | null {
  if (!REMOTE_NAME_RE.test(name))
    return `An app's name is a lower-case letter, then lower-case letters, digits or - (2 to 31 characters), got "${name}"`;
  return isAppName(name) && name !== SHELL ? null : `"${name}" is reserved by the platform`;
}

export function serializeApps(apps: readonly RegisteredApp[]): string {
  return `${JSON.stringify(apps, null, 2)}\n`;
}

/** A registry's text as its apps: every app's name and paths checked, `where` naming the source in a refusal. */
export function parseApps(text: string, where: string): RegisteredApp[] {
  const raw: unknown = JSON.parse(text);
  if (!Array.isArray(raw)) throw new AppRegistryError(`${where} must be a JSON list of apps`);
  return raw.map((item: unknown, i) => {
    const { name, paths, owner, addedAt, addedBy } = (item ?? {}) as Record<string, unknown>;
    const problem =
      typeof name !== 'string'
        ? 'no name'
        : (storedNameProblem(name) ??
          (!Array.isArray(paths) || !paths.every((p): p is string => typeof p === 'string')
            ? 'paths must be a list of path patterns'
            : null));
    if (problem) throw new AppRegistryError(`${where}[${i}]: ${problem}`);
    return {
      name: name as string,
      paths: paths as string[],
      ...(typeof owner === 'string' ? { owner } : {}),
      addedAt: typeof addedAt === 'string' ? addedAt : '',
      addedBy: typeof addedBy === 'string' ? addedBy : '',
    };
  });
}

/** The apps of this repository's start, for a state nobody has registered apps in yet. */
export function seededApps(): RegisteredApp[] {
  return parseApps(JSON.stringify(seed), 'data/platform/apps.json');
}

/** A release-log line as text (one JSON line, the time first). */
export function releaseLogLine(entry: object & { at: string }): string {
  const { at, ...rest } = entry;
  return JSON.stringify({ at, ...rest });
}

/**
 * The `app` of the platform team's keys: they register and remove apps (`deploy apps`) and deploy
 * none. The name is reserved, so no remote can take it.
 */
export const PLATFORM = 'platform';

export const KEY_NAME_RE = /^[A-Za-z0-9][A-Za-z0-9._@-]{0,63}$/;
const HASH_RE = /^sha256:[0-9a-f]{64}$/;

export class KeyFileError extends Error {
  override readonly name = 'KeyFileError';
}

/** Validates a JSON list of key records (the keys file's or DEPLOY_KEYS's); `where` names it in errors. */
export function parseKeyRecords(text: string, where: string): DeployKeyRecord[] {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new KeyFileError(`${where} is not JSON`);
  }
  if (!Array.isArray(raw)) throw new KeyFileError(`${where} must be a JSON list of { name, app, hash }`);
  return raw.map((item: unknown, i) => {
    const { name, app, hash, createdAt } = (item ?? {}) as Record<string, unknown>;
    if (typeof name !== 'string' || !KEY_NAME_RE.test(name)) throw new KeyFileError(`${where}[${i}]: invalid name`);
    if (typeof app !== 'string' || !(isAppName(app) || app === PLATFORM))
      throw new KeyFileError(`${where}[${i}]: unknown app "${String(app)}"`);
    if (typeof hash !== 'string' || !HASH_RE.test(hash))
      throw new KeyFileError(`${where}[${i}]: hash must be sha256:<64 hex>`);
    return { name, app, hash, ...(typeof createdAt === 'string' ? { createdAt } : {}) };
  });
}

export function serializeKeyRecords(keys: readonly DeployKeyRecord[]): string {
  return `${JSON.stringify(keys, null, 2)}\n`;
}
