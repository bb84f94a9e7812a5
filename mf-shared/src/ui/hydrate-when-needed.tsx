import { Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import { onceVisible, useHydrated } from '@steel/shared/remote-core';

/** How far ahead of the screen a waiting section starts hydrating (phones scroll fast). */
const HYDRATE_AHEAD_MARGIN = '600px 0px';

interface Gate {
  isOpen: boolean;
  opened: Promise<void>;
  open: () => void;
}

function createGate(): Gate {
  let resolve = () => undefined as void;
  const gate: Gate = { isOpen: false, opened: new Promise<void>((done) => (resolve = done)), open: () => undefined };
  gate.open = () => {
    gate.isOpen = true;
    resolve();
  };
  return gate;
}

/**
 * Holds its children's hydration while the gate is shut — in a hydrating render only: were React
 * ever to render the boundary afresh, it renders at once. It suspends by throwing the promise, as
 * Suspense libraries do (`use()` may not be called conditionally).
 */
function HydrationGate({ gate, children }: { gate: Gate | null; children: ReactNode }) {
  const hydrated = useHydrated();
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- Suspense's protocol: a thrown promise suspends
  if (!hydrated && gate && !gate.isOpen) throw gate.opened;
  return children;
}

/**
 * Server-rendered content whose hydration waits. React hydrates a Suspense boundary on its own:
 * while the gate inside is shut, the server's markup stays as it is (visible, links working as
 * plain links) and costs the start-up nothing — on `/` most of the page is below a phone's first
 * screen, and hydrating it all was the longest task of the start.
 * - `until="near-screen"` (the default): hydrated when it nears the screen;
 * - `until="changed"`: markup only (text, images, plain links: an article's body) is not
 *   hydrated at start-up — there is nothing to hydrate.
 * Either way it is hydrated at once when new content reaches it: a transition (a navigation) waits
 * for a boundary it updates to hydrate, and would wait for ever. Until hydrated, a click on it is
 * the browser's own (a link loads its page) — the reason to open `near-screen` well ahead of the
 * screen. In a page rendered in the browser (a later navigation) nothing waits.
 */
export function HydrateWhenNeeded({
  className,
  until = 'near-screen',
  children,
}: {
  className?: string;
  until?: 'near-screen' | 'changed';
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  // Made in the hydrating render only (the server has no window; a browser render needs none).
  const [gate] = useState<Gate | null>(() => (!hydrated && typeof window !== 'undefined' ? createGate() : null));
  const watch = useCallback(
    (element: HTMLDivElement | null) => {
      if (!element || !gate || until === 'changed') return;
      if (typeof IntersectionObserver === 'undefined') return gate.open();
      return onceVisible(element, gate.open, { margin: HYDRATE_AHEAD_MARGIN });
    },
    [gate, until],
  );
  // New content for a boundary still waiting: React hydrates it with what it showed, then updates.
  const [firstChildren] = useState(children);
  if (gate && children !== firstChildren) gate.open();
  // The same element across this component's own re-render after hydration: React then leaves the
  // boundary alone (new props on a boundary still waiting would have React deal with it at once).
  const content = useMemo(
    () => (
      <Suspense fallback={null}>
        <HydrationGate gate={gate}>{children}</HydrationGate>
      </Suspense>
    ),
    [gate, children],
  );
  return (
    <div className={className} ref={watch}>
      {content}
    </div>
  );
}
