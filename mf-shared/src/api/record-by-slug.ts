import { queryOptions } from '@tanstack/react-query';
import type { ContentClient } from './content-types';

/** What to read of the record: its fields and, if any, the relations to bring with it. */
export interface RecordBySlugRead {
  collection: string;
  slug: string;
  fields: string[];
  populate?: Record<string, unknown>;
}

/**
 * The one record of a CMS collection with this slug (an article, a product, a factory, a static
 * page), or null when there is none: the page that shows it is then a fatal 404. As TanStack
 * Query options (the page-data pattern): the page reads them, the server prefetches the same. The
 * key starts with the collection, so a change in it drops the cached HTML that used the record.
 */
export const recordBySlugQuery = <T>(api: ContentClient, { collection, slug, fields, populate }: RecordBySlugRead) =>
  queryOptions({
    queryKey: [collection, 'by-slug', slug],
    queryFn: async ({ signal }): Promise<T | null> => {
      const result = await api.find<T>(
        collection,
        {
          filters: { slug: { $eq: slug } },
          fields,
          ...(populate ? { populate } : {}),
          pagination: { page: 1, pageSize: 1 },
        },
        { signal },
      );
      return result.data[0] ?? null;
    },
  });
