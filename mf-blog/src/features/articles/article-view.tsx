import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, Markdown, PageHeader, useShell, type PageUrl } from '@steel/shared';
import {
  adjacentArticles,
  articleIndexQuery,
  articleQuery,
  relatedArticles,
  type ArticleSummary,
} from './api/article-queries';
import { ArticleCover, PAGE_COVER } from './components/article-card';
import { ArticleByline, ArticleTags } from './components/article-meta';

/** An article: cover, byline, markdown body (rendered safely), tags, related and adjacent articles. */
export default function ArticleView({ url }: { url: PageUrl }) {
  const { api } = useShell();
  const { data: article } = useSuspenseQuery(articleQuery(api, url.params['slug'] ?? ''));
  const { data: index } = useSuspenseQuery(articleIndexQuery(api));
  if (!article) return null;
  const related = relatedArticles(index, article);
  const { previous, next } = adjacentArticles(index, article.slug);
  return (
    <article className="flex flex-col gap-6">
      <PageHeader title={article.title} breadcrumb={[{ label: 'مقالات', to: '/blog' }, { label: article.title }]}>
        <ArticleByline article={article} withAuthor />
        <ArticleTags tags={article.tags} />
      </PageHeader>
      <ArticleCover
        article={article}
        {...PAGE_COVER}
        priority
        className="h-auto w-full rounded-lg bg-slate-100 dark:bg-slate-800"
      />
      {article.body && <Markdown tableOfContents>{article.body}</Markdown>}
      {(previous || next) && (
        <nav
          aria-label="مقاله قبلی و بعدی"
          className="grid gap-4 border-t border-slate-200 pt-6 sm:grid-cols-2 dark:border-slate-700"
        >
          {previous && <AdjacentLink label="مقاله قبلی" article={previous} rel="prev" />}
          {next && <AdjacentLink label="مقاله بعدی" article={next} rel="next" />}
        </nav>
      )}
      {related.length > 0 && (
        <section aria-labelledby="related-articles" className="border-t border-slate-200 pt-6 dark:border-slate-700">
          <h2 id="related-articles" className="mb-3 text-lg font-bold">
            مقالات مرتبط
          </h2>
          <ul className="flex flex-col gap-2">
            {related.map((other) => (
              <li key={other.slug}>
                <Link to={`/blog/${other.slug}`} className="text-primary-700 hover:underline dark:text-primary-300">
                  {other.title}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}

function AdjacentLink({ label, article, rel }: { label: string; article: ArticleSummary; rel: 'prev' | 'next' }) {
  return (
    <Link
      to={`/blog/${article.slug}`}
      rel={rel}
      className="flex flex-col rounded-lg border border-slate-200 p-4 hover:border-primary-500 sm:last:text-end dark:border-slate-700"
    >
      <span className="text-sm text-slate-600 dark:text-slate-400">{label}</span>
      <span className="font-semibold text-primary-800 dark:text-primary-300">{article.title}</span>
    </Link>
  );
}
