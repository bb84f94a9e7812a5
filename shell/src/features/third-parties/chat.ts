import type { RuntimeConfig } from '@steel/contract';
import { pageLoadedAt } from './page-load-time';

/** Chat widget delay after the window `load` event when the config gives none (docs/behaviour.md, "Chat"). */
export const CHAT_DEFAULT_DELAY_MS = 5000;
export const CHAT_SCRIPT_ID = 'chat-widget-script';

/**
 * Injects the chat provider's script `delayMs` (default 5000) after the window `load` event,
 * consent or not (no personal data is sent before the visitor opens it). When the page has
 * already loaded, the time since its load event counts. Returns a cancel function.
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
    const loadedAt = pageLoadedAt(win);
    schedule(loadedAt === null ? 0 : win.performance.now() - loadedAt);
  } else {
    win.addEventListener('load', onLoad, { once: true });
  }
  return () => {
    win.removeEventListener('load', onLoad);
    clearTimeout(timer);
  };
}
