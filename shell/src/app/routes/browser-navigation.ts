import { navigateToUrl } from 'single-spa';
import type { LiveRoutes } from './match-route';
import { planNavigation, planRedirect, type NavigationStep } from './navigation';

export function applyNavigationStep(step: NavigationStep): void {
  if (step.kind === 'full') window.location.assign(step.href);
  else if (step.kind === 'replace') window.history.replaceState(window.history.state, '', step.target);
  else navigateToUrl(step.target);
}

/** Follows the shell's redirect for the current path; true when there was one. */
export function redirectIfNeeded(): boolean {
  const step = planRedirect(window.location.pathname);
  if (step) applyNavigationStep(step);
  return step !== null;
}

/** The `navigate` mount prop: a navigation any app may ask for, whichever app owns the target. */
export function createNavigate(routes: LiveRoutes, takeReload: () => boolean) {
  return (to: string, options?: { replace?: boolean }) =>
    applyNavigationStep(planNavigation(to, { currentHref: window.location.href, reloadPending: takeReload(), routes }, options));
}
