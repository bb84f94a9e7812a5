import {
  breadcrumbJsonLd,
  lazyPage,
  preloadMarkdown,
  shareImageUrl,
  shortenAtWord,
  type PageDefinition,
} from '@steel/shared';
import { articleIndexQuery, articleQuery } from './api/article-queries';
import { PAGE_COVER, coverLcpImage } from './components/article-card';

/** schema.org limits an Article headline to 110 characters: a longer title is cut after a whole word, with «…». */
export const articleHeadline = (title: string) => shortenAtWord(title, 110);

/** `/blog/{slug}`: an article's body (markdown, rendered safely) with its JSON-LD. */
export const articlePage: PageDefinition = {
  path: '/blog/:slug',
  sitemap: [{ collection: 'articles', path: '/blog/:slug' }],
  data: (url, { api }) => [articleQuery(api, url.params['slug'] ?? ''), articleIndexQuery(api)],
  head: (url, read, { api }) => {
    const article = read(articleQuery(api, url.params['slug'] ?? ''));
    if (!article) return null;
    const path = `/blog/${article.slug}`;
    const image = shareImageUrl(article.cover);
    return {
      title: article.title,
      description: article.excerpt ?? article.title,
      canonical: path,
      ogType: 'article',
      ...(image ? { image } : {}),
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'Article',
          headline: articleHeadline(article.title),
          ...(article.publish_date ? { datePublished: article.publish_date } : {}),
          dateModified: article.updatedAt,
          ...(article.author ? { author: { '@type': 'Person', name: article.author } } : {}),
          ...(image ? { image } : {}),
          ...(article.tags?.length ? { keywords: article.tags.join('، ') } : {}),
          inLanguage: 'fa-IR',
          url: path,
        },
        breadcrumbJsonLd([{ label: 'مقالات', to: '/blog' }, { label: article.title }], path),
      ],
      lcpImage: coverLcpImage(article, PAGE_COVER),
    };
  },
  // The view (the markdown stack) is its own chunk: the article list does not load it.
  Page: lazyPage(() => import(/* webpackChunkName: "article" */ './article-view'), {
    chunk: 'article',
    alsoForBrowserRender: preloadMarkdown,
  }),
};
