import { recordBySlugQuery, type ContentClient } from '@steel/shared';

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
  recordBySlugQuery<StaticPageContent>(api, {
    collection: 'static-pages',
    slug,
    fields: ['slug', 'title', 'summary', 'body', 'updatedAt'],
  });
