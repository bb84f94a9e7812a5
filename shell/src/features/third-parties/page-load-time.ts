/**
 * When the window's `load` event fired, by the page's own clock (`performance.now()`). The shell's
 * entry (index.ts) listens from its first task, which runs before the event; its code proper starts
 * a frame later, often after it, and then reads the time here instead of mixing in another clock.
 */
let loadedAt: number | null = null;

export function listenForPageLoad(win: Window = window): void {
  if (win.document.readyState === 'complete') return;
  win.addEventListener('load', () => (loadedAt = win.performance.now()), { once: true });
}

/** The load event's time as heard, else the navigation's own record of it, else null. */
export function pageLoadedAt(win: Window = window): number | null {
  if (loadedAt !== null) return loadedAt;
  const navigation = win.performance?.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
  return navigation && navigation.loadEventStart > 0 ? navigation.loadEventStart : null;
}
