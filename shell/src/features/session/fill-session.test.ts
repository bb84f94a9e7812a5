import { defaultRuntimeConfig, type User } from '@steel/contract';
import { createAppFetch, createBus, createSessionStore } from '@steel/shared';
import { createMemoryCookies, createMemoryStorage, jsonResponse } from '@steel/shared/testing';
import { fillSessionFromServer } from './fill-session';

const demo: User = { id: 1, username: 'demo', email: 'demo@example.com', role: { id: 1, name: 'Authenticated' } };

function setup(cookieValues: Record<string, string>, answer: () => Response) {
  const cookies = createMemoryCookies(cookieValues);
  const storage = createMemoryStorage();
  const bus = createBus();
  const session = createSessionStore({ config: defaultRuntimeConfig, bus, cookies, storage });
  const fetch = jest.fn(async () => answer());
  const appFetch = createAppFetch({ fetch: fetch as unknown as typeof globalThis.fetch });
  return { session, cookies, storage, fetch, appFetch };
}

describe('session fill at start', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('fills the user from /api/auth when the cookies carry only a token', async () => {
    const { session, cookies, storage, fetch, appFetch } = setup({ user_token: 'jwt' }, () =>
      jsonResponse({ token: 'jwt', user: demo }),
    );
    await fillSessionFromServer({ session, appFetch });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]).toEqual(['/api/auth', expect.objectContaining({ method: 'GET' })]);
    expect(session.isAuthenticated()).toBe(true);
    expect(JSON.parse(cookies.get('user_data')!)).toEqual(demo);
    expect(JSON.parse(storage.getItem('user')!)).toEqual(demo);
  });

  it('also when user_data is corrupt', async () => {
    const { session, fetch, appFetch } = setup({ user_token: 'jwt', user_data: '{not json' }, () =>
      jsonResponse({ token: 'jwt', user: demo }),
    );
    await fillSessionFromServer({ session, appFetch });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(session.getUser()).toEqual(demo);
  });

  it('clears the token when the answer is an empty session', async () => {
    const { session, cookies, appFetch } = setup({ user_token: 'expired' }, () =>
      jsonResponse({ token: null, user: null }),
    );
    await fillSessionFromServer({ session, appFetch });
    expect(session.getToken()).toBeNull();
    expect(cookies.get('user_token')).toBeUndefined();
  });

  it('asks nothing without a token or with a readable user', async () => {
    for (const values of [{} as Record<string, string>, { user_token: 'jwt', user_data: JSON.stringify(demo) }]) {
      const { session, fetch, appFetch } = setup(values, () => jsonResponse({ token: null, user: null }));
      await fillSessionFromServer({ session, appFetch });
      expect(fetch).not.toHaveBeenCalled();
    }
  });

  it('keeps the token when the app server cannot be reached', async () => {
    const { session, appFetch } = setup({ user_token: 'jwt' }, () => jsonResponse('', { status: 503 }));
    await fillSessionFromServer({ session, appFetch });
    expect(session.getToken()).toBe('jwt');
  });
});
