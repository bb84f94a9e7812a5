import {
  COLOUR_MODE_DEFAULT,
  COLOUR_MODE_STORAGE_KEY,
  PREFERS_DARK_QUERY,
  isColourModePreference,
  resolveColourMode,
  type ColourMode,
  type ColourModePreference,
} from './resolve-colour-mode';

export interface ColourModeState {
  preference: ColourModePreference;
  /** What <html> shows now. */
  value: ColourMode;
  /** The mode a page forces, or null. */
  forced: ColourMode | null;
}

export interface ColourModeController {
  getState(): ColourModeState;
  /** Saves and applies a preference; ignored (returns false) while a page forces a mode. */
  setPreference(preference: ColourModePreference): boolean;
  /** Forces `light` or `dark` for the current page; returns the function that lifts it. */
  force(mode: ColourModePreference): () => void;
  subscribe(listener: (state: ColourModeState) => void): () => void;
  destroy(): void;
}

/** `*{transition:none!important}` for one frame, so switching does not animate every colour. */
const NO_TRANSITION_CSS = '*,*::before,*::after{-webkit-transition:none!important;transition:none!important}';

/**
 * The runtime side of (docs/behaviour.md, "Colour mode"): reads and writes the preference in localStorage, follows
 * `prefers-color-scheme` live while the preference is `system`, lets a page force a mode, and
 * keeps the `dark`/`light` class on <html> that the head script set before first paint.
 */
export function createColourMode(win: Window = window): ColourModeController {
  const doc = win.document;
  const media = typeof win.matchMedia === 'function' ? win.matchMedia(PREFERS_DARK_QUERY) : null;
  const listeners = new Set<(state: ColourModeState) => void>();

  const readStored = (): ColourModePreference => {
    try {
      const stored = win.localStorage.getItem(COLOUR_MODE_STORAGE_KEY);
      return isColourModePreference(stored) ? stored : COLOUR_MODE_DEFAULT;
    } catch {
      return COLOUR_MODE_DEFAULT;
    }
  };

  let preference = readStored();
  const forcedStack: Array<{ mode: ColourMode }> = [];
  const forced = () => forcedStack[forcedStack.length - 1]?.mode ?? null;
  const compute = (): ColourModeState => ({
    preference,
    forced: forced(),
    value: resolveColourMode(preference, media?.matches ?? false, forced()),
  });
  let state = compute();

  const apply = (next: ColourMode) => {
    const root = doc.documentElement;
    if (root.classList.contains(next) && !root.classList.contains(next === 'dark' ? 'light' : 'dark')) return;
    const style = doc.createElement('style');
    style.appendChild(doc.createTextNode(NO_TRANSITION_CSS));
    doc.head.appendChild(style);
    root.classList.remove('light', 'dark');
    root.classList.add(next);
    root.style.colorScheme = next;
    // Force a style recalculation with transitions off, then allow them again after a frame.
    void win.getComputedStyle(doc.body ?? root).opacity;
    const restore = () => style.remove();
    if (typeof win.requestAnimationFrame === 'function') win.requestAnimationFrame(restore);
    else setTimeout(restore, 16);
  };

  const update = () => {
    const next = compute();
    const changed = next.value !== state.value || next.preference !== state.preference || next.forced !== state.forced;
    state = next;
    apply(state.value);
    if (changed) for (const listener of listeners) listener(state);
  };

  const onSystemChange = () => update();
  media?.addEventListener?.('change', onSystemChange);

  // Another tab changed the preference: follow it.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== COLOUR_MODE_STORAGE_KEY) return;
    preference = isColourModePreference(event.newValue) ? event.newValue : COLOUR_MODE_DEFAULT;
    update();
  };
  win.addEventListener('storage', onStorage);

  // The head script already set the class; this only corrects it if, say, storage was blocked.
  apply(state.value);

  return {
    getState: () => state,
    setPreference(next) {
      if (!isColourModePreference(next)) return false;
      if (forced()) return false;
      preference = next;
      try {
        win.localStorage.setItem(COLOUR_MODE_STORAGE_KEY, next);
      } catch {
        // Storage blocked: the choice lasts for this page only.
      }
      update();
      return true;
    },
    force(mode) {
      if (mode !== 'light' && mode !== 'dark') {
        console.warn(`Cannot force the colour mode to "${String(mode)}": only "light" or "dark" can be forced.`);
        return () => {};
      }
      const entry = { mode };
      forcedStack.push(entry);
      update();
      return () => {
        const index = forcedStack.indexOf(entry);
        if (index === -1) return;
        forcedStack.splice(index, 1);
        update();
      };
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    destroy() {
      media?.removeEventListener?.('change', onSystemChange);
      win.removeEventListener('storage', onStorage);
      listeners.clear();
    },
  };
}
