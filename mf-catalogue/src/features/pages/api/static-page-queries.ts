import { queryOptions } from '@tanstack/react-query';
import type { ContentClient } from '@steel/shared';

export interface StaticPageContent {
  slug: string;
  title: string;
  summary: string | null;
  /** Markdown. */
  body: string | null;
  updatedAt: string;
}

/** A static page (`/rules`, `/about-us`, `/export`, `/contact-us`) from the CMS, or null. */
export const staticPageQuery = (api: ContentClient, slug: string) =>
  queryOptions({
    queryKey: ['static-pages', slug],
    queryFn: async ({ signal }) => {
      const result = await api.find<StaticPageContent>(
        'static-pages',
        {
          filters: { slug: { $eq: slug } },
          fields: ['slug', 'title', 'summary', 'body', 'updatedAt'],
          pagination: { page: 1, pageSize: 1 },
        },
        { signal },
      );
      return result.data[0] ?? null;
    },
  });
