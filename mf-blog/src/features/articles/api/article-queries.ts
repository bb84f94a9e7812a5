/**
 * The blog's data as TanStack Query options (the page-data pattern): the pages read them with
 * useSuspenseQuery and the server prefetches the same options. Keys start with the collection.
 */
import { queryOptions } from '@tanstack/react-query';
import type { ContentClient } from '@steel/shared';

export interface ArticleSummary {
  slug: string;
  title: string;
  excerpt: string | null;
  tags: string[] | null;
  author: string | null;
  publish_date: string | null;
  reading_minutes: number | null;
  updatedAt: string;
}

export interface Article extends ArticleSummary {
  /** Markdown. */
  body: string | null;
}

export const ARTICLES_PER_PAGE = 12;
const SUMMARY_FIELDS = ['slug', 'title', 'excerpt', 'tags', 'author', 'publish_date', 'reading_minutes', 'updatedAt'];

/** `?page=` as a positive integer; anything else is page 1. */
export const pageNumber = (search: URLSearchParams) => Math.max(1, Math.floor(Number(search.get('page'))) || 1);

/** One page of published articles, newest first. */
export const articleListQuery = (api: ContentClient, page: number) =>
  queryOptions({
    queryKey: ['articles', 'list', page],
    queryFn: async ({ signal }) => {
      const result = await api.find<ArticleSummary>(
        'articles',
        { fields: SUMMARY_FIELDS, sort: ['publish_date:desc', 'id:desc'], pagination: { page, pageSize: ARTICLES_PER_PAGE } },
        { signal },
      );
      return { articles: result.data, pageCount: result.meta.pagination?.pageCount ?? 1, total: result.meta.pagination?.total ?? result.data.length };
    },
  });

/** An article by slug, or null (the page is then a fatal 404). */
export const articleQuery = (api: ContentClient, slug: string) =>
  queryOptions({
    queryKey: ['articles', 'by-slug', slug],
    queryFn: async ({ signal }) => {
      const result = await api.find<Article>('articles', { filters: { slug: { $eq: slug } }, fields: [...SUMMARY_FIELDS, 'body'], pagination: { page: 1, pageSize: 1 } }, { signal });
      return result.data[0] ?? null;
    },
  });
