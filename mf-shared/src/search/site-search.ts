/**
 * The site search, one client for every app: the shell's command palette and
 * the catalogue's `/search?q=` page ask the CMS the same way and link results the same way.
 * The CMS does the matching (`GET /api/search?q=&limit=`, deploy/cms/src/api/search): Persian-
 * aware normalisation on both sides of a substring test, every word must match, grouped answers.
 */
import { queryOptions } from '@tanstack/react-query';
import type { ContentClient, ContentReadOptions } from '../api/content-types';

/** The search's name on buttons and headings (data/domain/persian-ui.md, key `search`). */
export const SEARCH_LABEL = 'جستجو';

/** The groups, in the order the CMS answers them and the site shows them. */
export const SEARCH_GROUP_TYPES = ['categories', 'subCategories', 'products', 'factories', 'articles'] as const;
export type SearchGroupType = (typeof SEARCH_GROUP_TYPES)[number];

export const searchGroupTitles: Record<SearchGroupType, string> = {
  categories: 'دسته‌بندی‌ها',
  subCategories: 'زیردسته‌ها',
  products: 'محصولات',
  factories: 'کارخانه‌ها',
  articles: 'اخبار و مقالات',
};

export interface SearchItem {
  documentId: string;
  slug: string;
  title: string;
  subtitle: string | null;
  /** Sub-categories: their own path; products: their sub-category's (`rebar/kalaf`, no leading slash). */
  path?: string | null;
}

export interface SearchGroup {
  type: SearchGroupType;
  /** Every match in the catalogue; `items` holds the best few. */
  total: number;
  items: SearchItem[];
}

export interface SearchAnswer {
  /** The query as the CMS normalised it ('' when nothing searchable was typed). */
  query: string;
  groups: SearchGroup[];
}

/** The CMS refuses longer queries; the inputs stop there. */
export const SEARCH_QUERY_MAX_LENGTH = 100;
/** Per group: the palette shows a few, the search page more. */
export const PALETTE_RESULTS_PER_GROUP = 5;
export const PAGE_RESULTS_PER_GROUP = 20;

/** The collections a search reads: a content change in any of them makes its cached page stale. */
const SEARCHED_COLLECTIONS = ['categories', 'sub-categories', 'products', 'factories', 'articles'];

export const searchQueryText = (value: string | null | undefined) =>
  (value ?? '').trim().slice(0, SEARCH_QUERY_MAX_LENGTH);

export async function searchSite(
  api: ContentClient,
  query: string,
  limit: number,
  options?: ContentReadOptions,
): Promise<SearchAnswer> {
  const answer = await api.request<{ data: SearchAnswer }>('/search', {
    ...options,
    query: { q: searchQueryText(query), limit },
  });
  return answer.data;
}

/** Query options (page-data pattern); `meta.collections` names every collection it reads. */
export const siteSearchQuery = (api: ContentClient, query: string, limit: number) =>
  queryOptions({
    queryKey: ['search', searchQueryText(query), limit],
    queryFn: ({ signal }) => searchSite(api, query, limit, { signal }),
    meta: { collections: SEARCHED_COLLECTIONS },
  });

/** Where a result's page lives (the shell's route table): products under their sub-category. */
export function searchResultHref(type: SearchGroupType, item: SearchItem): string | null {
  switch (type) {
    case 'categories':
      return `/${item.slug}`;
    case 'subCategories':
      return item.path ? `/${item.path.replace(/^\/+/, '')}` : null;
    case 'products':
      return item.path ? `/${item.path.replace(/^\/+/, '')}/${item.slug}` : `/product/${item.slug}`;
    case 'factories':
      return `/factories/${item.slug}`;
    case 'articles':
      return `/blog/${item.slug}`;
  }
}

export interface SearchResultGroup {
  type: SearchGroupType;
  /** The group's Persian heading. */
  title: string;
  total: number;
  items: Array<SearchItem & { href: string }>;
}

/** What both the palette and the page show: the groups that found something, each item with its link. */
export function searchResultGroups(answer: SearchAnswer | undefined): SearchResultGroup[] {
  return (answer?.groups ?? [])
    .map((group) => ({
      type: group.type,
      title: searchGroupTitles[group.type],
      total: group.total,
      items: group.items.flatMap((item) => {
        const href = searchResultHref(group.type, item);
        return href ? [{ ...item, href }] : [];
      }),
    }))
    .filter((group) => group.items.length > 0);
}

/** The search page for a query: a search is a link. */
export const searchPageHref = (query: string) => {
  const text = searchQueryText(query);
  return text ? `/search?${new URLSearchParams({ q: text })}` : '/search';
};
