import type { ShellStore } from '../state/shell-store';
import { redirectIfNeeded } from './browser-navigation';
import type { LiveRoutes } from './match-route';

/** Before single-spa changes apps: redirects, then the new route's guards; after: the shell's state. */
export function installRouteListeners({
  store,
  routes,
  guardNavigation,
}: {
  store: ShellStore;
  routes: Pick<LiveRoutes, 'serves'>;
  guardNavigation: () => Promise<void>;
}): void {
  window.addEventListener('single-spa:before-routing-event', () => {
    redirectIfNeeded(routes);
    void guardNavigation();
  });
  window.addEventListener('single-spa:routing-event', () => store.syncLocation());
  window.addEventListener('popstate', () => store.syncLocation());
}
