import { useSuspenseQuery } from '@tanstack/react-query';
import {
  HydrateWhenNeeded,
  PageHeader,
  Pagination,
  breadcrumbJsonLd,
  pageFromQuery,
  formatNumber,
  useShell,
  type PageDefinition,
  type PageUrl,
} from '@steel/shared';
import {
  ARTICLE_LIST_QUERY,
  ARTICLE_LIST_STATE_SOURCE,
  articleIndexQuery,
  articleListHref,
  sliceArticleList,
  tagFilter,
} from './api/article-queries';
import { ArticleCard, coverLcpImage } from './components/article-card';
import { TagFilter } from './components/list-navigation';

const TITLE = 'اخبار و مقالات';
const DESCRIPTION = 'اخبار بازار آهن، راهنمای خرید و مقالات تخصصی محصولات فولادی.';

/**
 * `/blog?page=&tag=`: published articles, newest first, 12 a page, optionally of one tag. It owns
 * the blog's RSS feed too: the latest 20 articles, which the app server writes from the CMS.
 */
export const articleListPage: PageDefinition = {
  path: '/blog',
  sitemap: [{ path: '/blog', lastmodFrom: 'articles' }],
  feeds: [
    {
      path: '/blog/rss.xml',
      title: `${TITLE} | بازار آهن‌آلات`,
      description: DESCRIPTION,
      collection: 'articles',
      sort: ['publish_date:desc', 'id:desc'],
      limit: 20,
      itemPath: '/blog/:slug',
      fields: {
        title: 'title',
        description: 'excerpt',
        published: 'publish_date',
        author: 'author',
        categories: 'tags',
      },
    },
  ],
  nav: { places: ['drawer', 'footer'], label: 'اخبار و مقالات', order: 4 },
  // What it reads of its query: any other spelling of it is a 301 to the canonical URL.
  query: ARTICLE_LIST_QUERY,
  stateSource: ARTICLE_LIST_STATE_SOURCE,
  // What the server prefetches; the view reads the same options from the cache it filled.
  data: (_url, { api }) => [articleIndexQuery(api)],
  // Its head, from the URL and the data (already in the cache); null: the URL names nothing, a 404.
  head: (url, read, { api }) => {
    const page = pageFromQuery(url.search);
    const tag = tagFilter(url.search);
    const list = sliceArticleList(read(articleIndexQuery(api)), page, tag);
    // A page past the end, or a tag no article has, names nothing: 404.
    if ((page > list.pageCount && page > 1) || (tag && list.total === 0)) return null;
    const title = [TITLE, tag && `برچسب ${tag}`, page > 1 && `صفحه ${formatNumber(page)}`].filter(Boolean).join('، ');
    return {
      title,
      description: tag ? `مقالات بازار آهن با برچسب ${tag}.` : DESCRIPTION,
      canonical: articleListHref({ page, tag }),
      jsonLd: [breadcrumbJsonLd([{ label: 'مقالات' }], '/blog')],
      lcpImage: coverLcpImage(list.articles.find((article) => article.cover)),
    };
  },
  Page: ArticleListView,
};

/** The cards a phone shows without scrolling (under the header and the tag filter). */
const CARDS_ON_FIRST_SCREEN = 2;

function ArticleListView({ url }: { url: PageUrl }) {
  const { api } = useShell();
  const page = pageFromQuery(url.search);
  const tag = tagFilter(url.search);
  const { data: index } = useSuspenseQuery(articleIndexQuery(api));
  const list = sliceArticleList(index, page, tag);
  const lcpArticle = list.articles.find((article) => article.cover);
  return (
    <section>
      <PageHeader title={TITLE} breadcrumb={[{ label: 'مقالات' }]}>
        {tag && (
          <p className="text-slate-600 dark:text-slate-400">{`${formatNumber(list.total)} مقاله با برچسب «${tag}»`}</p>
        )}
      </PageHeader>
      <TagFilter tags={list.tags} current={tag} />
      {list.articles.length === 0 ? (
        <p className="text-slate-600 dark:text-slate-400">هنوز مقاله‌ای منتشر نشده است.</p>
      ) : (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label="مقالات">
          {list.articles.map((article, index) => {
            const card = <ArticleCard article={article} priority={article === lcpArticle} />;
            // Below a phone's first screen: hydrated when it nears the screen. (Not `below-fold`:
            // with it, the blog spec's click on the pagination below the cards missed its link.)
            return (
              <li key={article.slug}>
                {index < CARDS_ON_FIRST_SCREEN ? card : <HydrateWhenNeeded>{card}</HydrateWhenNeeded>}
              </li>
            );
          })}
        </ul>
      )}
      <Pagination
        page={page}
        pageCount={list.pageCount}
        hrefOf={(number) => articleListHref({ page: number, tag })}
        label="صفحه‌بندی"
      />
    </section>
  );
}
