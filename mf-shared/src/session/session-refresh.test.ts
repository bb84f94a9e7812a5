import { createBus } from '../bus/create-bus';
import { defaultRuntimeConfig } from '@steel/contract/runtime-config';
import { createMemoryCookies, createMemoryStorage, jsonResponse, rejectionOf } from '../testing';
import {
  createSessionRefresher,
  DEVICE_ID_STORAGE_KEY,
  RefreshUnavailableError,
  sessionDeviceId,
} from './session-refresh';
import { createSessionStore } from './session-store';

function setup(cookieValues: Record<string, string>, ...answers: Array<Response | Error>) {
  const cookies = createMemoryCookies(cookieValues);
  const session = createSessionStore({
    config: defaultRuntimeConfig,
    bus: createBus(),
    cookies,
    storage: createMemoryStorage(),
  });
  const fetch = jest.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => {
    const next = answers.length > 1 ? answers.shift() : answers[0];
    if (next instanceof Error) throw next;
    return next;
  });
  const refresh = createSessionRefresher({
    cmsUrl: 'https://cms.example.ir/api/',
    session,
    fetch: fetch as unknown as typeof globalThis.fetch,
  });
  return { session, cookies, fetch, refresh };
}

describe('session refresh (access tokens live minutes)', () => {
  it('asks POST /auth/refresh with the httpOnly cookie (credentials) and stores the fresh access token', async () => {
    const { session, cookies, fetch, refresh } = setup({ user_token: 'old' }, jsonResponse({ jwt: 'fresh' }));
    await expect(refresh('old')).resolves.toBe('fresh');
    expect(fetch).toHaveBeenCalledWith(
      'https://cms.example.ir/api/auth/refresh',
      expect.objectContaining({ method: 'POST', credentials: 'include' }),
    );
    expect(session.getToken()).toBe('fresh');
    expect(cookies.get('user_token')).toBe('fresh');
  });

  it('an ended session (no cookie: 400, revoked: 401) gives null; an unreachable CMS throws instead', async () => {
    expect(await setup({ user_token: 'old' }, jsonResponse({}, { status: 400 })).refresh('old')).toBeNull();
    expect(await setup({ user_token: 'old' }, jsonResponse({}, { status: 401 })).refresh('old')).toBeNull();
    expect(
      await rejectionOf(setup({ user_token: 'old' }, new TypeError('Failed to fetch')).refresh('old')),
    ).toBeInstanceOf(RefreshUnavailableError);
    expect(
      await rejectionOf(setup({ user_token: 'old' }, jsonResponse({}, { status: 503 })).refresh('old')),
    ).toBeInstanceOf(RefreshUnavailableError);
  });

  it('one request for many 401s at once', async () => {
    const { fetch, refresh } = setup({ user_token: 'old' }, jsonResponse({ jwt: 'fresh' }));
    await expect(Promise.all([refresh('old'), refresh('old'), refresh('old')])).resolves.toEqual([
      'fresh',
      'fresh',
      'fresh',
    ]);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('takes the token another tab refreshed already (the shared cookie) without asking', async () => {
    const { cookies, fetch, refresh, session } = setup({ user_token: 'old' }, jsonResponse({ jwt: 'unused' }));
    cookies.set('user_token', 'from-other-tab', {});
    await expect(refresh('old')).resolves.toBe('from-other-tab');
    expect(fetch).not.toHaveBeenCalled();
    expect(session.getToken()).toBe('from-other-tab');
  });
});

describe('sessionDeviceId', () => {
  it('is made once per browser and kept', () => {
    const storage = createMemoryStorage();
    const id = sessionDeviceId(storage);
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(sessionDeviceId(storage)).toBe(id);
    expect(storage.getItem(DEVICE_ID_STORAGE_KEY)).toBe(id);
    expect(sessionDeviceId(null)).toBeUndefined();
  });
});
