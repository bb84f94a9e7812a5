import type { PageHead } from '@steel/contract';
import { Link, ResponsiveImage, type ResponsiveImageProps } from '@steel/shared';
import type { ArticleSummary } from '../api/article-queries';
import { ArticleByline, ArticleTags } from './article-meta';

/** Covers are seeded at 1200×630 (the Open Graph shape); an image without a size gets that shape. */
const COVER_SIZE = { width: 1200, height: 630 };

/** How wide a cover is shown in a list card, and on the article's own page. */
const CARD_COVER = { displayWidth: 640, sizes: '(min-width: 1024px) 320px, (min-width: 640px) 50vw, 100vw' };
export const PAGE_COVER = { displayWidth: 1024, sizes: '(max-width: 1024px) 100vw, 1024px' };

/** The head's preload of an article's cover shown as `shown` (none without a cover). */
export function coverLcpImage(
  article: ArticleSummary | undefined,
  shown: { displayWidth: number; sizes: string } = CARD_COVER,
): PageHead['lcpImage'] {
  return article?.cover ? { src: article.cover.url, ...shown } : undefined;
}

/** An article's cover through the site's one responsive-image path (nothing without a cover). */
export function ArticleCover({
  article,
  ...shown
}: { article: ArticleSummary } & Pick<ResponsiveImageProps, 'displayWidth' | 'sizes' | 'priority' | 'className'>) {
  if (!article.cover) return null;
  return (
    <ResponsiveImage
      src={article.cover.url}
      alt={article.cover.alternativeText ?? article.title}
      width={article.cover.width ?? COVER_SIZE.width}
      height={article.cover.height ?? COVER_SIZE.height}
      {...shown}
    />
  );
}

/** An article in a list: cover, title, byline, excerpt and tags. The list's first cover is its page's LCP: `priority`. */
export function ArticleCard({ article, priority = false }: { article: ArticleSummary; priority?: boolean }) {
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-lg border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900">
      <ArticleCover
        article={article}
        {...CARD_COVER}
        priority={priority}
        className="h-auto w-full bg-slate-100 dark:bg-slate-800"
      />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h2 className="text-lg font-semibold">
          <Link to={`/blog/${article.slug}`} className="text-primary-800 hover:underline dark:text-primary-300">
            {article.title}
          </Link>
        </h2>
        <ArticleByline article={article} />
        {article.excerpt && <p className="text-slate-700 dark:text-slate-300">{article.excerpt}</p>}
        <div className="mt-auto pt-2">
          <ArticleTags tags={article.tags} />
        </div>
      </div>
    </article>
  );
}
