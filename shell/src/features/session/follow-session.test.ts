import { CUSTOMER_QUERY_KEY, defaultRuntimeConfig, type User } from '@steel/contract';
import { createBus, createSessionStore } from '@steel/shared';
import { createMemoryCookies, createMemoryStorage } from '@steel/shared/testing';
import { followSessionChanges } from './follow-session';

const demo: User = { id: 1, username: 'demo', email: 'demo@example.com' };
const other: User = { id: 2, username: 'other', email: 'other@example.com' };
const flush = () => new Promise<void>((resolve) => queueMicrotask(resolve));

function setup(path: string, signedIn: User | null = demo) {
  const bus = createBus();
  const session = createSessionStore({
    config: defaultRuntimeConfig,
    bus,
    cookies: createMemoryCookies(),
    storage: createMemoryStorage(),
  });
  if (signedIn) {
    session.setToken('jwt');
    session.setUser(signedIn);
  }
  const state = { path };
  const removeQueries = jest.fn();
  const leave = jest.fn((to: string) => (state.path = to));
  followSessionChanges({
    bus,
    session,
    queryClient: { removeQueries } as never,
    isGuarded: (pathname) => pathname === '/panel' || pathname.startsWith('/panel/'),
    currentPath: () => state.path,
    leave,
  });
  return { session, state, removeQueries, leave };
}

describe('following the session', () => {
  it('a sign-out on a panel page drops customer queries and goes to sign in with the way back', async () => {
    const { session, removeQueries, leave } = setup('/panel/order/abc?status=paid');
    session.clear();
    expect(removeQueries).toHaveBeenCalledWith({ queryKey: [CUSTOMER_QUERY_KEY] });
    await flush();
    expect(leave).toHaveBeenCalledWith('/login?redirect=/panel/order/abc%3Fstatus%3Dpaid');
  });

  it('a sign-out followed at once by a navigation off the panel stays there', async () => {
    const { session, state, leave } = setup('/panel/logout');
    session.clear();
    state.path = '/';
    await flush();
    expect(leave).not.toHaveBeenCalled();
  });

  it('a sign-out on a public page changes no page', async () => {
    const { session, leave, removeQueries } = setup('/rebar');
    session.clear();
    await flush();
    expect(leave).not.toHaveBeenCalled();
    expect(removeQueries).toHaveBeenCalledTimes(1);
  });

  it("another customer signing in drops the previous one's queries; the same customer refreshed does not", async () => {
    const { session, removeQueries, leave } = setup('/panel');
    session.setUser({ ...demo, mobile: '09121234567' });
    expect(removeQueries).not.toHaveBeenCalled();
    session.setUser(other);
    expect(removeQueries).toHaveBeenCalledTimes(1);
    await flush();
    expect(leave).not.toHaveBeenCalled();
  });
});
