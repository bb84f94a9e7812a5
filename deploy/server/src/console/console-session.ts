/**
 * The deploy console's session: a deploy key, presented once on the sign-in form, exchanged for a
 * cookie that names the key and its expiry, signed with the key record's stored hash (as override
 * cookies are, live-set/override-cookies.ts). The key itself never reaches the browser again.
 *
 * Signed rather than kept in a server-side table: every app server that accepts the key accepts
 * its session (no state to share between them), and removing the key ends its sessions at once.
 * httpOnly, SameSite=Strict and scoped to the console's path: no page script reads it and no other
 * site's page can make the browser send it.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { type DeployKeyRecord, KEY_NAME_RE } from '../live-set/deploy-keys';
import { readCookie } from '../live-set/cookies';

export const CONSOLE_PATH = '/_/console';
export const CONSOLE_COOKIE = 'steel_console';
const SEPARATOR = '~';
const SIGNATURE_RE = /^[A-Za-z0-9_-]{43}$/;
const NONCE_RE = /^[A-Za-z0-9_-]{16}$/;

export interface ConsoleSession {
  key: DeployKeyRecord;
  /** Epoch milliseconds. */
  expiresAt: number;
}

function signature(key: DeployKeyRecord, expiresSec: number, nonce: string): string {
  return createHmac('sha256', key.hash)
    .update(['console', key.name, key.app, expiresSec, nonce].join('\n'))
    .digest('base64url');
}

/** The cookie value of a new session of `key`, valid for `seconds`. */
export function signSession(key: DeployKeyRecord, seconds: number, now = Date.now()): string {
  const expiresSec = Math.floor(now / 1000) + seconds;
  const nonce = randomBytes(12).toString('base64url');
  return [key.name, expiresSec, nonce, signature(key, expiresSec, nonce)].join(SEPARATOR);
}

/** The session a cookie value carries, or null: malformed, expired, or not signed by a current key. */
export function verifySession(
  value: string | null,
  keys: readonly DeployKeyRecord[],
  now = Date.now(),
): ConsoleSession | null {
  if (!value) return null;
  const [name, expires, nonce, sig, ...extra] = value.split(SEPARATOR);
  if (
    !name ||
    !expires ||
    !nonce ||
    !sig ||
    extra.length ||
    !KEY_NAME_RE.test(name) ||
    !/^\d{1,12}$/.test(expires) ||
    !NONCE_RE.test(nonce) ||
    !SIGNATURE_RE.test(sig)
  )
    return null;
  const expiresAt = Number(expires) * 1000;
  if (expiresAt <= now) return null;
  const key = keys.find((record) => record.name === name);
  if (!key) return null;
  const expected = Buffer.from(signature(key, Number(expires), nonce));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given) ? { key, expiresAt } : null;
}

/** The session cookie of a request, unverified. */
export const sessionCookieOf = (cookieHeader: string | undefined) => readCookie(cookieHeader, CONSOLE_COOKIE);

/**
 * The Set-Cookie header that starts a session (`maxAge` null: until the browser closes — the
 * signed expiry inside ends it sooner, and the server can then say it expired), or, with an empty
 * value and 0, ends it.
 */
export function sessionCookie(value: string, maxAge: number | null, secure: boolean): string {
  return [
    `${CONSOLE_COOKIE}=${value}`,
    `Path=${CONSOLE_PATH}`,
    ...(maxAge === null ? [] : [`Max-Age=${maxAge}`]),
    'HttpOnly',
    'SameSite=Strict',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}
