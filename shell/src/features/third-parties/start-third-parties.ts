import type { ConsentState, RuntimeConfig } from '@steel/contract';
import { readConsent, type AppBus } from '@steel/shared';
import { analyticsConsent, loadPosthog, type AnalyticsClient } from './analytics';
import { scheduleChat } from './chat';
import { tagManagerConsent } from './tag-manager';

export { CHAT_DEFAULT_DELAY_MS, CHAT_SCRIPT_ID, scheduleChat } from './chat';
export { TAG_MANAGER_SCRIPT_ID } from './tag-manager';
export type { AnalyticsClient } from './analytics';

export interface ThirdPartyOptions {
  config: Pick<RuntimeConfig, 'analytics' | 'chat' | 'tagManager'>;
  bus: AppBus;
  win?: Window;
  getConsent?: () => ConsentState;
  /** posthog-js, loaded on demand: never part of the first render's code. */
  loadAnalytics?: () => Promise<AnalyticsClient>;
}

/**
 * Starts the optional third parties, each only when the runtime config names it
 * (docs/behaviour.md, "Analytics"; docs/behaviour.md, "Chat"; docs/behaviour.md, "Tag manager"):
 * the chat on its timer, analytics and the tag manager on consent — now and at every change.
 * Called after the shell's first render; nothing here blocks it. Returns a stop function.
 */
export function startThirdParties({
  config,
  bus,
  win = window,
  getConsent = () => readConsent(safeStorage(win)),
  loadAnalytics = loadPosthog,
}: ThirdPartyOptions): () => void {
  const cleanups: Array<() => void> = [];
  if (config.chat) cleanups.push(scheduleChat(config.chat, win));

  // Analytics first, then the tag manager: the order a grant reaches them in.
  const listeners = [analyticsConsent(config.analytics, loadAnalytics), tagManagerConsent(config.tagManager, win)];
  const onConsent = (state: ConsentState) => listeners.forEach((listener) => listener(state));
  onConsent(getConsent());
  bus.on('consent:changed', onConsent);
  cleanups.push(() => bus.off('consent:changed', onConsent));

  return () => cleanups.forEach((cleanup) => cleanup());
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
