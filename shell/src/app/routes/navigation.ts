/**
 * Where a navigation goes, as pure decisions (the browser side only applies them): the shell's
 * redirects, a full load after a deploy or to another origin or an app-server path, else a
 * single-spa navigation without a page load.
 */
import { findRedirect, type LiveRoutes } from './match-route';

export type NavigationStep =
  { kind: 'full'; href: string } | { kind: 'push'; target: string } | { kind: 'replace'; target: string };

const isAbsoluteUrl = (target: string) => /^[a-z][a-z\d+.-]*:/i.test(target);

/** The redirect for the current path, if any: an absolute target (another site) is a full load. */
export function planRedirect(pathname: string, routes: Pick<LiveRoutes, 'serves'>): NavigationStep | null {
  const target = findRedirect(pathname, routes.serves)?.to;
  if (!target) return null;
  return isAbsoluteUrl(target) ? { kind: 'full', href: target } : { kind: 'replace', target };
}

export interface NavigationState {
  currentHref: string;
  /** A new deploy went live since this page loaded: the next navigation loads the page anew. */
  reloadPending: boolean;
  routes: Pick<LiveRoutes, 'match'>;
}

export function planNavigation(
  to: string,
  state: NavigationState,
  options: { replace?: boolean } = {},
): NavigationStep {
  const url = new URL(to, state.currentHref);
  if (state.reloadPending) return { kind: 'full', href: url.href };
  // Another origin, or a path the app server answers: the browser loads it.
  if (url.origin !== new URL(state.currentHref).origin || state.routes.match(url.pathname)?.definition.app === 'server')
    return { kind: 'full', href: url.href };
  const target = url.pathname + url.search + url.hash;
  return options.replace ? { kind: 'replace', target } : { kind: 'push', target };
}
