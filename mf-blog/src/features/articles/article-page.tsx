import { useSuspenseQuery } from '@tanstack/react-query';
import { Markdown, PageHeader, breadcrumbJsonLd, formatNumber, formatPersianDate, useShell, type PageDefinition, type PageUrl } from '@steel/shared';
import { articleQuery } from './api/article-queries';

/** schema.org limits an Article headline to 110 characters (the old site cut it the same way). */
export const articleHeadline = (title: string) => (title.length > 110 ? title.slice(0, 110) : title);

/** `/blog/{slug}`: an article's body (markdown, rendered safely) with its JSON-LD. */
export const articlePage: PageDefinition = {
  path: '/blog/:slug',
  data: (url, { api }) => [articleQuery(api, url.params['slug'] ?? '')],
  head: (url, read, { api }) => {
    const article = read(articleQuery(api, url.params['slug'] ?? ''));
    if (!article) return null;
    const path = `/blog/${article.slug}`;
    return {
      title: article.title,
      description: article.excerpt ?? article.title,
      canonical: path,
      ogType: 'article',
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'Article',
          headline: articleHeadline(article.title),
          ...(article.publish_date ? { datePublished: article.publish_date } : {}),
          dateModified: article.updatedAt,
          ...(article.author ? { author: { '@type': 'Person', name: article.author } } : {}),
          inLanguage: 'fa-IR',
          url: path,
        },
        breadcrumbJsonLd([{ label: 'مقالات', to: '/blog' }, { label: article.title }], path),
      ],
    };
  },
  Page: ArticleView,
};

function ArticleView({ url }: { url: PageUrl }) {
  const { api } = useShell();
  const { data: article } = useSuspenseQuery(articleQuery(api, url.params['slug'] ?? ''));
  if (!article) return null;
  return (
    <article>
      <PageHeader title={article.title} breadcrumb={[{ label: 'مقالات', to: '/blog' }, { label: article.title }]}>
        <p className="text-sm text-slate-500 dark:text-slate-400">
          {[article.author, formatPersianDate(article.publish_date), article.reading_minutes ? `${formatNumber(article.reading_minutes)} دقیقه مطالعه` : '']
            .filter(Boolean)
            .join(' · ')}
        </p>
      </PageHeader>
      {article.body && <Markdown>{article.body}</Markdown>}
    </article>
  );
}
