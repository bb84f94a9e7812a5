/**
 * The blog's data as TanStack Query options (the page-data pattern): the pages read them with
 * useSuspenseQuery and the server prefetches the same options. Keys start with the collection.
 */
import { queryOptions } from '@tanstack/react-query';
import { canonicalSearch, pageParameter, textParameter } from '@steel/contract';
import { CMS_IMAGE_FIELDS, recordBySlugQuery, type CmsImage, type ContentClient } from '@steel/shared';

export type { CmsImage };

export interface ArticleSummary {
  slug: string;
  title: string;
  excerpt: string | null;
  tags: string[] | null;
  author: string | null;
  publish_date: string | null;
  reading_minutes: number | null;
  updatedAt: string;
  cover: CmsImage | null;
}

export interface Article extends ArticleSummary {
  /** Markdown. */
  body: string | null;
}

export const ARTICLES_PER_PAGE = 12;
const SUMMARY_FIELDS = ['slug', 'title', 'excerpt', 'tags', 'author', 'publish_date', 'reading_minutes', 'updatedAt'];
const COVER = { cover: { fields: CMS_IMAGE_FIELDS } };
/** Strapi's largest page. */
const CMS_PAGE_SIZE = 100;

/** `?tag=`, or null for every article. */
export const tagFilter = (search: URLSearchParams) => search.get('tag')?.trim() || null;

/**
 * What the list reads of its query: the tag (one some published article has), then the page (last,
 * where the shared pagination writes it; 12 articles each). Its canonical spelling is the only one
 * the app server renders: it asks the CMS (`ARTICLE_LIST_STATE_SOURCE`) which tags there are and
 * where the last page is.
 */
export const ARTICLE_LIST_QUERY = [textParameter('tag', { held: true }), pageParameter('page', ARTICLES_PER_PAGE)];
/** The CMS's answer to which tags the published articles have, and how many a tag lists (deploy/cms/src/api/page-state). */
export const ARTICLE_LIST_STATE_SOURCE = '/page-state/articles';

/** `/blog` with its page and tag in the query, canonically (page 1 and no tag leave the URL bare). */
export function articleListHref({ page = 1, tag = null }: { page?: number; tag?: string | null }): string {
  const query = new URLSearchParams({ page: String(page), tag: tag ?? '' });
  return `/blog${canonicalSearch(query, ARTICLE_LIST_QUERY)}`;
}

/**
 * Every published article's summary, newest first. The list's pages, its tag filter, related
 * articles and previous/next are all cut from this one read: tags are a JSON field, which
 * Strapi cannot filter the same way on SQLite and PostgreSQL.
 */
export const articleIndexQuery = (api: ContentClient) =>
  queryOptions({
    queryKey: ['articles', 'index'],
    queryFn: async ({ signal }) => {
      const articles: ArticleSummary[] = [];
      for (let page = 1; ; page++) {
        const result = await api.find<ArticleSummary>(
          'articles',
          {
            fields: SUMMARY_FIELDS,
            populate: COVER,
            sort: ['publish_date:desc', 'id:desc'],
            pagination: { page, pageSize: CMS_PAGE_SIZE },
          },
          { signal },
        );
        articles.push(...result.data);
        if (page >= (result.meta.pagination?.pageCount ?? 1)) return articles;
      }
    },
  });

/** One page's slice of the article list (not the page itself: article-list-page.tsx's `articleListPage`). */
export interface ArticleListSlice {
  articles: ArticleSummary[];
  page: number;
  pageCount: number;
  total: number;
  /** Every tag of every article, most used first, then the most recently used: the filter's choices. */
  tags: string[];
}

/** The articles of one page of the list, filtered by tag when one is given, with the figures around them. */
export function sliceArticleList(index: readonly ArticleSummary[], page: number, tag: string | null): ArticleListSlice {
  const matching = tag ? index.filter((article) => article.tags?.includes(tag)) : index;
  // In the order the tags first appear in the index (newest first); the sort below is stable, so
  // among tags used as often the more recent comes first. Not alphabetically: Persian collation
  // loads ICU data that cost a phone over 100 ms of this page's hydration.
  const counts = new Map<string, number>();
  for (const article of index) for (const name of article.tags ?? []) counts.set(name, (counts.get(name) ?? 0) + 1);
  return {
    articles: matching.slice((page - 1) * ARTICLES_PER_PAGE, page * ARTICLES_PER_PAGE),
    page,
    pageCount: Math.max(1, Math.ceil(matching.length / ARTICLES_PER_PAGE)),
    total: matching.length,
    tags: [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([name]) => name),
  };
}

/** Up to `limit` other articles sharing the most tags with `article` (newer first on a tie). */
export function relatedArticles(
  index: readonly ArticleSummary[],
  article: ArticleSummary,
  limit = 3,
): ArticleSummary[] {
  const tags = new Set(article.tags ?? []);
  return index
    .filter((other) => other.slug !== article.slug)
    .map((other, order) => ({ other, order, shared: (other.tags ?? []).filter((name) => tags.has(name)).length }))
    .filter(({ shared }) => shared > 0)
    .sort((a, b) => b.shared - a.shared || a.order - b.order)
    .slice(0, limit)
    .map(({ other }) => other);
}

/** The articles published just before (`previous`) and just after (`next`) this one. */
export function adjacentArticles(
  index: readonly ArticleSummary[],
  slug: string,
): { previous: ArticleSummary | null; next: ArticleSummary | null } {
  const position = index.findIndex((article) => article.slug === slug);
  if (position < 0) return { previous: null, next: null };
  // The index is newest first: the older article comes after this one in it.
  return { previous: index[position + 1] ?? null, next: index[position - 1] ?? null };
}

/** An article by slug, or null (the page is then a fatal 404). */
export const articleQuery = (api: ContentClient, slug: string) =>
  recordBySlugQuery<Article>(api, {
    collection: 'articles',
    slug,
    fields: [...SUMMARY_FIELDS, 'body'],
    populate: COVER,
  });
