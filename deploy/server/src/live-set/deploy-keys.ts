/**
 * Deploy keys: one or more per app, each with a name (recorded in the release log as `by`). Only a
 * hash of each key is stored — in DEPLOY_KEYS_FILE (JSON, outside the builds folder, which the
 * server serves from) and/or DEPLOY_KEYS (the same JSON, for platforms that configure by
 * environment). `deploy keys add <app> <name>` prints a new key once and stores its hash.
 *
 * SHA-256, not a slow password hash: a key is 32 random bytes, so there is no dictionary to try,
 * and a slow hash would only cost every deploy call CPU time.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { type AppName, isAppName } from './builds-folder';

export interface DeployKeyRecord {
  name: string;
  /** The app the key deploys, or PLATFORM. */
  app: AppName;
  /** `sha256:<hex>` of the key. */
  hash: string;
  createdAt?: string;
}

export interface DeployKeySource {
  /** The keys file (may not exist: then it holds no keys). */
  keysFile: string;
  /** Keys configured in the environment (DEPLOY_KEYS). */
  keys: DeployKeyRecord[];
}

/**
 * The `app` of the platform team's keys: they register and remove apps (`deploy apps`) and deploy
 * none. The name is reserved, so no remote can take it.
 */
export const PLATFORM = 'platform';

export const KEY_NAME_RE = /^[A-Za-z0-9][A-Za-z0-9._@-]{0,63}$/;
const HASH_RE = /^sha256:[0-9a-f]{64}$/;
/** Keys start with this, so one pasted in the wrong place (a log, a chat) is recognisable. */
const KEY_PREFIX = 'steel_deploy_';

export class KeyFileError extends Error {
  override readonly name = 'KeyFileError';
}

export function hashKey(key: string): string {
  return `sha256:${createHash('sha256').update(key).digest('hex')}`;
}

/** Validates a JSON list of key records (the file's or DEPLOY_KEYS's); `where` names it in errors. */
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

export async function readKeyFile(keysFile: string): Promise<DeployKeyRecord[]> {
  let text: string;
  try {
    text = await fs.readFile(keysFile, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return parseKeyRecords(text, keysFile);
}

/** Every configured key; read on each call, so a key added or removed counts without a restart. */
export async function configuredKeys(source: DeployKeySource): Promise<DeployKeyRecord[]> {
  return [...source.keys, ...(await readKeyFile(source.keysFile))];
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

async function writeKeyFile(keysFile: string, keys: DeployKeyRecord[]): Promise<void> {
  await fs.mkdir(path.dirname(keysFile), { recursive: true });
  const tmp = `${keysFile}.${process.pid}.tmp`;
  // Hashes only, yet nobody else needs to read them.
  await fs.writeFile(tmp, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
  await fs.rename(tmp, keysFile);
}

/** Creates a key for `app` named `name`; returns the key itself, which is never stored. */
export async function addKey(keysFile: string, app: AppName, name: string): Promise<string> {
  if (!KEY_NAME_RE.test(name))
    throw new KeyFileError(`A key name is letters, digits and . _ @ - (up to 64), got "${name}"`);
  const keys = await readKeyFile(keysFile);
  if (keys.some((record) => record.name === name))
    throw new KeyFileError(`A key named "${name}" already exists in ${keysFile}`);
  const key = `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  await writeKeyFile(keysFile, [...keys, { name, app, hash: hashKey(key), createdAt: new Date().toISOString() }]);
  return key;
}

export async function removeKey(keysFile: string, name: string): Promise<boolean> {
  return (await removeKeysWhere(keysFile, (record) => record.name === name)).length > 0;
}

/**
 * Revokes every key of `app` in the file (the app is being removed: a key never outlives its app,
 * or registering the name again would bring it back). Returns the records removed.
 */
export function removeKeysOfApp(keysFile: string, app: AppName): Promise<DeployKeyRecord[]> {
  return removeKeysWhere(keysFile, (record) => record.app === app);
}

async function removeKeysWhere(
  keysFile: string,
  revoked: (record: DeployKeyRecord) => boolean,
): Promise<DeployKeyRecord[]> {
  const keys = await readKeyFile(keysFile);
  const removed = keys.filter(revoked);
  if (removed.length)
    await writeKeyFile(
      keysFile,
      keys.filter((record) => !revoked(record)),
    );
  return removed;
}
