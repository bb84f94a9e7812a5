/**
 * Overrides: a team member tries a published version of their app in production before anyone
 * else sees it. The deploy API issues one to the holder of the app's key, for a version that
 * passed the gate; it is a cookie (`steel_override_<app>`) whose value is signed with that key's
 * stored hash and expires within hours. The app server then serves that version to the browser
 * carrying it — server render, registry, live-set stamp — and to nobody else.
 *
 * Signed with the key record rather than a secret of its own: every app server that accepts the
 * key can check the cookie (no new setting to share), and removing the key ends its overrides.
 * Forging one would in any case only show the forger a version whose files are public already.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { type DeployKeyRecord, KEY_NAME_RE } from './deploy-keys';
import { type AppName, isAppName, VERSION_RE } from './builds-folder';
import { cookieNames, readCookie } from './cookies';

export const OVERRIDE_COOKIE_PREFIX = 'steel_override_';
export const OVERRIDE_DEFAULT_MINUTES = 60;
export const OVERRIDE_MAX_MINUTES = 8 * 60;
/** Where a browser takes an issued override (GET, `?app=&token=`): it sets the cookie and goes home. */
export const OVERRIDE_APPLY_PATH = '/_/override/apply';
/** Where the strip's button sends the browser to drop every override (POST). */
export const OVERRIDE_CLEAR_PATH = '/_/override/clear';

export interface Override {
  app: AppName;
  version: string;
  /** Epoch milliseconds. */
  expiresAt: number;
  /** The deploy key that issued it (recorded in the release log). */
  keyName: string;
}

/** An HMAC-SHA256 in base64url. */
const SIGNATURE_RE = /^[A-Za-z0-9_-]{43}$/;
/** `~` appears in neither a version id nor a key name, and needs no escaping in a cookie. */
const SEPARATOR = '~';

function signature(keyHash: string, app: AppName, version: string, expiresSec: number, keyName: string): Buffer {
  return createHmac('sha256', keyHash).update([app, version, expiresSec, keyName].join('\n')).digest();
}

export const overrideCookieName = (app: AppName) => `${OVERRIDE_COOKIE_PREFIX}${app}`;

/** The cookie value (also the token of the apply link) for `version` of the key's app. */
export function signOverride(key: DeployKeyRecord, version: string, expiresAt: number): string {
  const expiresSec = Math.floor(expiresAt / 1000);
  return [
    version,
    expiresSec,
    key.name,
    signature(key.hash, key.app, version, expiresSec, key.name).toString('base64url'),
  ].join(SEPARATOR);
}

/** The override a cookie value carries, or null when it is malformed, expired or not signed by a current key of `app`. */
export function verifyOverride(
  app: AppName,
  value: string,
  keys: readonly DeployKeyRecord[],
  now = Date.now(),
): Override | null {
  const [version, expires, keyName, sig, ...extra] = value.split(SEPARATOR);
  // Every part checked for its exact form: the value is written back into a Set-Cookie header.
  if (
    !version ||
    !expires ||
    !keyName ||
    !sig ||
    extra.length ||
    !VERSION_RE.test(version) ||
    !/^\d{1,12}$/.test(expires) ||
    !KEY_NAME_RE.test(keyName) ||
    !SIGNATURE_RE.test(sig)
  )
    return null;
  const expiresAt = Number(expires) * 1000;
  if (expiresAt <= now) return null;
  const key = keys.find((record) => record.app === app && record.name === keyName);
  if (!key) return null;
  const expected = signature(key.hash, app, version, Number(expires), keyName);
  const given = Buffer.from(sig, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { app, version, expiresAt, keyName };
}

/** Each app's override cookie value present in a Cookie header (unverified), whatever the app. */
export function overrideCookies(header: string | undefined): Record<AppName, string> {
  const found: Record<AppName, string> = {};
  for (const name of cookieNames(header)) {
    const app = name.slice(OVERRIDE_COOKIE_PREFIX.length);
    if (!name.startsWith(OVERRIDE_COOKIE_PREFIX) || !isAppName(app)) continue;
    const value = readCookie(header, name);
    if (value) found[app] = value;
  }
  return found;
}
