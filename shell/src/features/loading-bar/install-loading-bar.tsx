import { createRoot } from 'react-dom/client';
import type { AppBus } from '@steel/shared';
import { createLoadingBarController, createLoadingTracker } from './loading-bar-controller';
import { LoadingBar } from './loading-bar';

/**
 * Drives the bar (docs/behaviour.md, "Loading bar"): a single-spa navigation (before-routing-event → routing-event),
 * a remote's code loading and a page's data (`page:loading:start/end` on the bus) are nested
 * starts; the bar finishes when the last ends, red when any failed. It lives in its own small
 * root so it stays above the layout and the full error page alike.
 */
export function installLoadingBar({ bus }: { bus: AppBus }) {
  const controller = createLoadingBarController();
  const tracker = createLoadingTracker(controller);
  let navigating = false;

  window.addEventListener('single-spa:before-routing-event', () => {
    // Reroutes never overlap in single-spa, but a lost routing-event must not leave the bar running.
    if (navigating) return;
    navigating = true;
    tracker.start();
  });
  window.addEventListener('single-spa:routing-event', () => {
    if (!navigating) return;
    navigating = false;
    tracker.end();
  });
  bus.on('page:loading:start', () => tracker.start());
  bus.on('page:loading:end', (payload) => tracker.end({ error: Boolean(payload?.error) }));

  const element = document.createElement('div');
  element.id = 'loading-bar-root';
  document.body.prepend(element);
  createRoot(element).render(<LoadingBar controller={controller} />);
  return { controller, tracker };
}
