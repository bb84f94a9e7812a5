/**
 * What an app publishes about its pages besides their routes
 * (docs/architecture.md, "Navigation and sitemap"): where they appear in the site's navigation and
 * how the sitemap lists them. The shell builds its header, menu drawer and footer from the live
 * registry, the app server its sitemap from the live app manifests; neither names an app's pages in
 * its own code.
 */
import type { RemoteName } from './remotes';

/** The places of the site's navigation: the wide screen's header, the phone's menu drawer, the footer. */
export const NAV_PLACES = ['header', 'drawer', 'footer'] as const;
export type NavPlace = (typeof NAV_PLACES)[number];

/** A page's own entry in the site's navigation (its path is the page's). */
export interface PageNav {
  places: NavPlace[];
  /** Persian, as the link shows it. */
  label: string;
  /** Ascending within a place, across all apps. */
  order: number;
}

/**
 * An entry of an app's navigation tree (the catalogue's categories → groups → sub-categories): the
 * places it shows in, and its children below it there.
 */
export interface NavigationItem {
  label: string;
  path: string;
  places: NavPlace[];
  order: number;
  children?: NavigationItem[];
}

/**
 * How the sitemap lists a page: fixed paths, or one entry per record of a CMS collection the app
 * server reads. A collection source's `path` names fields as placeholders (`/blog/:slug`); a
 * dotted one reads a relation or component (`:sub_category.path`), and one inside an array
 * component gives an entry per element. `lastmod` is the record's `updatedAt`, or for a fixed
 * path the newest `updatedAt` of `lastmodFrom`. `within: 'navigation'` lists a record's path only
 * when it is, or is below, an item of the app's own navigation tree: the CMS may hold a
 * sub-category the live catalogue does not have (yet, or any more), and its page is a 404.
 */
export type SitemapSource =
  { path: string; lastmodFrom?: string } | { collection: string; path: string; within?: 'navigation' };

/**
 * A feed a page declares (RSS 2.0), served at `path` by the app server's one generic feed writer:
 * the latest `limit` published records of a CMS collection, in `sort` order, each item linked at
 * `itemPath` (its placeholders filled as a sitemap source's are) and written from the record's
 * fields that `fields` names. The channel's link is the declaring page's path, its title and
 * description are the page's Persian words. A feed change is the page's app's deploy alone.
 */
export interface FeedSource {
  /** Where the feed is served: a path inside its app's own (`/blog/rss.xml`). */
  path: string;
  title: string;
  description: string;
  collection: string;
  /** Strapi's sort, newest first (`['publish_date:desc', 'id:desc']`). */
  sort: readonly string[];
  /** How many records, 1 to 50. */
  limit: number;
  /** Each item's link, with field placeholders (`/blog/:slug`). */
  itemPath: string;
  /** The record field each item element is written from; only `title` is required. */
  fields: {
    title: string;
    description?: string;
    published?: string;
    author?: string;
    categories?: string;
  };
}

/** Every live remote's navigation tree, from the registry (remotes that publish none are absent). */
export type RemoteNavigation = Partial<Record<RemoteName, readonly NavigationItem[]>>;

/** The navigation trees of a registry's entries, as the shell's server render is given them. */
export function registryNavigation(
  registry: Partial<Record<RemoteName, { navigation?: readonly NavigationItem[] | undefined }>>,
): RemoteNavigation {
  return Object.fromEntries(
    Object.entries(registry).flatMap(([app, entry]) => (entry?.navigation ? [[app, entry.navigation]] : [])),
  );
}
