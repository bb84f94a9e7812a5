import { useEffect, useState } from 'react';

/**
 * How long a client navigation waits for a page's data before the page says it is still loading
 * (docs/behaviour.md, "Page data on client navigation"): past the answer of a CMS in good health,
 * and early enough that the words are on screen within 2 s of the click.
 */
export const STILL_LOADING_AFTER_MS = 1500;

/**
 * Page data a client navigation waits for, by the address it waits at. A navigation is a React
 * transition (react-router's): the page on screen stays until the new one can render, so the
 * wait cannot show itself where the new page will be — `PageRoutes` shows it above the page.
 * One list per copy of this module: the remotes built from the same kit code share it (it is in
 * `@steel/shared/remote-core`), and a wait is by its address, so one app's `PageRoutes` on screen
 * shows only a wait for the page it is about to show.
 */
interface PageDataWait {
  path: string;
}

const waits = new Set<PageDataWait>();
/** Since when the visitor has waited (from the first of the waits under way), or null. */
let waitingSince: { at: number } | null = null;
const listeners = new Set<() => void>();
let notifyQueued = false;

function changed() {
  if (waits.size === 0) waitingSince = null;
  else waitingSince ??= { at: Date.now() };
  // A wait starts inside a render (the page's query runs as it suspends): listeners hear of it
  // after the render, never as a state update in the middle of it.
  if (notifyQueued) return;
  notifyQueued = true;
  queueMicrotask(() => {
    notifyQueued = false;
    for (const listener of listeners) listener();
  });
}

/** A navigation waits at `path` from now; the returned function ends the wait. */
export function startPageDataWait(path: string): () => void {
  const wait = { path };
  waits.add(wait);
  changed();
  return () => {
    if (waits.delete(wait)) changed();
  };
}

/** The page at `path` is on screen: a wait at any other address was left by a later navigation. */
export function forgetPageDataWaitsElsewhere(path: string): void {
  let forgot = false;
  for (const wait of waits) {
    if (wait.path === path) continue;
    waits.delete(wait);
    forgot = true;
  }
  if (forgot) changed();
}

/**
 * Whether a navigation is waiting for page data (`waiting`), and whether it has waited
 * `STILL_LOADING_AFTER_MS` (`stillLoading`) — until the data comes or fails.
 */
export function usePageDataWait(): { waiting: boolean; stillLoading: boolean } {
  const [since, setSince] = useState<{ at: number } | null>(null);
  const [dueSince, setDueSince] = useState<{ at: number } | null>(null);
  useEffect(() => {
    const update = () => setSince(waitingSince);
    update();
    listeners.add(update);
    return () => void listeners.delete(update);
  }, []);
  useEffect(() => {
    if (since === null) return;
    const timer = setTimeout(() => setDueSince(since), Math.max(0, since.at + STILL_LOADING_AFTER_MS - Date.now()));
    return () => clearTimeout(timer);
  }, [since]);
  return { waiting: since !== null, stillLoading: since !== null && dueSince === since };
}
