import { createBus } from '../bus/create-bus';
import { defaultRuntimeConfig, type RuntimeConfig } from '@steel/contract/runtime-config';
import type { User } from '@steel/contract/user';
import { createMemoryCookies, createMemoryStorage } from '../testing';
import { browserCookies, createSessionStore, watchSessionAcrossTabs, type SessionStorageLike } from './session-store';

const user: User = {
  id: 3,
  username: 'reza',
  email: 'reza@example.ir',
  mobile: '09120000000',
  role: { id: 1, name: 'Authenticated' },
};

function setup(initialCookies: Record<string, string> = {}, config: RuntimeConfig = defaultRuntimeConfig) {
  const bus = createBus();
  const cookies = createMemoryCookies(initialCookies);
  const storage = createMemoryStorage();
  const session = createSessionStore({ config, bus, cookies, storage });
  return { bus, cookies, storage, session };
}

describe('createSessionStore', () => {
  afterEach(() => jest.restoreAllMocks());

  it('starts empty and not authenticated', () => {
    const { session } = setup();
    expect(session.getToken()).toBeNull();
    expect(session.getUser()).toBeNull();
    expect(session.isAuthenticated()).toBe(false);
  });

  it('writes user_token and user_data for 30 days, path /, SameSite=Lax, not Secure over http', () => {
    const { session, cookies } = setup();
    session.setToken('jwt-1');
    session.setUser(user);
    expect(cookies.all()).toEqual({ user_token: 'jwt-1', user_data: JSON.stringify(user) });
    const expected = { expires: 30, path: '/', sameSite: 'Lax', secure: false };
    expect(cookies.optionsOf('user_token')).toEqual(expected);
    expect(cookies.optionsOf('user_data')).toEqual(expected);
  });

  it('sets Secure when the config asks for it', () => {
    const config: RuntimeConfig = {
      ...defaultRuntimeConfig,
      cookie: { ...defaultRuntimeConfig.cookie, options: { ...defaultRuntimeConfig.cookie.options, secure: true } },
    };
    const { session, cookies } = setup({}, config);
    session.setToken('jwt');
    expect(cookies.optionsOf('user_token')?.secure).toBe(true);
  });

  it('uses the cookie names from the config', () => {
    const config: RuntimeConfig = {
      ...defaultRuntimeConfig,
      cookie: { ...defaultRuntimeConfig.cookie, tokenName: 't', userName: 'u' },
    };
    const { session, cookies } = setup({}, config);
    session.setToken('jwt');
    session.setUser(user);
    expect(Object.keys(cookies.all()).sort()).toEqual(['t', 'u']);
  });

  it('is authenticated only with a token AND a user', () => {
    const { session } = setup();
    session.setToken('jwt');
    expect(session.isAuthenticated()).toBe(false);
    session.setUser(user);
    expect(session.isAuthenticated()).toBe(true);
    session.setToken(null);
    expect(session.isAuthenticated()).toBe(false);
  });

  it('mirrors the user to localStorage "user"', () => {
    const { session, storage } = setup();
    session.setUser(user);
    expect(JSON.parse(storage.getItem('user') ?? 'null')).toEqual(user);
    session.setUser(null);
    expect(storage.getItem('user')).toBeNull();
  });

  it('restores the session from the cookies at creation and announces it', () => {
    const { session, bus, storage } = setup({ user_token: 'old-jwt', user_data: JSON.stringify(user) });
    expect(session.getToken()).toBe('old-jwt');
    expect(session.getUser()).toEqual(user);
    expect(session.isAuthenticated()).toBe(true);
    expect(JSON.parse(storage.getItem('user') ?? 'null')).toEqual(user);
    const late = jest.fn();
    bus.on('session:changed', late);
    expect(late).toHaveBeenCalledWith({ user });
  });

  it('logs a user_data cookie that is not JSON and treats the user as null', () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { session, bus } = setup({ user_token: 'jwt', user_data: '{not json' });
    expect(session.getUser()).toBeNull();
    expect(session.isAuthenticated()).toBe(false);
    expect(error).toHaveBeenCalledWith('Failed to parse user cookie', expect.any(SyntaxError));
    expect(bus.last('session:changed')).toEqual({ user: null });
  });

  it('emits session:changed on every user change', () => {
    const { session, bus } = setup();
    const handler = jest.fn();
    bus.on('session:changed', handler);
    handler.mockClear(); // the replay of the creation value
    session.setUser(user);
    session.setUser(null);
    expect(handler.mock.calls).toEqual([[{ user }], [{ user: null }]]);
  });

  it('clear() empties both cookies and the localStorage key and announces a null user', () => {
    const { session, cookies, storage, bus } = setup({ user_token: 'jwt', user_data: JSON.stringify(user) });
    session.clear();
    expect(cookies.all()).toEqual({});
    expect(storage.getItem('user')).toBeNull();
    expect(session.getToken()).toBeNull();
    expect(session.getUser()).toBeNull();
    expect(bus.last('session:changed')).toEqual({ user: null });
  });

  it('swallows storage failures (Safari private mode)', () => {
    const broken: SessionStorageLike = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    const session = createSessionStore({
      config: defaultRuntimeConfig,
      bus: createBus(),
      cookies: createMemoryCookies(),
      storage: broken,
    });
    expect(() => session.setUser(user)).not.toThrow();
    expect(session.getUser()).toEqual(user);
    expect(() => session.clear()).not.toThrow();
  });

  it('works without storage at all', () => {
    const session = createSessionStore({
      config: defaultRuntimeConfig,
      bus: createBus(),
      cookies: createMemoryCookies(),
      storage: null,
    });
    session.setUser(user);
    expect(session.getUser()).toEqual(user);
  });

  it('defaults to document.cookie and window.localStorage', () => {
    const session = createSessionStore({ config: defaultRuntimeConfig, bus: createBus() });
    session.setToken('browser-jwt');
    session.setUser(user);
    expect(document.cookie).toContain('user_token=browser-jwt');
    expect(browserCookies.get('user_data')).toBe(JSON.stringify(user));
    expect(window.localStorage.getItem('user')).toBe(JSON.stringify(user));

    const restored = createSessionStore({ config: defaultRuntimeConfig, bus: createBus() });
    expect(restored.getUser()).toEqual(user);
    restored.clear();
    expect(document.cookie).not.toContain('user_token');
    expect(document.cookie).not.toContain('user_data');
    expect(window.localStorage.getItem('user')).toBeNull();
  });
});

describe('sessions across tabs', () => {
  /** Two tabs of one browser: one cookie jar, one localStorage, a page (store + bus) each. */
  function twoTabs(initialCookies: Record<string, string> = {}) {
    const cookies = createMemoryCookies(initialCookies);
    const storage = createMemoryStorage();
    const tab = () => {
      const bus = createBus();
      const seen: Array<User | null> = [];
      bus.on('session:changed', ({ user: changed }) => seen.push(changed));
      return { bus, seen, session: createSessionStore({ config: defaultRuntimeConfig, bus, cookies, storage }) };
    };
    return { a: tab(), b: tab(), cookies };
  }

  it('a sign-out in one tab empties the other on reload(), with one session:changed', () => {
    const { a, b } = twoTabs({ user_token: 'jwt', user_data: JSON.stringify(user) });
    expect(b.session.isAuthenticated()).toBe(true);
    a.session.clear();
    b.seen.length = 0;
    b.session.reload();
    expect(b.session.isAuthenticated()).toBe(false);
    expect(b.session.getToken()).toBeNull();
    expect(b.seen).toEqual([null]);
    b.session.reload();
    expect(b.seen).toEqual([null]);
  });

  it('a sign-in in one tab signs the other in', () => {
    const { a, b } = twoTabs();
    a.session.setToken('jwt-2');
    a.session.setUser(user);
    b.session.reload();
    expect(b.session.getToken()).toBe('jwt-2');
    expect(b.session.getUser()).toEqual(user);
  });

  it('reloads on the storage event of the `user` key (or a cleared storage), not on other keys', () => {
    const target = new EventTarget() as unknown as Window;
    const reload = jest.fn();
    const stop = watchSessionAcrossTabs({ reload } as never, target);
    target.dispatchEvent(Object.assign(new Event('storage'), { key: 'nuxt-color-mode' }));
    expect(reload).not.toHaveBeenCalled();
    target.dispatchEvent(Object.assign(new Event('storage'), { key: 'user' }));
    target.dispatchEvent(Object.assign(new Event('storage'), { key: null }));
    expect(reload).toHaveBeenCalledTimes(2);
    stop();
    target.dispatchEvent(Object.assign(new Event('storage'), { key: 'user' }));
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
