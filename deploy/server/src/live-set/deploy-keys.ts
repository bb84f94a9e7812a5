/**
 * Deploy keys: one or more per app, each with a name (recorded in the release log as `by`). Only a
 * hash of each key is kept — in the platform state's keys (platform-state/, `keysOfFolder`: the
 * folder state's file DEPLOY_KEYS_FILE, JSON outside the builds folder, which the server serves
 * from; or PostgreSQL, shared by every app server) — and/or given in DEPLOY_KEYS (the same JSON,
 * for platforms that configure by environment: read-only, added to what the state holds).
 * `deploy keys add <app> <name>` prints a new key once and keeps its hash.
 *
 * SHA-256, not a slow password hash: a key is 32 random bytes, so there is no dictionary to try,
 * and a slow hash would only cost every deploy call CPU time.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { KEY_NAME_RE, KeyFileError } from '../platform-state/documents';
import type { DeployKeyRecord, KeyRecords } from '../platform-state/platform-state';
import { keysOfFolder } from '../platform-state/state-of-folder';
import type { AppName } from './builds-folder';

export { KEY_NAME_RE, KeyFileError, parseKeyRecords, PLATFORM } from '../platform-state/documents';
export type { DeployKeyRecord } from '../platform-state/platform-state';

/** Where a site's keys are kept: the platform state of its builds folder (and its keys file). */
export interface KeyPlace {
  /** The builds folder whose platform state keeps the keys (state-of-folder.ts). */
  buildsDir: string;
  /** The folder state's keys file (DEPLOY_KEYS_FILE); a shared state keeps its keys itself. */
  keysFile: string;
}

export interface DeployKeySource extends KeyPlace {
  /** Keys configured in the environment (DEPLOY_KEYS): read-only, beside the state's. */
  keys: DeployKeyRecord[];
}

/** Keys start with this, so one pasted in the wrong place (a log, a chat) is recognisable. */
const KEY_PREFIX = 'steel_deploy_';

export function hashKey(key: string): string {
  return `sha256:${createHash('sha256').update(key).digest('hex')}`;
}

function keyRecords(place: KeyPlace): KeyRecords {
  return keysOfFolder(place.buildsDir, place.keysFile);
}

/** The keys the platform state holds (not DEPLOY_KEYS's): what `keys add` and `keys remove` change. */
export function storedKeys(place: KeyPlace): Promise<DeployKeyRecord[]> {
  return keyRecords(place).read();
}

/** Every configured key; read on each call, so a key added or removed counts without a restart. */
export async function configuredKeys(source: DeployKeySource): Promise<DeployKeyRecord[]> {
  return [...source.keys, ...(await storedKeys(source))];
}

/** The record whose hash is the presented key's, compared in constant time against every key. */
export function findKey(keys: DeployKeyRecord[], presented: string): DeployKeyRecord | null {
  const given = Buffer.from(hashKey(presented));
  let found: DeployKeyRecord | null = null;
  for (const record of keys) {
    const expected = Buffer.from(record.hash);
    // No early exit: the time taken does not tell which key (or how much of one) matched.
    if (expected.length === given.length && timingSafeEqual(expected, given) && !found) found = record;
  }
  return found;
}

/** Creates a key for `app` named `name`; returns the key itself, which is never stored. */
export async function addKey(place: KeyPlace, app: AppName, name: string): Promise<string> {
  if (!KEY_NAME_RE.test(name))
    throw new KeyFileError(`A key name is letters, digits and . _ @ - (up to 64), got "${name}"`);
  const key = `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  if (!(await keyRecords(place).add({ name, app, hash: hashKey(key), createdAt: new Date().toISOString() })))
    throw new KeyFileError(`A key named "${name}" already exists`);
  return key;
}

export function removeKey(place: KeyPlace, name: string): Promise<boolean> {
  return keyRecords(place).remove(name);
}

/**
 * Revokes every key of `app` in the platform state (the app is being removed: a key never outlives
 * its app, or registering the name again would bring it back). Returns the records removed.
 */
export async function removeKeysOfApp(place: KeyPlace, app: AppName): Promise<DeployKeyRecord[]> {
  const records = keyRecords(place);
  const removed: DeployKeyRecord[] = [];
  for (const record of await records.read())
    if (record.app === app && (await records.remove(record.name))) removed.push(record);
  return removed;
}
