import type { ConsentState, RuntimeConfig } from '@steel/contract';

export const TAG_MANAGER_SCRIPT_ID = 'tag-manager-script';

/** The tag manager, injected once at the first grant (docs/behaviour.md, "Tag manager"). Returns the consent listener. */
export function tagManagerConsent(tagManager: RuntimeConfig['tagManager'], win: Window = window) {
  let injected = false;
  return (state: ConsentState) => {
    if (state !== 'granted' || !tagManager || injected) return;
    injected = true;
    injectTagManager(win, tagManager.id);
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
