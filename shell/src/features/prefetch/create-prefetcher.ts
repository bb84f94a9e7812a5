/**
 * The shell's side of link prefetch (docs/behaviour.md, "Link prefetch"): map a link target to the app that owns it,
 * and download that app's code once, unless it is already loaded. Constants here only.
 */

/** "If more than 4 preloads are pending, wait for them first." */
export const PREFETCH_MAX_PENDING = 4;

export interface PrefetcherOptions<App extends string> {
  /** The app owning a path (route table), or null for unknown paths and app-server paths. */
  resolveApp: (pathname: string) => App | null;
  /** True when the app's code is already in the page (mounted now or before). */
  isLoaded: (app: App) => boolean;
  /** Downloads the app's code without running it. */
  preload: (app: App) => Promise<unknown>;
  /** Base for resolving relative targets; defaults to the page's location. */
  baseUrl?: () => string;
  onError?: (app: App, error: unknown) => void;
}

export interface Prefetcher {
  /** Fire and forget; resolves when this target's preload (if any) settled. */
  prefetch(to: string): Promise<void>;
  /** Preloads started and not settled yet. */
  pendingCount(): number;
}

export function createPrefetcher<App extends string>(options: PrefetcherOptions<App>): Prefetcher {
  const { resolveApp, isLoaded, preload, onError } = options;
  const baseUrl = options.baseUrl ?? (() => window.location.href);
  const seenTargets = new Set<string>();
  const preloadedApps = new Set<App>();
  const pending = new Set<Promise<unknown>>();

  async function prefetch(to: string): Promise<void> {
    let url: URL;
    try {
      url = new URL(to, baseUrl());
    } catch {
      return;
    }
    if (url.origin !== new URL(baseUrl()).origin) return;
    // Each target once (docs/behaviour.md, "Link prefetch"), and each app once however many links point into it.
    const target = url.pathname + url.search;
    if (seenTargets.has(target)) return;
    seenTargets.add(target);
    const app = resolveApp(url.pathname);
    if (!app || preloadedApps.has(app) || isLoaded(app)) return;
    preloadedApps.add(app);

    while (pending.size > PREFETCH_MAX_PENDING) {
      await Promise.all([...pending]).catch(() => undefined);
    }
    if (isLoaded(app)) return; // navigated there while waiting
    const run = preload(app).then(
      () => undefined,
      (error: unknown) => {
        // A failed preload is not a failure of the page: the real navigation loads (and reports) again.
        preloadedApps.delete(app);
        onError?.(app, error);
      },
    );
    pending.add(run);
    try {
      await run;
    } finally {
      pending.delete(run);
    }
  }

  return { prefetch, pendingCount: () => pending.size };
}
