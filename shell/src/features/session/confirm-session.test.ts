import { defaultRuntimeConfig, type User } from '@steel/contract';
import {
  createAppFetch,
  createAuth,
  createBus,
  createContentClient,
  createSessionRefresher,
  createSessionStore,
} from '@steel/shared';
import { createMemoryCookies, createMemoryStorage, jsonResponse, requestUrl } from '@steel/shared/testing';
import { confirmSession } from './confirm-session';

const demo: User = { id: 1, username: 'demo', email: 'demo@example.com', role: { id: 1, name: 'Authenticated' } };
const forged: User = { ...demo, username: 'admin', email: 'admin@example.com' };

/** The shell's wiring, with a CMS and app server answering by path. */
function setup(cookieValues: Record<string, string>, answers: Record<string, () => Response>) {
  const cookies = createMemoryCookies(cookieValues);
  const session = createSessionStore({
    config: defaultRuntimeConfig,
    bus: createBus(),
    cookies,
    storage: createMemoryStorage(),
  });
  const paths: string[] = [];
  const fetch = jest.fn(async (input: RequestInfo | URL) => {
    const path = new URL(requestUrl(input), 'http://site.test').pathname;
    paths.push(path);
    return answers[path]?.() ?? jsonResponse({}, { status: 404 });
  }) as unknown as typeof globalThis.fetch;
  const refresh = createSessionRefresher({ cmsUrl: 'http://cms.test/api', session, fetch });
  const api = createContentClient({
    baseUrl: 'http://cms.test/api',
    getToken: () => session.getToken(),
    fetch,
    refreshToken: refresh,
    onUnauthorized: () => session.clear(),
  });
  const auth = createAuth({ client: api, session, deviceId: () => 'device-1' });
  const run = () => confirmSession({ session, appFetch: createAppFetch({ fetch }), auth, refresh });
  return { session, cookies, paths, run };
}

const refused = () =>
  jsonResponse(
    { data: null, error: { status: 401, name: 'UnauthorizedError', message: 'Invalid token' } },
    { status: 401 },
  );

describe('confirming the shown user once per page load (user_data is a display cache)', () => {
  it('an anonymous visitor costs no request', async () => {
    const { run, paths } = setup({}, {});
    await run();
    expect(paths).toEqual([]);
  });

  it("a forged user_data next to a real token is replaced by the CMS's user", async () => {
    const { run, session, cookies } = setup(
      { user_token: 'jwt', user_data: JSON.stringify(forged) },
      { '/api/users/me': () => jsonResponse(demo) },
    );
    await run();
    expect(session.getUser()).toEqual(demo);
    expect(JSON.parse(cookies.get('user_data')!)).toEqual(demo);
  });

  it('a forged user_data without a token and no live session is cleared', async () => {
    const { run, session, cookies, paths } = setup(
      { user_data: JSON.stringify(forged) },
      { '/api/auth/refresh': () => jsonResponse({}, { status: 400 }) },
    );
    await run();
    expect(paths).toEqual(['/api/auth/refresh']);
    expect(session.getUser()).toBeNull();
    expect(cookies.get('user_data')).toBeUndefined();
  });

  it('an expired access token is refreshed through the cookie, then the user confirmed', async () => {
    let calls = 0;
    const { run, session, paths } = setup(
      { user_token: 'expired', user_data: JSON.stringify(demo) },
      {
        '/api/users/me': () => (calls++ === 0 ? refused() : jsonResponse(demo)),
        '/api/auth/refresh': () => jsonResponse({ jwt: 'fresh' }),
      },
    );
    await run();
    expect(paths).toEqual(['/api/users/me', '/api/auth/refresh', '/api/users/me']);
    expect(session.getToken()).toBe('fresh');
    expect(session.isAuthenticated()).toBe(true);
  });

  it('a signed-out session (refresh refused) is cleared everywhere', async () => {
    const { run, session, cookies } = setup(
      { user_token: 'revoked', user_data: JSON.stringify(demo) },
      { '/api/users/me': refused, '/api/auth/refresh': () => jsonResponse({}, { status: 401 }) },
    );
    await run();
    expect(session.isAuthenticated()).toBe(false);
    expect(cookies.get('user_token')).toBeUndefined();
  });

  it('the CMS being down keeps what is shown', async () => {
    const { run, session } = setup(
      { user_data: JSON.stringify(demo) },
      { '/api/auth/refresh': () => jsonResponse({}, { status: 502 }) },
    );
    await run();
    expect(session.getUser()).toEqual(demo);
  });

  it('a token without a readable user is still filled by the app server (/api/auth)', async () => {
    const { run, session, paths } = setup(
      { user_token: 'jwt' },
      { '/api/auth': () => jsonResponse({ token: 'jwt', user: demo }) },
    );
    await run();
    expect(paths).toEqual(['/api/auth']);
    expect(session.isAuthenticated()).toBe(true);
  });
});
