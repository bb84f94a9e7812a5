/** The top loading bar's behaviour (docs/behaviour.md, "Loading bar"), free of React and the DOM so it is unit-testable. */

/** The timings of (docs/behaviour.md, "Loading bar"), exactly. */
export const LOADING_BAR = {
  heightPx: 3,
  zIndex: 999999,
  /** A navigation that finishes sooner never shows the bar. */
  throttleMs: 200,
  /** Curve parameter: progress = (200/π)·atan(elapsed/duration·2). */
  durationMs: 2000,
  hideMs: 500,
  resetMs: 400,
} as const;

export interface LoadingBarState {
  progress: number;
  visible: boolean;
  error: boolean;
}

export interface LoadingBarTimers {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (id: unknown) => void;
  requestAnimationFrame: (fn: () => void) => unknown;
  cancelAnimationFrame: (id: unknown) => void;
  now: () => number;
}

const browserTimers = (): LoadingBarTimers => ({
  setTimeout: (fn, ms) => window.setTimeout(fn, ms),
  clearTimeout: (id) => window.clearTimeout(id as number),
  requestAnimationFrame: (fn) => window.requestAnimationFrame(fn),
  cancelAnimationFrame: (id) => window.cancelAnimationFrame(id as number),
  now: () => performance.now(),
});

/** Progress after `elapsed` ms: ≈50 at 1 s, ≈70.5 at 2 s, never 100 by itself. */
export function loadingProgress(elapsedMs: number, durationMs: number = LOADING_BAR.durationMs): number {
  const value = (200 / Math.PI) * Math.atan((elapsedMs / durationMs) * 2);
  return Math.min(100, Math.max(0, value));
}

export function createLoadingBarController(timers: LoadingBarTimers = browserTimers()) {
  let state: LoadingBarState = { progress: 0, visible: false, error: false };
  const listeners = new Set<(state: LoadingBarState) => void>();
  let throttle: unknown = null;
  let hide: unknown = null;
  let reset: unknown = null;
  let frame: unknown = null;
  let startedAt = 0;

  function set(patch: Partial<LoadingBarState>) {
    state = { ...state, ...patch };
    listeners.forEach((listener) => listener(state));
  }

  function clearAll() {
    for (const id of [throttle, hide, reset]) if (id !== null) timers.clearTimeout(id);
    if (frame !== null) timers.cancelAnimationFrame(frame);
    throttle = hide = reset = frame = null;
  }

  function tick() {
    set({ progress: loadingProgress(timers.now() - startedAt) });
    frame = timers.requestAnimationFrame(tick);
  }

  return {
    get: () => state,
    subscribe: (listener: (state: LoadingBarState) => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    /** A navigation (or a page's data load) began. */
    start() {
      clearAll();
      set({ progress: 0, error: false });
      throttle = timers.setTimeout(() => {
        throttle = null;
        startedAt = timers.now();
        set({ visible: true });
        frame = timers.requestAnimationFrame(tick);
      }, LOADING_BAR.throttleMs);
    },
    /** It ended: 100 % at once, fade out after 500 ms, back to 0 another 400 ms later. */
    finish({ error = false }: { error?: boolean } = {}) {
      // Within the throttle `visible` is still false and stays so: the bar never appears.
      clearAll();
      set({ progress: 100, error });
      hide = timers.setTimeout(() => {
        hide = null;
        set({ visible: false });
        reset = timers.setTimeout(() => {
          reset = null;
          set({ progress: 0, error: false });
        }, LOADING_BAR.resetMs);
      }, LOADING_BAR.hideMs);
    },
  };
}

export type LoadingBarController = ReturnType<typeof createLoadingBarController>;

/**
 * Counts nested starts (a navigation, a remote loading, a page's data) so the bar finishes only
 * when the last one ends; any failure among them turns it red.
 */
export function createLoadingTracker(controller: LoadingBarController) {
  let pending = 0;
  let failed = false;
  return {
    start() {
      if (pending++ === 0) {
        failed = false;
        controller.start();
      }
    },
    end({ error = false }: { error?: boolean } = {}) {
      if (pending === 0) return;
      failed ||= error;
      if (--pending === 0) controller.finish({ error: failed });
    },
    get pending() {
      return pending;
    },
  };
}
