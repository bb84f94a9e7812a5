/**
 * One IntersectionObserver for every element that waits to be seen (each `Link`'s prefetch; one
 * per copy of this kernel, so one per app on the page, not one per link). A
 * page holds a hundred links or more — the header's category menu, the footer, product and article
 * lists — and an observer of its own per link is a hundred objects made, and a hundred first
 * intersection checks run, during hydration's effects on a phone's main thread.
 */
const waiting = new Map<Element, () => void>();
let observer: IntersectionObserver | null = null;

function sharedObserver(): IntersectionObserver {
  observer ??= new IntersectionObserver((entries) => {
    for (const entry of entries) {
      const seen = entry.isIntersecting ? waiting.get(entry.target) : undefined;
      if (!seen) continue;
      waiting.delete(entry.target);
      observer?.unobserve(entry.target);
      seen();
    }
  });
  return observer;
}

/** Calls `seen` once, the first time `element` is on screen. Returns the cancel. */
export function onceVisible(element: Element, seen: () => void): () => void {
  waiting.set(element, seen);
  sharedObserver().observe(element);
  return () => {
    // Only its own registration: a newer one for the same element (a re-run effect) stays.
    if (waiting.get(element) !== seen) return;
    waiting.delete(element);
    observer?.unobserve(element);
  };
}
