import { navigateToUrl } from 'single-spa';
import type { LiveRoutes } from './match-route';
import { planNavigation, planRedirect, type NavigationStep } from './navigation';

export function applyNavigationStep(step: NavigationStep): void {
  if (step.kind === 'full') window.location.assign(step.href);
  else if (step.kind === 'replace') window.history.replaceState(window.history.state, '', step.target);
  else navigateToUrl(step.target);
}

/** Follows the shell's redirect for the current path (by the live routes); true when there was one. */
export function redirectIfNeeded(routes: Pick<LiveRoutes, 'serves'>): boolean {
  const step = planRedirect(window.location.pathname, routes);
  if (step) applyNavigationStep(step);
  return step !== null;
}

/**
 * Whether a step opens another page: a new path, added to history, not aimed at an anchor. Such a
 * page starts at its top, as a page load would; a new query on the same page (filters, sort, a
 * list's page) or a replace keeps the visitor where they are. Back and forward are the browser's.
 */
export function opensAnotherPage(step: NavigationStep, currentHref: string): boolean {
  if (step.kind !== 'push') return false;
  const target = new URL(step.target, currentHref);
  return !target.hash && target.pathname !== new URL(currentHref).pathname;
}

/** The `navigate` mount prop: a navigation any app may ask for, whichever app owns the target. */
export function createNavigate(routes: LiveRoutes, takeReload: () => boolean) {
  return (to: string, options?: { replace?: boolean }) => {
    const currentHref = window.location.href;
    const step = planNavigation(to, { currentHref, reloadPending: takeReload(), routes }, options);
    applyNavigationStep(step);
    if (opensAnotherPage(step, currentHref)) window.scrollTo(0, 0);
  };
}
