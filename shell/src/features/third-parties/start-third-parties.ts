import { readConsent, type AppBus, type ConsentState, type RuntimeConfig } from '@steel/shared';

/** Chat widget delay after the window `load` event when the config gives none (docs/behaviour.md, "Chat"). */
export const CHAT_DEFAULT_DELAY_MS = 5000;
export const CHAT_SCRIPT_ID = 'chat-widget-script';
export const TAG_MANAGER_SCRIPT_ID = 'tag-manager-script';

/** What the loader needs from posthog-js (its default export). */
export interface AnalyticsClient {
  init(key: string, options: Record<string, unknown>): unknown;
  opt_in_capturing(): void;
  opt_out_capturing(): void;
}

export interface ThirdPartyOptions {
  config: Pick<RuntimeConfig, 'analytics' | 'chat' | 'tagManager'>;
  bus: AppBus;
  win?: Window;
  getConsent?: () => ConsentState;
  /** posthog-js, loaded on demand (~120 KB): never part of the first render's code. */
  loadAnalytics?: () => Promise<AnalyticsClient>;
}

const loadPosthog = async (): Promise<AnalyticsClient> => {
  const module = await import(/* webpackChunkName: "posthog" */ 'posthog-js');
  return module.default as unknown as AnalyticsClient;
};

/**
 * Starts the optional third parties (docs/behaviour.md, "Analytics"; docs/behaviour.md, "Chat"; docs/behaviour.md, "Tag manager"), each only when the runtime config names it:
 * - chat: its script `delayMs` (default 5000) after the window `load` event, consent or not
 *   (no personal data is sent before the visitor opens it);
 * - analytics (posthog-js): imported and initialised only once consent is granted; a later
 *   denial opts it out, a new grant opts it back in;
 * - tag manager: container script and noscript frame only when consented.
 * Called after the shell's first render; nothing here blocks it. Returns a stop function.
 */
export function startThirdParties({
  config,
  bus,
  win = window,
  getConsent = () => readConsent(safeStorage(win)),
  loadAnalytics = loadPosthog,
}: ThirdPartyOptions): () => void {
  const doc = win.document;
  const cleanups: Array<() => void> = [];

  if (config.chat) cleanups.push(scheduleChat(config.chat, win));

  let analytics: Promise<AnalyticsClient | null> | null = null;
  let tagManagerInjected = false;

  const onConsent = (state: ConsentState) => {
    if (state === 'granted') {
      if (config.analytics && !analytics) {
        const { key, host, clientConfig, debug } = config.analytics;
        analytics = loadAnalytics()
          .then((client) => {
            // posthog's own defaults (exception rate limit, rage-click, text capture, idle timeout) are kept.
            client.init(key, { api_host: host, ...clientConfig, debug });
            return client;
          })
          .catch((error: unknown) => {
            // Analytics must never break the site; a later grant may try again.
            console.warn('Analytics failed to load', error);
            analytics = null;
            return null;
          });
      } else if (analytics) {
        void analytics.then((client) => client?.opt_in_capturing());
      }
      if (config.tagManager && !tagManagerInjected) {
        tagManagerInjected = true;
        injectTagManager(win, config.tagManager.id);
      }
    } else if (analytics) {
      void analytics.then((client) => client?.opt_out_capturing());
    }
  };

  onConsent(getConsent());
  bus.on('consent:changed', onConsent);
  cleanups.push(() => bus.off('consent:changed', onConsent));

  return () => cleanups.forEach((cleanup) => cleanup());
}

/**
 * Injects the chat provider's script `delayMs` (default 5000) after the window `load` event. When
 * the page has already loaded, the time since its load event counts. Returns a cancel function.
 */
export function scheduleChat(chat: NonNullable<RuntimeConfig['chat']>, win: Window = window): () => void {
  const doc = win.document;
  const delay = Number.isFinite(chat.delayMs) ? chat.delayMs : CHAT_DEFAULT_DELAY_MS;
  const inject = () => {
    if (doc.getElementById(CHAT_SCRIPT_ID)) return;
    const script = doc.createElement('script');
    script.id = CHAT_SCRIPT_ID;
    script.src = chat.src;
    script.async = true;
    doc.body.appendChild(script);
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = (sinceLoad: number) => {
    timer = setTimeout(inject, Math.max(0, delay - sinceLoad));
  };
  const onLoad = () => schedule(0);
  if (doc.readyState === 'complete') {
    const navigation = win.performance?.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
    schedule(navigation && navigation.loadEventStart > 0 ? win.performance.now() - navigation.loadEventStart : 0);
  } else {
    win.addEventListener('load', onLoad, { once: true });
  }
  return () => {
    win.removeEventListener('load', onLoad);
    clearTimeout(timer);
  };
}

/** Google Tag Manager's standard snippet: dataLayer start event, async container, noscript frame. */
function injectTagManager(win: Window, id: string) {
  const doc = win.document;
  const w = win as Window & { dataLayer?: unknown[] };
  w.dataLayer = w.dataLayer ?? [];
  w.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const query = encodeURIComponent(id);
  const script = doc.createElement('script');
  script.id = TAG_MANAGER_SCRIPT_ID;
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtm.js?id=${query}`;
  doc.head.appendChild(script);
  // Parsed as text while scripting is on (so the frame never loads twice); there for parity.
  const noscript = doc.createElement('noscript');
  noscript.innerHTML = `<iframe src="https://www.googletagmanager.com/ns.html?id=${query}" height="0" width="0" style="display:none;visibility:hidden"></iframe>`;
  doc.body.prepend(noscript);
}

function safeStorage(win: Window): Storage | null {
  try {
    return win.localStorage;
  } catch {
    return null;
  }
}

/** Longest wait for the first remote to mount (a route without one never fires the event). */
export const FIRST_MOUNT_WAIT_MS = 3000;

/**
 * Starts the third parties off the critical path: after the window `load` event and the first
 * remote's mount (single-spa's `single-spa:first-mount`, or FIRST_MOUNT_WAIT_MS after load), then
 * in idle time — so posthog's chunk competes neither with the shell's first paint nor with the
 * first page's code. A visitor granting consent later starts analytics at once (their click).
 */
export function startThirdPartiesWhenIdle(options: ThirdPartyOptions): void {
  const win = options.win ?? window;
  // The chat only listens for `load` now (its clock starts there); the rest waits.
  if (options.config.chat) scheduleChat(options.config.chat, win);
  const start = () => void startThirdParties({ ...options, config: { ...options.config, chat: null } });
  let mounted = false;
  let loaded = win.document.readyState === 'complete';
  let started = false;
  const whenIdle = () => {
    if (started) return;
    started = true;
    if (typeof win.requestIdleCallback === 'function') win.requestIdleCallback(start, { timeout: 2000 });
    else setTimeout(start, 1);
  };
  const maybeStart = () => {
    if (loaded && mounted) whenIdle();
  };
  win.addEventListener('single-spa:first-mount', () => ((mounted = true), maybeStart()), { once: true });
  const afterLoad = () => {
    loaded = true;
    setTimeout(() => ((mounted = true), maybeStart()), FIRST_MOUNT_WAIT_MS);
    maybeStart();
  };
  if (loaded) afterLoad();
  else win.addEventListener('load', afterLoad, { once: true });
}
