import { createBus } from '../bus/create-bus';
import { defaultRuntimeConfig } from '@steel/contract/runtime-config';
import { createContentClient } from '../api/content-client';
import { createMemoryCookies, createMemoryStorage, jsonResponse, rejectionOf, requestUrl } from '../testing';
import { ensureFreshSession, tokenLifetimeLeft } from './fresh-session';
import { createSessionRefresher, RefreshUnavailableError } from './session-refresh';
import { createSessionStore } from './session-store';

const NOW = Date.parse('2026-11-27T08:00:00Z');
const MINUTE = 60_000;
const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** An access token as the CMS signs it, living until `expiresAt`. */
const accessToken = (expiresAt: number, id = 'a') =>
  `${base64url({ alg: 'HS256' })}.${base64url({ id: 3, sid: id, exp: Math.floor(expiresAt / 1000) })}.sig`;

/**
 * The page as the shell arranges it (session store over the shared cookie, its refresher behind the
 * content client's 401), over a CMS that refuses an expired token and refreshes through the cookie.
 */
function page(token: string | null, cms: { refresh?: 'ok' | 'over' | 'down' } = {}) {
  const config = defaultRuntimeConfig;
  const cookies = createMemoryCookies(token ? { [config.cookie.tokenName]: token } : {});
  const session = createSessionStore({ config, bus: createBus(), cookies, storage: createMemoryStorage() });
  const asked: string[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const path = new URL(requestUrl(input)).pathname.replace(/^\/api/, '');
    asked.push(path);
    if (path === '/auth/refresh') {
      if (cms.refresh === 'down') throw new TypeError('Failed to fetch');
      if (cms.refresh === 'over') return jsonResponse({}, { status: 401 });
      return jsonResponse({ jwt: accessToken(NOW + 10 * MINUTE, 'fresh') });
    }
    const bearer = new Headers(init?.headers).get('Authorization')?.replace('Bearer ', '') ?? '';
    const left = tokenLifetimeLeft(bearer, NOW);
    if (left === null || left <= 0)
      return jsonResponse({ error: { status: 401, message: 'expired' } }, { status: 401 });
    return jsonResponse({ id: 3, username: 'demo' });
  };
  const refreshToken = createSessionRefresher({ cmsUrl: config.cmsUrl, session, fetch });
  const api = createContentClient({ baseUrl: config.cmsUrl, getToken: () => session.getToken(), refreshToken, fetch });
  const ensure = () => ensureFreshSession({ session, api, config }, { now: () => NOW, fetch });
  return { session, asked, ensure };
}

describe('a fresh session before the cookie goes to the print', () => {
  it('reads what is left of a token, and nothing from one that is no JWT', () => {
    expect(tokenLifetimeLeft(accessToken(NOW + 5 * MINUTE), NOW)).toBe(5 * MINUTE);
    expect(tokenLifetimeLeft('test-token', NOW)).toBeNull();
    expect(tokenLifetimeLeft('a.%%%.c', NOW)).toBeNull();
  });

  it('leaves a token with minutes to live alone', async () => {
    const { ensure, asked } = page(accessToken(NOW + 5 * MINUTE));
    await expect(ensure()).resolves.toBe('fresh');
    expect(asked).toEqual([]);
  });

  it("gets an expired token renewed through the shell's client: its 401, one refresh, the retry", async () => {
    const { ensure, asked, session } = page(accessToken(NOW - MINUTE));
    await expect(ensure()).resolves.toBe('fresh');
    expect(asked).toEqual(['/users/me', '/auth/refresh', '/users/me']);
    expect(tokenLifetimeLeft(session.getToken()!, NOW)).toBe(10 * MINUTE);
  });

  it('renews a token that the CMS still accepts but that would expire during the print', async () => {
    const { ensure, asked, session } = page(accessToken(NOW + 20_000));
    await expect(ensure()).resolves.toBe('fresh');
    expect(asked).toEqual(['/auth/refresh']);
    expect(tokenLifetimeLeft(session.getToken()!, NOW)).toBe(10 * MINUTE);
  });

  it('says signed-out when there is no token or the session is over, and throws when the CMS is down', async () => {
    await expect(page(null).ensure()).resolves.toBe('signed-out');
    await expect(page(accessToken(NOW - MINUTE), { refresh: 'over' }).ensure()).resolves.toBe('signed-out');
    await expect(page(accessToken(NOW + 20_000), { refresh: 'over' }).ensure()).resolves.toBe('signed-out');
    expect(await rejectionOf(page(accessToken(NOW + 20_000), { refresh: 'down' }).ensure())).toBeInstanceOf(
      RefreshUnavailableError,
    );
  });
});
