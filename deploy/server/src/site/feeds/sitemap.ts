/**
 * `/sitemap.xml`, made from what the live apps declare
 * (docs/architecture.md, "Navigation and sitemap"): each page lists fixed paths or a CMS
 * collection whose records give its paths (`/blog/:slug`, `/:sub_category.path/:slug`). One
 * generic reader serves every declaration, so a page, a collection or a new sub-category goes into
 * the sitemap with its app's deploy alone.
 */
import {
  isAppServerPath,
  type NavigationItem,
  type RemoteNavigation,
  type RemotePages,
  type SitemapSource,
} from '@steel/contract';
import { buildXml } from './xml';
import { fieldsQuery, readCollection } from './cms-collections';

export interface SitemapEntry {
  path: string;
  lastmod?: string;
}

type CollectionSource = Extract<ReadableSource, { collection: string }>;
type FixedSource = Exclude<ReadableSource, CollectionSource>;
const isCollectionSource = (source: ReadableSource): source is CollectionSource => 'collection' in source;

/** A CMS record as the reader asks for it: the fields its sources name, relations and components nested. */
type CmsRecord = Record<string, unknown> & { updatedAt?: string };

/** A source as the reader takes it: one `within: 'navigation'` carries its app's navigation. */
export type ReadableSource = SitemapSource & { onlyWithin?: NavigationPaths };

/** An app's navigation as the sitemap filters by it: every item's path, and the leaves' apart. */
interface NavigationPaths {
  items: readonly string[];
  leaves: readonly string[];
}

function navigationPaths(items: readonly NavigationItem[]): NavigationPaths {
  const all = (list: readonly NavigationItem[]): NavigationItem[] =>
    list.flatMap((item) => [item, ...all(item.children ?? [])]);
  const flat = all(items);
  return {
    items: flat.map((item) => item.path),
    leaves: flat.filter((item) => !item.children?.length).map((item) => item.path),
  };
}

/**
 * The sitemap sources of the live pages, each once (every category page declares the same tree);
 * a source kept within its app's navigation gets that app's navigation paths (none: nothing listed).
 * A fixed path the app server answers itself is no page (a version forced live past the gate may
 * declare one): it is left out, as a record's path of that kind is (`listedPaths`).
 */
export function sitemapSources(pages: RemotePages, navigation: RemoteNavigation = {}): ReadableSource[] {
  const sources = Object.entries(pages).flatMap(([app, routes]) =>
    (routes ?? []).flatMap((route) =>
      (route.sitemap ?? []).flatMap((source): ReadableSource[] => {
        if (!isCollectionSource(source) && isAppServerPath(source.path)) return [];
        return 'within' in source && source.within === 'navigation'
          ? [{ ...source, onlyWithin: navigationPaths(navigation[app] ?? []) }]
          : [source];
      }),
    ),
  );
  return [...new Map(sources.map((source) => [JSON.stringify(source), source])).values()];
}

/**
 * Whether a record's path may be listed within a navigation: it is one of its items (a category,
 * a group, a sub-category), or one segment below a leaf (a product below its sub-category). A
 * sub-category the tree does not have is neither, though it lies below its category.
 */
function allowed(path: string, within: NavigationPaths | undefined): boolean {
  if (!within) return true;
  const parent = path.slice(0, path.lastIndexOf('/'));
  return within.items.includes(path) || within.leaves.includes(parent);
}

/**
 * The paths a record gives a collection source that the sitemap lists (within its app's navigation
 * when asked; never one the app server answers itself, such as a record whose slug is `metrics`).
 */
export function listedPaths(source: CollectionSource, record: unknown): string[] {
  return sourcePaths(source.path, record).filter((path) => allowed(path, source.onlyWithin) && !isAppServerPath(path));
}

/** Every CMS collection the sources read: a change to one of them remakes the sitemap. */
export function sitemapCollections(sources: readonly ReadableSource[]): string[] {
  return [
    ...new Set(
      sources.flatMap((source) =>
        isCollectionSource(source) ? [source.collection] : source.lastmodFrom ? [source.lastmodFrom] : [],
      ),
    ),
  ];
}

/** The placeholders of a source's path: `/:sub_category.path/:slug` → `sub_category.path`, `slug`. */
export const placeholders = (path: string) =>
  path.split('/').flatMap((segment) => (segment.startsWith(':') ? [segment.slice(1)] : []));

/** `a.b` → `populate[a][populate][b]`: Strapi's way down relations and components. */
const populateKey = (through: string) =>
  through
    .split('.')
    .map((part, index) => (index === 0 ? `populate[${part}]` : `[populate][${part}]`))
    .join('');

/**
 * Strapi's query for the fields the placeholders name, with `updatedAt`: a plain name is a field,
 * a dotted one populates the relation or component on the way (`populate[sub_category][fields][0]=path`).
 */
export function collectionQuery(fields: readonly string[]): Array<readonly [string, string]> {
  const own = new Set(['updatedAt']);
  const nested = new Map<string, Set<string>>();
  for (const field of fields) {
    const dot = field.lastIndexOf('.');
    if (dot < 0) own.add(field);
    else {
      const through = field.slice(0, dot);
      nested.set(through, (nested.get(through) ?? new Set()).add(field.slice(dot + 1)));
    }
  }
  return [
    ...fieldsQuery('fields', [...own]),
    ...[...nested].flatMap(([through, names]) => fieldsQuery(`${populateKey(through)}[fields]`, [...names])),
  ];
}

/** The values a dotted field has in a record: one per element of an array on the way; none when missing. */
function valuesOf(record: unknown, field: string): string[] {
  let values: unknown[] = [record];
  for (const part of field.split('.'))
    values = values.flatMap((value): unknown[] => {
      const next: unknown = value && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined;
      return Array.isArray(next) ? (next as unknown[]) : next === undefined || next === null ? [] : [next];
    });
  return values.flatMap((value) =>
    typeof value === 'string' && value !== '' ? [value] : typeof value === 'number' ? [String(value)] : [],
  );
}

/**
 * The site paths one record gives a source: its placeholders filled with the record's values (an
 * array component gives a path per element, a missing relation none). A value may hold slashes
 * (a sub-category's `rebar/kalaf`); doubled slashes are made one.
 */
export function sourcePaths(path: string, record: unknown): string[] {
  let paths = [''];
  for (const segment of path.split('/').slice(1)) {
    const values = segment.startsWith(':') ? valuesOf(record, segment.slice(1)) : [segment];
    paths = paths.flatMap((prefix) => values.map((value) => `${prefix}/${value}`));
  }
  return paths.map((filled) => filled.replace(/\/{2,}/g, '/'));
}

/** The newest `updatedAt` of some records (ISO strings compare in time order). */
const newest = (records: readonly CmsRecord[]) =>
  records.reduce<string | undefined>(
    (latest, { updatedAt }) => (updatedAt && (!latest || updatedAt > latest) ? updatedAt : latest),
    undefined,
  );

export async function readSitemapEntries(cmsUrl: string, sources: readonly ReadableSource[]): Promise<SitemapEntry[]> {
  const collectionSources = sources.filter(isCollectionSource);
  const fixed = sources.filter((source): source is FixedSource => !isCollectionSource(source));
  // Each collection read once, for every field its sources name.
  const collections = sitemapCollections(sources);
  const records = new Map(
    await Promise.all(
      collections.map(async (collection) => {
        const fields = collectionSources
          .filter((source) => source.collection === collection)
          .flatMap((source) => placeholders(source.path));
        return [collection, await readCollection<CmsRecord>(cmsUrl, collection, collectionQuery(fields))] as const;
      }),
    ),
  );
  const entries: SitemapEntry[] = fixed.map(({ path, lastmodFrom }) => {
    const lastmod = lastmodFrom ? newest(records.get(lastmodFrom) ?? []) : undefined;
    return lastmod ? { path, lastmod } : { path };
  });
  for (const source of collectionSources)
    for (const record of records.get(source.collection) ?? [])
      for (const path of listedPaths(source, record))
        entries.push(record.updatedAt ? { path, lastmod: record.updatedAt } : { path });
  // One URL once (a CMS slip such as a group and a sub-category on the same path).
  return [...new Map(entries.map((entry) => [entry.path, entry])).values()];
}

export function sitemapXml(siteUrl: string, entries: readonly SitemapEntry[]): string {
  return buildXml({
    urlset: {
      '@xmlns': 'http://www.sitemaps.org/schemas/sitemap/0.9',
      url: entries.map(({ path, lastmod }) => ({
        loc: `${siteUrl}${encodeURI(path)}`,
        ...(lastmod ? { lastmod } : {}),
      })),
    },
  });
}
