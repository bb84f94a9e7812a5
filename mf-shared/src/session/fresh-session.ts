import { ApiError } from '@steel/shared/remote-core';
import type { ShellContext } from '../contracts/shell-context';
import { createSessionRefresher } from './session-refresh';

/** What is left of an access token's life (ms) by its `exp` claim; null when it is no JWT with one. */
export function tokenLifetimeLeft(token: string, now: number = Date.now()): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const claims = JSON.parse(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='))) as { exp?: unknown };
    return typeof claims.exp === 'number' ? claims.exp * 1000 - now : null;
  } catch {
    return null;
  }
}

export interface FreshSessionOptions {
  /** How long the token must still live once this answers (ms). */
  forMs?: number;
  now?: () => number;
  /** The refresh request's fetch; defaults to the global one. */
  fetch?: typeof fetch;
}

/**
 * Before the session's cookie is handed to something that cannot refresh it — the app server's
 * headless Chromium prints a page with the buyer's `user_token`, which lives ten minutes — makes
 * sure the access token will outlive `forMs`: `fresh`, or `signed-out` when the session is over.
 * Throws when the CMS could not be asked (the session is kept).
 *
 * A remote reaches no refresher through its mount props, so: an expired (or unreadable) token is
 * sent to the CMS through the shell's own content client, whose 401 goes through the shell's one
 * refresh at a time; a token about to expire is still accepted (no 401 comes), so it is refreshed
 * here over the same session store and shared cookie.
 */
export async function ensureFreshSession(
  { session, api, config }: Pick<ShellContext, 'session' | 'api' | 'config'>,
  { forMs = 60_000, now = Date.now, fetch }: FreshSessionOptions = {},
): Promise<'fresh' | 'signed-out'> {
  session.reload();
  const token = session.getToken();
  if (!token) return 'signed-out';
  const left = tokenLifetimeLeft(token, now());
  if (left !== null && left >= forMs) return 'fresh';
  if (left === null || left <= 0) {
    try {
      await api.request('/users/me');
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return 'signed-out';
      throw error;
    }
    return session.getToken() ? 'fresh' : 'signed-out';
  }
  const refresh = createSessionRefresher({ cmsUrl: config.cmsUrl, session, ...(fetch ? { fetch } : {}) });
  return (await refresh(token)) ? 'fresh' : 'signed-out';
}
