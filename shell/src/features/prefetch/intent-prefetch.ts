import { currentConnection, mayPrefetch } from '@steel/shared';

/** Each target once per this long: a pointer that wanders back over a link does not fetch again. */
export const INTENT_REPEAT_MS = 30_000;

/**
 * Prefetch on intent: a link pointed at or focused asks the app that owns its target to fetch the
 * page's data and code (that app's code runs now, since the visitor is heading there), so the
 * click renders at once — where visible-link prefetch only downloads. Same-origin paths of a known
 * app only, the same rules as link prefetch (no Save-Data, no slow connection).
 */
export function createIntentPrefetch<App extends string>(options: {
  owner: (pathname: string) => App | null;
  prefetchPage: (app: App, path: string) => Promise<void>;
  now?: () => number;
  baseUrl?: () => string;
}): (to: string) => void {
  const now = options.now ?? Date.now;
  const baseUrl = options.baseUrl ?? (() => window.location.href);
  const lastAsked = new Map<string, number>();
  return (to) => {
    let url: URL;
    try {
      url = new URL(to, baseUrl());
    } catch {
      return;
    }
    const path = url.pathname + url.search;
    if (url.origin !== new URL(baseUrl()).origin || !mayPrefetch({ to: path, connection: currentConnection() })) return;
    const app = options.owner(url.pathname);
    if (!app) return;
    const asked = lastAsked.get(path);
    if (asked !== undefined && now() - asked < INTENT_REPEAT_MS) return;
    lastAsked.set(path, now());
    void options.prefetchPage(app, path);
  };
}
