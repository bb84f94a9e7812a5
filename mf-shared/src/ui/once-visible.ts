/**
 * One IntersectionObserver per margin for every element that waits to be seen (each `Link`'s
 * prefetch, each section whose hydration waits; one per copy of this kernel, so one per app on the
 * page, not one per element). A page holds a hundred links or more — the header's category menu,
 * the footer, product and article lists — and an observer of its own per link is a hundred
 * objects made, and a hundred first intersection checks run, during hydration's effects on a
 * phone's main thread.
 */
const observers = new Map<string, { observer: IntersectionObserver; waiting: Map<Element, () => void> }>();

function sharedObserver(margin: string) {
  let shared = observers.get(margin);
  if (!shared) {
    const waiting = new Map<Element, () => void>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const seen = entry.isIntersecting ? waiting.get(entry.target) : undefined;
          if (!seen) continue;
          waiting.delete(entry.target);
          observer.unobserve(entry.target);
          seen();
        }
      },
      { rootMargin: margin },
    );
    shared = { observer, waiting };
    observers.set(margin, shared);
  }
  return shared;
}

/**
 * Calls `seen` once, the first time `element` is on screen — or within `margin` of it (CSS margin
 * syntax, e.g. `'400px 0px'`: to start work just before the element is scrolled to). Returns the
 * cancel.
 */
export function onceVisible(
  element: Element,
  seen: () => void,
  { margin = '0px' }: { margin?: string } = {},
): () => void {
  const { observer, waiting } = sharedObserver(margin);
  waiting.set(element, seen);
  observer.observe(element);
  return () => {
    // Only its own registration: a newer one for the same element (a re-run effect) stays.
    if (waiting.get(element) !== seen) return;
    waiting.delete(element);
    observer.unobserve(element);
  };
}
