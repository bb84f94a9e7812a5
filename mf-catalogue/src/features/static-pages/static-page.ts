import { breadcrumbJsonLd, lazyPage, preloadMarkdown, type PageDefinition } from '@steel/shared';
import { staticPageQuery } from './api/static-page-queries';
import { slugOf } from './static-page-slug';

/** Static pages: their title and body come from the CMS's `static-pages` collection (markdown). */
const STATIC_PAGE_PATHS = ['/rules', '/about-us', '/export', '/contact-us'];

// The view (markdown, and the contact and export forms) is its own chunk: no other page loads it.
const StaticPageView = lazyPage(() => import(/* webpackChunkName: "static-page" */ './static-page-view'), {
  chunk: 'static-page',
  alsoForBrowserRender: preloadMarkdown,
});

const staticPage = (path: string): PageDefinition => ({
  path,
  data: (url, { api }) => [staticPageQuery(api, slugOf(url))],
  head: (url, read, { api }) => {
    const content = read(staticPageQuery(api, slugOf(url)));
    if (!content) return null;
    return {
      title: content.title,
      description: content.summary ?? content.title,
      canonical: url.pathname,
      jsonLd: [breadcrumbJsonLd([{ label: content.title }], url.pathname)],
    };
  },
  Page: StaticPageView,
});

export const staticPages: PageDefinition[] = STATIC_PAGE_PATHS.map(staticPage);
