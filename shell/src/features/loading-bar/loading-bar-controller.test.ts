import {
  LOADING_BAR,
  createLoadingBarController,
  createLoadingTracker,
  loadingProgress,
} from './loading-bar-controller';

/** jest's modern fake timers drive setTimeout, requestAnimationFrame (16 ms frames) and performance.now. */
function controller() {
  return createLoadingBarController({
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
    requestAnimationFrame: (fn) => requestAnimationFrame(fn),
    cancelAnimationFrame: (id) => cancelAnimationFrame(id as number),
    now: () => Date.now(),
  });
}

describe('loading bar controller', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('follows (200/π)·atan(elapsed/duration·2), clamped 0..100', () => {
    expect(loadingProgress(0)).toBe(0);
    expect(loadingProgress(1000)).toBeCloseTo(50, 5);
    expect(loadingProgress(2000)).toBeCloseTo(70.48, 1);
    expect(loadingProgress(4000)).toBeCloseTo(84.4, 1);
    expect(loadingProgress(-5)).toBe(0);
    expect(loadingProgress(1e12)).toBeLessThanOrEqual(100);
    expect(LOADING_BAR).toEqual({
      heightPx: 3,
      zIndex: 999999,
      throttleMs: 200,
      durationMs: 2000,
      hideMs: 500,
      resetMs: 400,
    });
  });

  it('stays hidden for 200 ms, then animates every frame', () => {
    const bar = controller();
    bar.start();
    jest.advanceTimersByTime(199);
    expect(bar.get()).toEqual({ progress: 0, visible: false, error: false });
    jest.advanceTimersByTime(1);
    expect(bar.get().visible).toBe(true);
    jest.advanceTimersByTime(1000);
    expect(bar.get().progress).toBeGreaterThan(48);
    expect(bar.get().progress).toBeLessThanOrEqual(50);
    jest.advanceTimersByTime(60_000);
    expect(bar.get().progress).toBeLessThan(100);
  });

  it('a navigation that finishes within the throttle never shows the bar', () => {
    const bar = controller();
    const seen: boolean[] = [];
    bar.subscribe((state) => seen.push(state.visible));
    bar.start();
    jest.advanceTimersByTime(150);
    bar.finish();
    jest.advanceTimersByTime(5000);
    expect(seen).not.toContain(true);
    expect(bar.get()).toEqual({ progress: 0, visible: false, error: false });
  });

  it('finish: 100 at once, hidden after 500 ms, reset to 0 another 400 ms later', () => {
    const bar = controller();
    bar.start();
    jest.advanceTimersByTime(700);
    bar.finish();
    expect(bar.get()).toEqual({ progress: 100, visible: true, error: false });
    jest.advanceTimersByTime(499);
    expect(bar.get().visible).toBe(true);
    jest.advanceTimersByTime(1);
    expect(bar.get()).toEqual({ progress: 100, visible: false, error: false });
    jest.advanceTimersByTime(399);
    expect(bar.get().progress).toBe(100);
    jest.advanceTimersByTime(1);
    expect(bar.get().progress).toBe(0);
  });

  it('finish({error}) turns the bar red; start() clears the error and pending timers', () => {
    const bar = controller();
    bar.start();
    jest.advanceTimersByTime(300);
    bar.finish({ error: true });
    expect(bar.get()).toMatchObject({ progress: 100, error: true });
    jest.advanceTimersByTime(100);
    bar.start();
    expect(bar.get()).toEqual({ progress: 0, visible: true, error: false });
    jest.advanceTimersByTime(1000);
    // The cancelled hide timer did not fire.
    expect(bar.get().visible).toBe(true);
  });

  it('the tracker finishes only when the last nested start ends, red if any failed', () => {
    const bar = controller();
    const tracker = createLoadingTracker(bar);
    tracker.start();
    tracker.start();
    jest.advanceTimersByTime(300);
    tracker.end({ error: true });
    expect(bar.get().progress).toBeLessThan(100);
    tracker.end();
    expect(bar.get()).toMatchObject({ progress: 100, error: true });
    tracker.end(); // unmatched end is ignored
    expect(tracker.pending).toBe(0);
  });
});
