import Cookies from 'js-cookie';
import type { AppBus } from '../bus/create-bus';
import type { RuntimeConfig } from '@steel/contract/runtime-config';
import type { User } from '@steel/contract/user';

/** The localStorage key that mirrors the user (kept from the old site, docs/behaviour.md, "Session cookies"). */
export const USER_STORAGE_KEY = 'user';

/** Attributes the session store writes its cookies with. */
export interface CookieSetOptions {
  /** Lifetime in days. */
  expires?: number;
  path?: string;
  sameSite?: 'Lax' | 'Strict' | 'None';
  secure?: boolean;
}

/** Just enough of a cookie API for the session store; `browserCookies` in the browser, `createMemoryCookies()` in tests. */
export interface CookieJar {
  get(name: string): string | undefined;
  set(name: string, value: string, options: CookieSetOptions): void;
  remove(name: string, options: Pick<CookieSetOptions, 'path'>): void;
}

/** The browser's `document.cookie`, through js-cookie (values are URI-encoded as the old site did). */
export const browserCookies: CookieJar = {
  get: (name) => Cookies.get(name),
  set: (name, value, options) => {
    Cookies.set(name, value, options);
  },
  remove: (name, options) => {
    Cookies.remove(name, options);
  },
};

export type SessionStorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface SessionStore {
  getToken(): string | null;
  getUser(): User | null;
  /** Authenticated = token AND user present (docs/behaviour.md, "Session cookies"). */
  isAuthenticated(): boolean;
  setToken(token: string | null): void;
  /** Stores the user (cookie + localStorage mirror) and emits `session:changed`. */
  setUser(user: User | null): void;
  /** Empties both cookies and the localStorage key; emits `session:changed` with `null`. */
  clear(): void;
  /**
   * Reads both cookies again — another tab of the same site may have signed in or out — and emits
   * `session:changed` when the token or the user differs from what this page holds.
   */
  reload(): void;
}

export interface SessionStoreOptions {
  config: RuntimeConfig;
  bus: AppBus;
  /** Defaults to `browserCookies`. */
  cookies?: CookieJar;
  /** Defaults to `window.localStorage` when reachable; `null` disables the mirror. */
  storage?: SessionStorageLike | null;
}

/** The page's localStorage when reachable, else null (sandboxed and some private contexts throw). */
export function defaultStorage(): SessionStorageLike | null {
  try {
    // Reading `localStorage` itself throws in some sandboxed/private contexts.
    return typeof window !== 'undefined' && window.localStorage ? window.localStorage : null;
  } catch {
    return null;
  }
}

function isHttps(): boolean {
  try {
    return typeof location !== 'undefined' && location.protocol === 'https:';
  } catch {
    return false;
  }
}

function toSameSite(value: RuntimeConfig['cookie']['options']['sameSite'] | undefined): CookieSetOptions['sameSite'] {
  switch (value) {
    case 'strict':
      return 'Strict';
    case 'none':
      return 'None';
    default:
      return 'Lax';
  }
}

function parseUser(raw: string | undefined): User | null {
  if (raw === undefined || raw === '') return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (parsed === null) return null;
    if (typeof parsed !== 'object' || Array.isArray(parsed)) {
      throw new TypeError(`Expected a user object, got ${Array.isArray(parsed) ? 'array' : typeof parsed}`);
    }
    return parsed as User;
  } catch (error) {
    console.error('Failed to parse user cookie', error);
    return null;
  }
}

/**
 * The session: JWT + user in the cookies the old site used (`user_token`, `user_data`), so signed-in
 * customers stay signed in across the migration, and the user mirrored to localStorage `user`.
 * One store per page, made by the shell and handed to remotes through the mount props.
 */
export function createSessionStore(options: SessionStoreOptions): SessionStore {
  const { config, bus } = options;
  const cookies = options.cookies ?? browserCookies;
  const storage = options.storage === undefined ? defaultStorage() : options.storage;
  const { tokenName, userName } = config.cookie;
  const cookieOptions = config.cookie.options;

  const writeOptions = (): CookieSetOptions => ({
    expires: cookieOptions.expires ?? 30,
    path: cookieOptions.path || '/',
    sameSite: toSameSite(cookieOptions.sameSite),
    secure: Boolean(cookieOptions.secure) || isHttps(),
  });
  const removeOptions = (): Pick<CookieSetOptions, 'path'> => ({ path: cookieOptions.path || '/' });

  // Storage failures (Safari private mode, quota, disabled storage) must never break the session.
  const mirror = (user: User | null): void => {
    if (!storage) return;
    try {
      if (user) storage.setItem(USER_STORAGE_KEY, JSON.stringify(user));
      else storage.removeItem(USER_STORAGE_KEY);
    } catch {
      /* swallowed on purpose */
    }
  };

  let token: string | null = cookies.get(tokenName) || null;
  let user: User | null = parseUser(cookies.get(userName));
  mirror(user);

  const store: SessionStore = {
    getToken: () => token,
    getUser: () => user,
    isAuthenticated: () => Boolean(token) && user !== null,
    setToken(next) {
      token = next || null;
      if (token) cookies.set(tokenName, token, writeOptions());
      else cookies.remove(tokenName, removeOptions());
    },
    setUser(next) {
      user = next ?? null;
      if (user) cookies.set(userName, JSON.stringify(user), writeOptions());
      else cookies.remove(userName, removeOptions());
      mirror(user);
      bus.emit('session:changed', { user });
    },
    clear() {
      token = null;
      cookies.remove(tokenName, removeOptions());
      store.setUser(null);
    },
    reload() {
      const nextToken = cookies.get(tokenName) || null;
      const nextUser = parseUser(cookies.get(userName));
      if (nextToken === token && JSON.stringify(nextUser) === JSON.stringify(user)) return;
      token = nextToken;
      user = nextUser;
      // The other tab wrote the cookies and the localStorage mirror already: only tell this page.
      bus.emit('session:changed', { user });
    },
  };

  // Once at creation, so late subscribers (the bus replays this event) see the restored user.
  bus.emit('session:changed', { user });
  return store;
}

/**
 * Keeps this page's session in step with the other tabs of the site (docs/behaviour.md, "Session cookies").
 * Every sign-in and sign-out rewrites the localStorage mirror `user`, and the browser tells every
 * *other* tab with a `storage` event; on it the session re-reads the cookies. Returns the unsubscribe.
 */
export function watchSessionAcrossTabs(
  session: SessionStore,
  target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window,
): () => void {
  const onStorage = (event: StorageEvent) => {
    // `key` is null when another tab cleared the whole storage.
    if (event.key === USER_STORAGE_KEY || event.key === null) session.reload();
  };
  target.addEventListener('storage', onStorage);
  return () => target.removeEventListener('storage', onStorage);
}

/**
 * A session with nobody signed in and nothing stored: what a server render uses, since its HTML
 * is shared by every visitor (and cached) and must never carry a customer's data.
 */
export function createAnonymousSession(options: Pick<SessionStoreOptions, 'config' | 'bus'>): SessionStore {
  return createSessionStore({
    ...options,
    storage: null,
    cookies: { get: () => undefined, set: () => undefined, remove: () => undefined },
  });
}
