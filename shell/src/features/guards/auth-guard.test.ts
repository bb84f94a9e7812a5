import { defaultRuntimeConfig, type User } from '@steel/contract';
import { createBus, createSessionStore, loginUrlFor } from '@steel/shared';
import { createMemoryCookies, createMemoryStorage } from '@steel/shared/testing';
import { createAuthGuard } from './auth-guard';

const demo: User = { id: 1, username: 'demo', email: 'demo@example.com' };

function makeSession(cookies: Record<string, string> = {}) {
  return createSessionStore({
    config: defaultRuntimeConfig,
    bus: createBus(),
    cookies: createMemoryCookies(cookies),
    storage: createMemoryStorage(),
  });
}

describe('auth guard', () => {
  it('lets a signed-in visitor through without asking the CMS', async () => {
    const session = makeSession({ user_token: 'jwt', user_data: JSON.stringify(demo) });
    const fetchUser = jest.fn();
    const guard = createAuthGuard({ session, fetchUser });
    expect(await guard.check('/panel/order')).toEqual({ allowed: true });
    expect(fetchUser).not.toHaveBeenCalled();
  });

  it('loads the user once when a token but no user is there', async () => {
    const session = makeSession({ user_token: 'jwt' });
    const fetchUser = jest.fn(async () => {
      session.setUser(demo);
      return demo;
    });
    const guard = createAuthGuard({ session, fetchUser });
    const [a, b] = await Promise.all([guard.check('/panel'), guard.check('/panel/order')]);
    expect(a).toEqual({ allowed: true });
    expect(b).toEqual({ allowed: true });
    expect(fetchUser).toHaveBeenCalledTimes(1);
  });

  it('sends an unauthenticated visitor to /login with the path, asking about a bad token only once', async () => {
    const session = makeSession({ user_token: 'expired' });
    const fetchUser = jest.fn(async () => null);
    const guard = createAuthGuard({ session, fetchUser });
    expect(await guard.check('/panel/order')).toEqual({ allowed: false, redirectTo: '/login?redirect=/panel/order' });
    expect(await guard.check('/panel/ticket?page=2&x=1')).toEqual({
      allowed: false,
      redirectTo: '/login?redirect=/panel/ticket%3Fpage%3D2%26x%3D1',
    });
    expect(fetchUser).toHaveBeenCalledTimes(1);
  });

  it('asks nobody when there is no token at all', async () => {
    const fetchUser = jest.fn(async () => null);
    const guard = createAuthGuard({ session: makeSession(), fetchUser });
    expect((await guard.check('/panel')).allowed).toBe(false);
    expect(fetchUser).not.toHaveBeenCalled();
  });

  it('waits for the start-up session fill first', async () => {
    const session = makeSession({ user_token: 'jwt' });
    const ready = Promise.resolve().then(() => session.setUser(demo));
    const fetchUser = jest.fn(async () => null);
    expect(await createAuthGuard({ session, fetchUser, ready }).check('/panel')).toEqual({ allowed: true });
    expect(fetchUser).not.toHaveBeenCalled();
  });

  it('keeps the redirect readable and round-trips through URLSearchParams', () => {
    const url = loginUrlFor('/panel/order?tab=open&p=2');
    expect(new URL(url, 'http://x.test').searchParams.get('redirect')).toBe('/panel/order?tab=open&p=2');
  });
});
