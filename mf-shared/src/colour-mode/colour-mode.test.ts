import { createColourMode } from './colour-mode';
import { colourModeHeadScript } from './head-script';
import { COLOUR_MODE_STORAGE_KEY, resolveColourMode } from './resolve-colour-mode';

/** Runs the head script from its source, as the page's inline `<script>` does. */
function runHeadScript() {
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the script is source text on purpose: the page inlines it
  const script = new Function(colourModeHeadScript()) as () => void;
  script();
}

/** A controllable `prefers-color-scheme: dark` for jsdom (which has no matchMedia). */
function stubSystem(dark: boolean) {
  const listeners = new Set<(event: MediaQueryListEvent) => void>();
  const media = {
    matches: dark,
    media: '(prefers-color-scheme: dark)',
    addEventListener: (_: string, listener: (event: MediaQueryListEvent) => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: (event: MediaQueryListEvent) => void) => listeners.delete(listener),
  };
  window.matchMedia = jest.fn(() => media as unknown as MediaQueryList);
  return {
    set(next: boolean) {
      media.matches = next;
      for (const listener of listeners) listener({ matches: next } as MediaQueryListEvent);
    },
    listeners,
  };
}

const htmlClass = () => document.documentElement.className;

beforeEach(() => {
  localStorage.clear();
  document.documentElement.className = '';
  document.head.innerHTML = '';
});

describe('resolveColourMode', () => {
  it('forced wins, then light/dark, then the system for system/none/garbage', () => {
    expect(resolveColourMode('light', true, 'dark')).toBe('dark');
    expect(resolveColourMode('dark', false, null)).toBe('dark');
    expect(resolveColourMode('light', true)).toBe('light');
    expect(resolveColourMode('system', true)).toBe('dark');
    expect(resolveColourMode(null, false)).toBe('light');
    expect(resolveColourMode('purple', true, 'system')).toBe('dark');
  });
});

describe('head script (pre-paint)', () => {
  it('applies the stored preference, or the system, with the same rule as the runtime', () => {
    stubSystem(true);
    runHeadScript();
    expect(htmlClass()).toBe('dark');
    localStorage.setItem(COLOUR_MODE_STORAGE_KEY, 'light');
    runHeadScript();
    expect(htmlClass()).toBe('light');
  });

  it('falls back to light when storage or matchMedia fail', () => {
    // @ts-expect-error simulate a browser without matchMedia
    window.matchMedia = undefined;
    runHeadScript();
    expect(htmlClass()).toBe('light');
  });
});

describe('createColourMode', () => {
  it('defaults to system and follows prefers-color-scheme live', () => {
    const system = stubSystem(false);
    const mode = createColourMode();
    expect(mode.getState()).toEqual({ preference: 'system', value: 'light', forced: null });
    expect(htmlClass()).toBe('light');
    system.set(true);
    expect(mode.getState().value).toBe('dark');
    expect(htmlClass()).toBe('dark');
    mode.setPreference('light');
    system.set(false);
    system.set(true);
    expect(htmlClass()).toBe('light');
    mode.destroy();
    expect(system.listeners.size).toBe(0);
  });

  it('stores the preference as a plain string and reads it back', () => {
    stubSystem(false);
    const mode = createColourMode();
    const seen: string[] = [];
    mode.subscribe((state) => seen.push(state.value));
    expect(mode.setPreference('dark')).toBe(true);
    expect(localStorage.getItem(COLOUR_MODE_STORAGE_KEY)).toBe('dark');
    expect(htmlClass()).toBe('dark');
    expect(seen).toEqual(['dark']);
    expect(createColourMode().getState().preference).toBe('dark');
  });

  it('disables transitions for one frame when switching', () => {
    stubSystem(false);
    const frames: FrameRequestCallback[] = [];
    const raf = jest.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    const mode = createColourMode();
    mode.setPreference('dark');
    const style = document.head.querySelector('style');
    expect(style?.textContent).toContain('transition:none!important');
    frames.forEach((callback) => callback(0));
    expect(document.head.querySelector('style')).toBeNull();
    raf.mockRestore();
  });

  it('a forced mode wins; meanwhile the preference changes neither the page nor storage', () => {
    stubSystem(false);
    localStorage.setItem(COLOUR_MODE_STORAGE_KEY, 'light');
    const mode = createColourMode();
    const release = mode.force('dark');
    expect(htmlClass()).toBe('dark');
    expect(mode.setPreference('system')).toBe(false);
    expect(localStorage.getItem(COLOUR_MODE_STORAGE_KEY)).toBe('light');
    expect(mode.getState()).toEqual({ preference: 'light', value: 'dark', forced: 'dark' });
    release();
    expect(htmlClass()).toBe('light');
    expect(mode.getState().forced).toBeNull();
  });

  it('refuses to force system, with a warning', () => {
    stubSystem(true);
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    const mode = createColourMode();
    mode.setPreference('light');
    mode.force('system')();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('only "light" or "dark" can be forced'));
    expect(mode.getState()).toMatchObject({ forced: null, value: 'light' });
    warn.mockRestore();
  });
});
