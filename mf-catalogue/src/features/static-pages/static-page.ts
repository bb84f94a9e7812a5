import type { PageNav } from '@steel/contract';
import { breadcrumbJsonLd, lazyPage, preloadMarkdown, type PageDefinition } from '@steel/shared';
import { staticPageQuery } from './api/static-page-queries';
import { slugOf } from './static-page-slug';

/**
 * Static pages: their title and body come from the CMS's `static-pages` collection (markdown). Each
 * shows in the menu drawer and the footer; the sitemap lists every entry of the collection.
 */
const STATIC_PAGES: ReadonlyArray<{ path: string; nav: PageNav }> = [
  { path: '/rules', nav: { places: ['drawer', 'footer'], label: 'قوانین و مقررات', order: 3 } },
  { path: '/about-us', nav: { places: ['drawer', 'footer'], label: 'درباره ما', order: 1 } },
  { path: '/export', nav: { places: ['drawer', 'footer'], label: 'صادرات', order: 9 } },
  { path: '/contact-us', nav: { places: ['drawer', 'footer'], label: 'تماس با ما', order: 2 } },
];

// The view (markdown, and the contact and export forms) is its own chunk: no other page loads it.
const StaticPageView = lazyPage(() => import(/* webpackChunkName: "static-page" */ './static-page-view'), {
  chunk: 'static-page',
  alsoForBrowserRender: preloadMarkdown,
});

const staticPage = ({ path, nav }: (typeof STATIC_PAGES)[number]): PageDefinition => ({
  path,
  nav,
  sitemap: [{ collection: 'static-pages', path: '/:slug' }],
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

export const staticPages: PageDefinition[] = STATIC_PAGES.map(staticPage);
