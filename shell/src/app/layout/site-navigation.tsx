import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { isAppServerPath, type NavPlace, type NavigationItem, type PageRoute } from '@steel/contract';

/** A link of the site's navigation, with what shows below it in the same place. */
export interface NavLink {
  label: string;
  path: string;
  children: NavLink[];
}

/**
 * The header, the menu drawer and the footer, as the live apps publish them (docs/architecture.md,
 * "Navigation and sitemap"): no app's pages or categories are written into the shell.
 */
export interface SiteNavigation {
  /** The wide header's menus: the apps' trees (the catalogue's categories with their groups), then pages. */
  header: NavLink[];
  /** The drawer's expandable sections: the apps' trees down to their leaves (sub-categories). */
  drawerTree: NavLink[];
  /** The drawer's list of the site's pages, below the tree. */
  drawerPages: NavLink[];
  footer: NavLink[];
}

/** What the shell reads of one live app: its registry entry's pages and navigation tree. */
export interface PublishedNavigation {
  pages: readonly PageRoute[];
  navigation?: readonly NavigationItem[] | undefined;
}

const byOrder = (a: { order: number }, b: { order: number }) => a.order - b.order;

/**
 * A link to a path the app server answers itself (`/metrics`, `/_/…`) leads a visitor to the
 * platform's own, never a page: the gate refuses a version that declares one, and a version forced
 * live past the gate still shows none (with the links below it).
 */
const isPagePath = (item: { path: string }) => !isAppServerPath(item.path);

/** The items of a tree shown in `place`, each with its children shown there; sorted by `order`. */
function treeIn(place: NavPlace, items: readonly NavigationItem[]): NavLink[] {
  return items
    .filter((item) => item.places.includes(place) && isPagePath(item))
    .sort(byOrder)
    .map((item) => ({ label: item.label, path: item.path, children: treeIn(place, item.children ?? []) }));
}

/** The pages that name `place`, across all apps, by their order. */
function pagesIn(place: NavPlace, pages: readonly PageRoute[]): NavLink[] {
  return pages
    .flatMap((page) => (page.nav?.places.includes(place) && isPagePath(page) ? [{ ...page.nav, path: page.path }] : []))
    .sort(byOrder)
    .map(({ label, path }) => ({ label, path, children: [] }));
}

/**
 * The site's navigation from the live apps' registry entries. An app that is not live is not
 * among them, so it contributes nothing; its order among apps does not matter (each item's does).
 */
export function buildSiteNavigation(apps: Iterable<PublishedNavigation | undefined>): SiteNavigation {
  const live = [...apps].filter((app): app is PublishedNavigation => Boolean(app));
  const trees = live.flatMap((app) => app.navigation ?? []);
  const pages = live.flatMap((app) => app.pages);
  return {
    header: [...treeIn('header', trees), ...pagesIn('header', pages)],
    drawerTree: treeIn('drawer', trees),
    drawerPages: pagesIn('drawer', pages),
    footer: pagesIn('footer', pages),
  };
}

/**
 * The navigation the layout renders, replaced when a new registry arrives (a deploy of any app):
 * the server's render builds one from the registry it renders with, the browser from the registry
 * the page embedded and every `/remotes.json` after.
 */
export function createSiteNavigationStore(apps: Iterable<PublishedNavigation | undefined> = []) {
  let navigation = buildSiteNavigation(apps);
  const listeners = new Set<() => void>();
  return {
    get: () => navigation,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    update: (next: Iterable<PublishedNavigation | undefined>) => {
      navigation = buildSiteNavigation(next);
      listeners.forEach((listener) => listener());
    },
  };
}
export type SiteNavigationStore = ReturnType<typeof createSiteNavigationStore>;

const NavigationContext = createContext<SiteNavigationStore | null>(null);

export function SiteNavigationProvider({ store, children }: { store: SiteNavigationStore; children: ReactNode }) {
  return <NavigationContext.Provider value={store}>{children}</NavigationContext.Provider>;
}

/** The site's navigation, re-rendered when the live set changes. */
export function useSiteNavigation(): SiteNavigation {
  const store = useContext(NavigationContext);
  if (!store) throw new Error('useSiteNavigation outside SiteNavigationProvider');
  // The server snapshot is the same: the browser starts from the registry the server rendered with.
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
