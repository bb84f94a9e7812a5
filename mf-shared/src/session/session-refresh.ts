import { defaultStorage, type SessionStore, type SessionStorageLike } from './session-store';

/**
 * Where the parts of a session live (docs/behaviour.md, "Session cookies"), and why:
 * - the **refresh token** (30 days) never reaches a script: the CMS keeps the session server-side
 *   and sets the token as its own httpOnly cookie `user_refresh` (path /api/auth), sent with
 *   `credentials: 'include'` to sign-in, refresh and logout only. No proxy through the app server:
 *   the CMS's own session support stays the one piece of code for it. The site and the CMS are
 *   one site (same registrable domain), so the SameSite=Lax cookie goes with these requests;
 * - the **access token** (10 minutes) stays in the readable `user_token` cookie, as on the old
 *   site, so every tab and the app server's `/api/auth` can use it. A stolen one is worth minutes,
 *   and nothing once its session is signed out;
 * - `user_data` is only a display cache, confirmed against the CMS on each page load.
 */

/** The browser's id for its sessions (localStorage): sign-out revokes every rotation of this device's session. */
export const DEVICE_ID_STORAGE_KEY = 'session-device';

function randomId(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** This browser's device id, made on first use; undefined when storage is unavailable (the CMS then revokes the current session only). */
export function sessionDeviceId(storage: SessionStorageLike | null = defaultStorage()): string | undefined {
  if (!storage) return undefined;
  try {
    let id = storage.getItem(DEVICE_ID_STORAGE_KEY);
    if (!id) {
      id = randomId();
      storage.setItem(DEVICE_ID_STORAGE_KEY, id);
    }
    return id;
  } catch {
    return undefined;
  }
}

export interface SessionRefresherOptions {
  /** The CMS base URL, including `/api`. */
  cmsUrl: string;
  session: SessionStore;
  fetch?: typeof fetch;
}

/** Thrown when the CMS could not be asked (down, network): not a sign-out. */
export class RefreshUnavailableError extends Error {
  override name = 'RefreshUnavailableError';
}

/**
 * `POST /auth/refresh` with the httpOnly cookie: stores and returns a fresh access token, or `null`
 * when the session is over (no cookie, revoked, expired). One request at a time per page; when
 * another tab has refreshed meanwhile, its token (in the shared cookie) is taken instead.
 */
export function createSessionRefresher({
  cmsUrl,
  session,
  fetch: doFetch = (input, init) => globalThis.fetch(input, init),
}: SessionRefresherOptions) {
  let inFlight: Promise<string | null> | null = null;

  async function ask(): Promise<string | null> {
    let response: Response;
    try {
      response = await doFetch(`${cmsUrl.replace(/\/+$/, '')}/auth/refresh`, {
        method: 'POST',
        credentials: 'include',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
        body: '{}',
        // The CMS rotates the refresh cookie on every refresh and refuses the old one. A customer
        // who navigates while the answer is on its way must still get the new cookie, or the next
        // page finds the session over: keepalive lets the request finish after the page goes.
        keepalive: true,
      });
    } catch (error) {
      throw new RefreshUnavailableError('The CMS could not be reached to refresh the session', { cause: error });
    }
    // 400 = no refresh cookie, 401 = revoked or expired: the session is over.
    if (response.status === 400 || response.status === 401) return null;
    if (!response.ok) throw new RefreshUnavailableError(`Session refresh answered ${response.status}`);
    const body = (await response.json().catch(() => null)) as { jwt?: unknown } | null;
    if (typeof body?.jwt !== 'string') throw new RefreshUnavailableError('Session refresh answered no token');
    session.setToken(body.jwt);
    return body.jwt;
  }

  /** `failedToken`: the token the CMS just refused (null when there was none). */
  return function refresh(failedToken: string | null): Promise<string | null> {
    session.reload();
    const current = session.getToken();
    if (current && current !== failedToken) return Promise.resolve(current);
    inFlight ??= ask().finally(() => {
      inFlight = null;
    });
    return inFlight;
  };
}

export type SessionRefresher = ReturnType<typeof createSessionRefresher>;
