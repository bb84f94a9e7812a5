import { createBus } from '../bus/create-bus';
import { defaultRuntimeConfig } from '@steel/contract/runtime-config';
import type { User } from '@steel/contract/user';
import { createSessionStore } from '../session/session-store';
import { createMemoryCookies, createMemoryStorage, jsonResponse, requestUrl } from '../testing';
import { createAuth } from './auth';
import { ApiError, createContentClient } from './content-client';

const me: User = {
  id: 9,
  username: 'maryam',
  email: 'maryam@example.ir',
  mobile: '09121111111',
  role: { id: 1, name: 'Authenticated', type: 'authenticated' },
};

type Route = { method: string; path: string; status?: number; body?: unknown };
type Call = {
  method: string;
  url: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
  credentials?: RequestCredentials;
};

/** A CMS stand-in answering by method + path (without query); unknown routes are 404. */
function setup(routes: Route[], cookies: Record<string, string> = {}) {
  const calls: Call[] = [];
  const fetchFn = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = requestUrl(input);
    const path = new URL(url).pathname.replace(/^\/api/, '');
    const method = init?.method ?? 'GET';
    calls.push({
      method,
      url,
      path,
      headers: (init?.headers ?? {}) as Record<string, string>,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      ...(init?.credentials ? { credentials: init.credentials } : {}),
    });
    const route = routes.find((r) => r.method === method && r.path === path);
    if (!route)
      return jsonResponse(
        { data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found' } },
        { status: 404 },
      );
    return jsonResponse(route.body, { status: route.status ?? 200 });
  });
  const bus = createBus();
  const session = createSessionStore({
    config: defaultRuntimeConfig,
    bus,
    cookies: createMemoryCookies(cookies),
    storage: createMemoryStorage(),
  });
  const client = createContentClient({
    baseUrl: 'http://cms.test/api',
    getToken: () => session.getToken(),
    bus,
    fetch: fetchFn,
  });
  const auth = createAuth({ client, session, deviceId: () => 'device-1' });
  return { auth, session, calls, bus };
}

const meRoute: Route = { method: 'GET', path: '/users/me', body: me };
const unauthorised = {
  data: null,
  error: { status: 401, name: 'UnauthorizedError', message: 'Missing or invalid credentials' },
};

describe('createAuth', () => {
  it('fetchUser: GET /users/me with populate[0]=role and the bearer token, stores the user', async () => {
    const { auth, session, calls } = setup([meRoute], { user_token: 'jwt-1' });
    await expect(auth.fetchUser()).resolves.toEqual(me);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('http://cms.test/api/users/me?populate[0]=role');
    expect(calls[0]?.headers.Authorization).toBe('Bearer jwt-1');
    expect(session.getUser()).toEqual(me);
    expect(session.isAuthenticated()).toBe(true);
  });

  it('fetchUser: a custom populate object is serialised in bracket style', async () => {
    const urls: string[] = [];
    const bus = createBus();
    const session = createSessionStore({
      config: defaultRuntimeConfig,
      bus,
      cookies: createMemoryCookies({ user_token: 'jwt-1' }),
      storage: null,
    });
    const client = createContentClient({
      baseUrl: 'http://cms.test/api',
      getToken: () => session.getToken(),
      fetch: async (input) => {
        urls.push(requestUrl(input));
        return jsonResponse(me);
      },
    });
    const auth = createAuth({ client, session, populate: { role: true, orders: { fields: ['status'] } } });
    await expect(auth.fetchUser()).resolves.toEqual(me);
    expect(urls).toEqual(['http://cms.test/api/users/me?populate[role]=true&populate[orders][fields][0]=status']);
  });

  it('fetchUser: on failure clears the token (and the stale user) and resolves null', async () => {
    const { auth, session, calls } = setup([{ method: 'GET', path: '/users/me', status: 401, body: unauthorised }], {
      user_token: 'expired',
      user_data: JSON.stringify(me),
    });
    await expect(auth.fetchUser()).resolves.toBeNull();
    expect(calls).toHaveLength(1);
    expect(session.getToken()).toBeNull();
    expect(session.getUser()).toBeNull();
    expect(session.isAuthenticated()).toBe(false);
  });

  it('fetchUser: without a token makes no call', async () => {
    const { auth, calls } = setup([meRoute]);
    await expect(auth.fetchUser()).resolves.toBeNull();
    expect(calls).toHaveLength(0);
  });

  it('login: POST /auth/local {identifier, password} without a stale bearer, stores the jwt, then /users/me', async () => {
    const { auth, session, calls } = setup(
      [{ method: 'POST', path: '/auth/local', body: { jwt: 'new-jwt', user: { id: 9 } } }, meRoute],
      { user_token: 'stale' },
    );
    await expect(auth.login({ identifier: 'maryam', password: 'secret' })).resolves.toEqual(me);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /auth/local', 'GET /users/me']);
    expect(calls[0]?.body).toEqual({ identifier: 'maryam', password: 'secret', deviceId: 'device-1' });
    expect(calls[0]?.headers).not.toHaveProperty('Authorization');
    expect(calls[1]?.headers.Authorization).toBe('Bearer new-jwt');
    expect(session.getToken()).toBe('new-jwt');
    expect(session.getUser()).toEqual(me);
    expect(session.isAuthenticated()).toBe(true);
  });

  it('login: a wrong password rejects with the Strapi error and stores nothing', async () => {
    const body = {
      data: null,
      error: { status: 400, name: 'ValidationError', message: 'Invalid identifier or password', details: {} },
    };
    const { auth, session } = setup([{ method: 'POST', path: '/auth/local', status: 400, body }]);
    const error = await auth.login({ identifier: 'x', password: 'y' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).body).toEqual(body);
    expect(session.getToken()).toBeNull();
    expect(session.getUser()).toBeNull();
  });

  it('login: when /users/me fails after login, the token is dropped and the error rejects', async () => {
    const { auth, session } = setup([
      { method: 'POST', path: '/auth/local', body: { jwt: 'new-jwt', user: me } },
      {
        method: 'GET',
        path: '/users/me',
        status: 500,
        body: { data: null, error: { status: 500, name: 'InternalServerError', message: 'x' } },
      },
    ]);
    await expect(auth.login({ identifier: 'maryam', password: 'secret' })).rejects.toBeInstanceOf(ApiError);
    expect(session.getToken()).toBeNull();
    expect(session.isAuthenticated()).toBe(false);
  });

  it('register: POST /auth/local/register with the extra fields, jwt stored, then /users/me', async () => {
    const { auth, session, calls } = setup([
      { method: 'POST', path: '/auth/local/register', body: { jwt: 'reg-jwt', user: me } },
      meRoute,
    ]);
    const body = {
      username: 'maryam',
      email: 'maryam@example.ir',
      password: 'secret',
      mobile: '09121111111',
      company: 'فولاد',
    };
    await expect(auth.register(body)).resolves.toEqual(me);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /auth/local/register', 'GET /users/me']);
    expect(calls[0]?.body).toEqual(body);
    expect(session.getToken()).toBe('reg-jwt');
    expect(session.isAuthenticated()).toBe(true);
  });

  it('register: with e-mail confirmation required (no jwt) stores nothing and returns the user', async () => {
    const { auth, session, calls } = setup([
      { method: 'POST', path: '/auth/local/register', body: { user: { ...me, confirmed: false } } },
    ]);
    await expect(auth.register({ username: 'm', email: 'm@x.ir', password: 'p' })).resolves.toMatchObject({
      id: 9,
      confirmed: false,
    });
    expect(calls).toHaveLength(1);
    expect(session.getToken()).toBeNull();
    expect(session.isAuthenticated()).toBe(false);
  });

  it('forgotPassword: POST /auth/forgot-password {email} → {ok:true}', async () => {
    const { auth, calls, session } = setup([{ method: 'POST', path: '/auth/forgot-password', body: { ok: true } }]);
    await expect(auth.forgotPassword({ email: 'a@b.ir' })).resolves.toEqual({ ok: true });
    expect(calls[0]?.body).toEqual({ email: 'a@b.ir' });
    expect(session.getToken()).toBeNull();
  });

  it('resetPassword: POST /auth/reset-password, jwt stored, then /users/me', async () => {
    const { auth, session, calls } = setup([
      { method: 'POST', path: '/auth/reset-password', body: { jwt: 'reset-jwt', user: me } },
      meRoute,
    ]);
    const body = { code: 'abc', password: 'n3w', passwordConfirmation: 'n3w' };
    await expect(auth.resetPassword(body)).resolves.toEqual(me);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /auth/reset-password', 'GET /users/me']);
    expect(calls[0]?.body).toEqual(body);
    expect(session.getToken()).toBe('reset-jwt');
  });

  it("changePassword: POST /auth/change-password with the bearer token; the new session's token is stored (the CMS ended the old one)", async () => {
    const { auth, session, calls } = setup(
      [{ method: 'POST', path: '/auth/change-password', body: { jwt: 'other-jwt', user: me } }],
      { user_token: 'jwt-1', user_data: JSON.stringify(me) },
    );
    const body = { currentPassword: 'old', password: 'n3w', passwordConfirmation: 'n3w' };
    await expect(auth.changePassword(body)).resolves.toBeUndefined();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual(body);
    expect(calls[0]?.headers.Authorization).toBe('Bearer jwt-1');
    expect(calls[0]?.credentials).toBe('include');
    expect(session.getToken()).toBe('other-jwt');
  });

  it('updateProfile: PUT /users/me with the bearer token, the answered user replaces the stored one', async () => {
    const renamed = { ...me, username: 'maryam2', mobile: '09122222222' };
    const { auth, session, calls } = setup([{ method: 'PUT', path: '/users/me', body: renamed }], {
      user_token: 'jwt-1',
      user_data: JSON.stringify(me),
    });
    await expect(auth.updateProfile({ username: 'maryam2', mobile: '09122222222' })).resolves.toEqual(renamed);
    expect(calls[0]).toMatchObject({
      method: 'PUT',
      body: { username: 'maryam2', mobile: '09122222222' },
      headers: { Authorization: 'Bearer jwt-1' },
    });
    expect(calls[0]?.url).toContain('populate[0]=role');
    expect(session.getUser()).toEqual(renamed);
    expect(session.getToken()).toBe('jwt-1');
  });

  it('sendEmailConfirmation: POST /auth/send-email-confirmation {email}, nothing stored', async () => {
    const { auth, session, calls } = setup([
      { method: 'POST', path: '/auth/send-email-confirmation', body: { email: 'a@b.ir', sent: true } },
    ]);
    await expect(auth.sendEmailConfirmation({ email: 'a@b.ir' })).resolves.toEqual({ email: 'a@b.ir', sent: true });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({ email: 'a@b.ir' });
    expect(session.getToken()).toBeNull();
  });

  it('socialCallback: GET /auth/{provider}/callback?access_token=… with credentials, jwt stored, then /users/me', async () => {
    const { auth, session, calls } = setup([
      { method: 'GET', path: '/auth/google/callback', body: { jwt: 'social-jwt', user: me } },
      meRoute,
    ]);
    await expect(auth.socialCallback('google', '?access_token=tok%2B1&id_token=x')).resolves.toEqual(me);
    expect(calls[0]?.url).toBe('http://cms.test/api/auth/google/callback?access_token=tok%2B1&id_token=x');
    expect(calls[0]?.credentials).toBe('include');
    expect(calls[1]?.path).toBe('/users/me');
    expect(session.getToken()).toBe('social-jwt');
    expect(session.isAuthenticated()).toBe(true);
  });

  it('socialCallback: accepts a search without the leading ?', async () => {
    const { auth, calls } = setup([
      { method: 'GET', path: '/auth/github/callback', body: { jwt: 'j', user: me } },
      meRoute,
    ]);
    await auth.socialCallback('github', 'access_token=abc');
    expect(calls[0]?.url).toBe('http://cms.test/api/auth/github/callback?access_token=abc');
  });

  it('connectUrl: {base}/connect/{provider}', () => {
    const { auth } = setup([]);
    expect(auth.connectUrl('google')).toBe('http://cms.test/api/connect/google');
  });

  it("logout: the CMS revokes this device's session, then cookies and storage are cleared and a null user announced", async () => {
    const { auth, session, bus, calls } = setup([{ method: 'POST', path: '/auth/logout', body: { ok: true } }], {
      user_token: 'jwt-1',
      user_data: JSON.stringify(me),
    });
    expect(session.isAuthenticated()).toBe(true);
    const order: string[] = [];
    bus.on('session:changed', ({ user }) => order.push(user ? 'user' : 'cleared'));
    order.length = 0; // the bus replays the last event to a new listener
    await auth.logout(() => order.push('left'));
    expect(calls).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/auth/logout',
        body: { deviceId: 'device-1' },
        credentials: 'include',
        headers: expect.objectContaining({ Authorization: 'Bearer jwt-1' }),
      }),
    ]);
    expect(order).toEqual(['left', 'cleared']);
    expect(session.getToken()).toBeNull();
    expect(session.getUser()).toBeNull();
    expect(bus.last('session:changed')).toEqual({ user: null });
  });

  it('logout: a CMS that cannot be told still leaves this device signed out', async () => {
    const { auth, session } = setup(
      [
        {
          method: 'POST',
          path: '/auth/logout',
          status: 503,
          body: { data: null, error: { status: 503, name: 'ServiceUnavailableError', message: 'down' } },
        },
      ],
      { user_token: 'jwt-1', user_data: JSON.stringify(me) },
    );
    await auth.logout();
    expect(session.isAuthenticated()).toBe(false);
  });

  it("login sends this device's id and accepts the CMS's refresh cookie (credentials included)", async () => {
    const { auth, calls } = setup([{ method: 'POST', path: '/auth/local', body: { jwt: 'jwt-2', user: me } }, meRoute]);
    await auth.login({ identifier: 'maryam', password: 'x' });
    expect(calls[0]).toMatchObject({
      path: '/auth/local',
      body: { identifier: 'maryam', password: 'x', deviceId: 'device-1' },
      credentials: 'include',
    });
    expect(calls[0]?.headers.Authorization).toBeUndefined();
  });

  it("confirmUser: the CMS's user replaces a forged display cache; a refused token clears it; a CMS outage keeps it", async () => {
    const forged = { ...me, username: 'admin' };
    const confirmed = setup([meRoute], { user_token: 'jwt-1', user_data: JSON.stringify(forged) });
    await expect(confirmed.auth.confirmUser()).resolves.toEqual(me);
    expect(confirmed.session.getUser()).toEqual(me);

    const refused = setup([{ method: 'GET', path: '/users/me', status: 401, body: unauthorised }], {
      user_token: 'jwt-1',
      user_data: JSON.stringify(forged),
    });
    await expect(refused.auth.confirmUser()).resolves.toBeNull();
    expect(refused.session.isAuthenticated()).toBe(false);

    const down = setup(
      [
        {
          method: 'GET',
          path: '/users/me',
          status: 503,
          body: { data: null, error: { status: 503, name: 'ServiceUnavailableError', message: 'down' } },
        },
      ],
      { user_token: 'jwt-1', user_data: JSON.stringify(me) },
    );
    await expect(down.auth.confirmUser()).resolves.toEqual(me);
    expect(down.session.isAuthenticated()).toBe(true);
  });
});
