/** The home page's other reads: the latest articles and the exchange's coming offers. */
import { queryOptions } from '@tanstack/react-query';
import { todayInTehran, type ContentClient } from '@steel/shared';

export interface ArticleTeaser {
  slug: string;
  title: string;
  excerpt: string | null;
  publish_date: string | null;
}

export const LATEST_ARTICLES = 3;

export const latestArticlesQuery = (api: ContentClient) =>
  queryOptions({
    queryKey: ['articles', 'latest', LATEST_ARTICLES],
    queryFn: async ({ signal }) =>
      (
        await api.find<ArticleTeaser>(
          'articles',
          {
            fields: ['slug', 'title', 'excerpt', 'publish_date'],
            sort: ['publish_date:desc', 'id:desc'],
            pagination: { page: 1, pageSize: LATEST_ARTICLES },
          },
          { signal },
        )
      ).data,
  });

export interface OfferTeaser {
  documentId: string;
  offer_date: string;
  commodity: string;
  producer: string | null;
  /** Rial per kg. */
  base_price: number | string | null;
  offered_volume: number | null;
  unit: string | null;
}

export const OFFERS_ON_HOME = 4;

/** Offers of today and after (Tehran's calendar), soonest first. */
export const comingOffersQuery = (api: ContentClient, today = todayInTehran()) =>
  queryOptions({
    queryKey: ['exchange-offers', 'coming', today, OFFERS_ON_HOME],
    queryFn: async ({ signal }) =>
      (
        await api.find<OfferTeaser>(
          'exchange-offers',
          {
            filters: { offer_date: { $gte: today } },
            fields: ['offer_date', 'commodity', 'producer', 'base_price', 'offered_volume', 'unit'],
            sort: ['offer_date:asc', 'id:asc'],
            pagination: { page: 1, pageSize: OFFERS_ON_HOME },
          },
          { signal },
        )
      ).data,
  });
