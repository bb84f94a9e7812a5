/** `/blog/rss.xml`: the latest 20 published articles as RSS 2.0, read from the CMS. */
import { buildXml, xmlText } from './xml';
import { fieldsQuery, readCollection } from './cms-collections';

export const RSS_ITEMS = 20;
export const RSS_PATH = '/blog/rss.xml';

export interface FeedArticle {
  slug: string;
  title: string;
  excerpt: string | null;
  author: string | null;
  tags: string[] | null;
  publish_date: string | null;
  updatedAt: string;
}

/** The latest articles, newest first (the blog's own order). */
export async function readLatestArticles(cmsUrl: string): Promise<FeedArticle[]> {
  const query = [
    ...fieldsQuery('fields', ['slug', 'title', 'excerpt', 'author', 'tags', 'publish_date', 'updatedAt']),
    ['sort[0]', 'publish_date:desc'],
    ['sort[1]', 'id:desc'],
  ] as const;
  const articles = await readCollection<FeedArticle>(cmsUrl, 'articles', query);
  return articles.slice(0, RSS_ITEMS);
}

export function rssXml(siteUrl: string, articles: readonly FeedArticle[]): string {
  const link = (path: string) => `${siteUrl}${path}`;
  const newest = articles[0];
  return buildXml({
    rss: {
      '@version': '2.0',
      '@xmlns:atom': 'http://www.w3.org/2005/Atom',
      '@xmlns:dc': 'http://purl.org/dc/elements/1.1/',
      channel: {
        title: 'اخبار و مقالات | بازار آهن‌آلات',
        link: link('/blog'),
        description: 'اخبار بازار آهن، راهنمای خرید و مقالات تخصصی محصولات فولادی.',
        language: 'fa-IR',
        ...(newest ? { lastBuildDate: new Date(newest.updatedAt).toUTCString() } : {}),
        'atom:link': { '@href': link(RSS_PATH), '@rel': 'self', '@type': 'application/rss+xml' },
        item: articles.map((article) => ({
          title: xmlText(article.title),
          link: link(`/blog/${encodeURIComponent(article.slug)}`),
          guid: { '#text': link(`/blog/${encodeURIComponent(article.slug)}`), '@isPermaLink': 'true' },
          ...(article.excerpt ? { description: xmlText(article.excerpt) } : {}),
          ...(article.publish_date ? { pubDate: new Date(article.publish_date).toUTCString() } : {}),
          ...(article.author ? { 'dc:creator': xmlText(article.author) } : {}),
          ...(article.tags?.length ? { category: article.tags.map(xmlText) } : {}),
        })),
      },
    },
  });
}
