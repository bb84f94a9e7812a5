import type { RuntimeConfig } from '@steel/contract';
import { createBus } from '@steel/shared';
import {
  CHAT_SCRIPT_ID,
  TAG_MANAGER_SCRIPT_ID,
  startThirdParties,
  startThirdPartiesWhenIdle,
  type AnalyticsClient,
} from './start-third-parties';

const analytics = {
  key: 'phc_test',
  host: 'http://127.0.0.1:8489',
  clientConfig: { advanced_disable_decide: true },
  debug: true,
};

function fakeAnalytics() {
  const client = {
    init: jest.fn(),
    opt_in_capturing: jest.fn(),
    opt_out_capturing: jest.fn(),
  } satisfies AnalyticsClient;
  const load = jest.fn(async () => client);
  return { client, load };
}

const flush = () =>
  new Promise<void>((resolve) => jest.requireActual<typeof globalThis>('timers').setImmediate(resolve));

type Config = Pick<RuntimeConfig, 'analytics' | 'chat' | 'tagManager'>;
const none: Config = { analytics: null, chat: null, tagManager: null };

beforeEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe('analytics and tag manager wait for consent', () => {
  it('pending and denied load nothing; granting loads and initialises posthog once', async () => {
    const bus = createBus();
    const { client, load } = fakeAnalytics();
    startThirdParties({
      config: { ...none, analytics, tagManager: { id: 'GTM-TEST' } },
      bus,
      getConsent: () => 'pending',
      loadAnalytics: load,
    });
    bus.emit('consent:changed', 'denied');
    await flush();
    expect(load).not.toHaveBeenCalled();
    expect(document.getElementById(TAG_MANAGER_SCRIPT_ID)).toBeNull();

    bus.emit('consent:changed', 'granted');
    bus.emit('consent:changed', 'granted');
    await flush();
    expect(load).toHaveBeenCalledTimes(1);
    expect(client.init).toHaveBeenCalledWith('phc_test', {
      api_host: 'http://127.0.0.1:8489',
      advanced_disable_decide: true,
      debug: true,
    });
    expect(document.getElementById(TAG_MANAGER_SCRIPT_ID)).toHaveAttribute(
      'src',
      'https://www.googletagmanager.com/gtm.js?id=GTM-TEST',
    );
    expect(document.body.firstElementChild?.tagName).toBe('NOSCRIPT');
    expect(client.opt_in_capturing).toHaveBeenCalledTimes(1);

    bus.emit('consent:changed', 'denied');
    await flush();
    expect(client.opt_out_capturing).toHaveBeenCalledTimes(1);
  });

  it('a remembered grant starts analytics at once; no config means nothing even when granted', async () => {
    const { client, load } = fakeAnalytics();
    startThirdParties({
      config: { ...none, analytics },
      bus: createBus(),
      getConsent: () => 'granted',
      loadAnalytics: load,
    });
    await flush();
    expect(client.init).toHaveBeenCalledTimes(1);

    const other = fakeAnalytics();
    startThirdParties({ config: none, bus: createBus(), getConsent: () => 'granted', loadAnalytics: other.load });
    await flush();
    expect(other.load).not.toHaveBeenCalled();
    expect(document.getElementById(TAG_MANAGER_SCRIPT_ID)).toBeNull();
  });

  it('a failed load is logged, not thrown, and a later grant retries', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    const bus = createBus();
    const load = jest.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(fakeAnalytics().client);
    startThirdParties({ config: { ...none, analytics }, bus, getConsent: () => 'granted', loadAnalytics: load });
    await flush();
    expect(warn).toHaveBeenCalled();
    bus.emit('consent:changed', 'granted');
    await flush();
    expect(load).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });
});

describe('chat widget', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('is injected 5000 ms after the load event, not before', () => {
    Object.defineProperty(document, 'readyState', { configurable: true, get: () => 'loading' });
    startThirdParties({
      config: { ...none, chat: { src: '/chat.js', delayMs: 5000 } },
      bus: createBus(),
      getConsent: () => 'pending',
    });
    jest.advanceTimersByTime(10_000);
    expect(document.getElementById(CHAT_SCRIPT_ID)).toBeNull();
    window.dispatchEvent(new Event('load'));
    jest.advanceTimersByTime(4999);
    expect(document.getElementById(CHAT_SCRIPT_ID)).toBeNull();
    jest.advanceTimersByTime(1);
    expect(document.getElementById(CHAT_SCRIPT_ID)).toHaveAttribute('src', '/chat.js');
    Object.defineProperty(document, 'readyState', { configurable: true, get: () => 'complete' });
  });

  it('counts from now when the page has already loaded, and stops cleanly', () => {
    const stop = startThirdParties({ config: { ...none, chat: { src: '/chat.js', delayMs: 5000 } }, bus: createBus() });
    jest.advanceTimersByTime(4999);
    stop();
    jest.advanceTimersByTime(10);
    expect(document.getElementById(CHAT_SCRIPT_ID)).toBeNull();
  });
});

describe('off the critical path', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('without a remote mounting, starts FIRST_MOUNT_WAIT_MS after load', () => {
    const idle: Array<() => void> = [];
    window.requestIdleCallback = jest.fn((callback: IdleRequestCallback) =>
      idle.push(() => callback({} as IdleDeadline)),
    );
    startThirdPartiesWhenIdle({ config: none, bus: createBus(), getConsent: () => 'granted' });
    jest.advanceTimersByTime(2999);
    expect(idle).toHaveLength(0);
    jest.advanceTimersByTime(1);
    expect(idle).toHaveLength(1);
  });

  it('starts analytics only after the load event and an idle period, even with consent granted', async () => {
    Object.defineProperty(document, 'readyState', { configurable: true, get: () => 'loading' });
    const idle: Array<() => void> = [];
    window.requestIdleCallback = jest.fn((callback: IdleRequestCallback) =>
      idle.push(() => callback({} as IdleDeadline)),
    );
    const { load } = fakeAnalytics();
    startThirdPartiesWhenIdle({
      config: { ...none, analytics },
      bus: createBus(),
      getConsent: () => 'granted',
      loadAnalytics: load,
    });
    await flush();
    expect(idle).toHaveLength(0);
    window.dispatchEvent(new Event('load'));
    expect(idle).toHaveLength(0); // the first remote has not mounted yet
    window.dispatchEvent(new Event('single-spa:first-mount'));
    expect(idle).toHaveLength(1);
    expect(load).not.toHaveBeenCalled();
    idle[0]!();
    expect(load).toHaveBeenCalledTimes(1);
    Object.defineProperty(document, 'readyState', { configurable: true, get: () => 'complete' });
  });
});

describe('the page load time the chat counts from', () => {
  it('is heard by the entry before the event, by the page clock the shell reads later', () => {
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { listenForPageLoad, pageLoadedAt } = require('./page-load-time') as typeof import('./page-load-time');
      Object.defineProperty(document, 'readyState', { configurable: true, get: () => 'loading' });
      const now = jest.spyOn(performance, 'now').mockReturnValue(1234);
      listenForPageLoad();
      window.dispatchEvent(new Event('load'));
      now.mockReturnValue(9999);
      expect(pageLoadedAt()).toBe(1234);
      now.mockRestore();
      Object.defineProperty(document, 'readyState', { configurable: true, get: () => 'complete' });
    });
  });
});
