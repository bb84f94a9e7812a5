/**
 * Fakes for mounting one remote alone (a test, a dev harness) with real kernel parts — a real
 * bus, session store, content client and query client — over in-memory cookies and storage.
 */
import { QueryClient } from '@tanstack/react-query';
import { createBus } from '../bus/create-bus';
import { defaultRuntimeConfig } from '@steel/contract/runtime-config';
import type { ShellContext } from '../contracts/shell-context';
import type { User } from '@steel/contract/user';
import { createContentClient } from '../api/content-client';
import { createSessionStore, type CookieJar, type CookieSetOptions } from '../session/session-store';

export type MemoryCookieJar = CookieJar & {
  /** Every cookie currently set, name → value. */
  all(): Record<string, string>;
  /** The options the cookie was last set with (undefined once removed or never set). */
  optionsOf(name: string): CookieSetOptions | undefined;
};

/** A `CookieJar` that lives in memory (expiry is recorded, not enforced). */
export function createMemoryCookies(initial: Record<string, string> = {}): MemoryCookieJar {
  const values = new Map<string, string>(Object.entries(initial));
  const options = new Map<string, CookieSetOptions>();
  return {
    get: (name) => values.get(name),
    set(name, value, opts) {
      values.set(name, value);
      options.set(name, { ...opts });
    },
    remove(name) {
      values.delete(name);
      options.delete(name);
    },
    all: () => Object.fromEntries(values),
    optionsOf: (name) => options.get(name),
  };
}

export type MemoryStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'clear' | 'key'> & {
  readonly length: number;
};

/** A localStorage stand-in that lives in memory. */
export function createMemoryStorage(initial: Record<string, string> = {}): MemoryStorage {
  const items = new Map<string, string>(Object.entries(initial));
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => {
      items.set(key, String(value));
    },
    removeItem: (key) => {
      items.delete(key);
    },
    clear: () => items.clear(),
    key: (index) => [...items.keys()][index] ?? null,
    get length() {
      return items.size;
    },
  };
}

/**
 * A `Response` for fake fetch functions. jest's jsdom environment has no `Response`, so without
 * one this returns a minimal stand-in (ok, status, statusText, headers, text, json, clone).
 * `body` is JSON-encoded unless it is a string; `undefined` gives an empty body.
 */
export function jsonResponse(
  body?: unknown,
  init: { status?: number; statusText?: string; headers?: Record<string, string> } = {},
): Response {
  const status = init.status ?? 200;
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  const headers: Record<string, string> = {
    ...(typeof body === 'string' || body === undefined ? {} : { 'content-type': 'application/json' }),
    ...init.headers,
  };
  if (typeof Response !== 'undefined') {
    const nullBody = status === 204 || status === 304;
    return new Response(nullBody ? null : text, { status, statusText: init.statusText ?? '', headers });
  }
  const make = (): Response =>
    ({
      ok: status >= 200 && status < 300,
      status,
      statusText: init.statusText ?? '',
      headers: new Headers(headers),
      redirected: false,
      type: 'basic',
      url: '',
      bodyUsed: false,
      text: async () => text,
      json: async () => JSON.parse(text) as unknown,
      clone: make,
    }) as unknown as Response;
  return make();
}

/** The URL a fake fetch was called with, whichever form it came in (a string, a URL or a Request). */
export function requestUrl(input: RequestInfo | URL): string {
  return typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
}

/** The token a fake context signs its `user` in with. */
export const FAKE_TOKEN = 'test-token';

export type FakeShellContextOverrides = Partial<ShellContext> & {
  /** Signs this user in (with `FAKE_TOKEN`) or, with `null`, makes sure nobody is. */
  user?: User | null;
  /** The content client's fetch; defaults to `globalThis.fetch` looked up at call time. */
  fetch?: typeof fetch;
};

export type FakeShellContext = ShellContext & {
  /** Every target `navigate` was called with, in order. */
  navigations: string[];
};

/**
 * A `ShellContext` for mounting a remote alone. `navigate` records the target, updates the
 * location with `history.pushState` (or `replaceState`) and dispatches `popstate`, so a
 * react-router browser router follows it like a navigation made by the shell.
 */
export function createFakeShellContext(overrides: FakeShellContextOverrides = {}): FakeShellContext {
  const { user, fetch: fetchOverride, ...contextOverrides } = overrides;
  const config = contextOverrides.config ?? defaultRuntimeConfig;
  const bus = contextOverrides.bus ?? createBus();
  const session =
    contextOverrides.session ??
    createSessionStore({ config, bus, cookies: createMemoryCookies(), storage: createMemoryStorage() });
  if (user !== undefined) {
    session.setToken(user ? FAKE_TOKEN : null);
    session.setUser(user);
  }
  const api =
    contextOverrides.api ??
    createContentClient({
      baseUrl: config.cmsUrl,
      getToken: () => session.getToken(),
      bus,
      fetch: fetchOverride ?? ((input, init) => globalThis.fetch(input, init)),
    });
  const queryClient =
    contextOverrides.queryClient ??
    new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });

  const navigations: string[] = [];
  const navigateOverride = contextOverrides.navigate;
  const navigate: ShellContext['navigate'] = (to, options) => {
    navigations.push(to);
    if (navigateOverride) return navigateOverride(to, options);
    if (typeof window === 'undefined') return;
    if (options?.replace) window.history.replaceState(null, '', to);
    else window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  };

  const setPageMeta: NonNullable<ShellContext['setPageMeta']> = (meta) => {
    if (meta.title !== undefined && typeof document !== 'undefined') document.title = meta.title;
  };

  return {
    setPageMeta,
    ...contextOverrides,
    bus,
    session,
    api,
    queryClient,
    config,
    navigate,
    navigations,
  };
}

/** What a promise rejects with; fails the test when it resolves. */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject');
}
