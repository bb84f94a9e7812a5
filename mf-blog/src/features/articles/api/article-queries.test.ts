import {
  adjacentArticles,
  articleListHref,
  sliceArticleList,
  relatedArticles,
  type ArticleSummary,
} from './article-queries';

const article = (slug: string, tags: string[]): ArticleSummary => ({
  slug,
  title: slug,
  excerpt: null,
  tags,
  author: null,
  publish_date: null,
  reading_minutes: null,
  updatedAt: '2026-01-01T00:00:00.000Z',
  cover: null,
});

// Newest first, as the CMS returns the index.
const index = Array.from({ length: 15 }, (_, i) => article(`a${i}`, i % 3 === 0 ? ['میلگرد', 'قیمت'] : ['ورق']));

test('a page holds 12 articles; the tag filter cuts the index before paging', () => {
  expect(sliceArticleList(index, 1, null)).toMatchObject({ pageCount: 2, total: 15 });
  expect(sliceArticleList(index, 1, null).articles).toHaveLength(12);
  expect(sliceArticleList(index, 2, null).articles.map((a) => a.slug)).toEqual(['a12', 'a13', 'a14']);
  const rebar = sliceArticleList(index, 1, 'میلگرد');
  expect(rebar).toMatchObject({ pageCount: 1, total: 5 });
  expect(rebar.articles.map((a) => a.slug)).toEqual(['a0', 'a3', 'a6', 'a9', 'a12']);
  // Most used tag first; of two used as often, the one the newest article has first.
  expect(rebar.tags).toEqual(['ورق', 'میلگرد', 'قیمت']);
});

test('list URLs keep page and tag in the query, and stay bare for the first page', () => {
  expect(articleListHref({})).toBe('/blog');
  expect(articleListHref({ page: 2 })).toBe('/blog?page=2');
  expect(articleListHref({ page: 2, tag: 'ورق گالوانیزه' })).toBe(
    '/blog?tag=%D9%88%D8%B1%D9%82+%DA%AF%D8%A7%D9%84%D9%88%D8%A7%D9%86%DB%8C%D8%B2%D9%87&page=2',
  );
});

test('related articles share the most tags; previous is older and next is newer', () => {
  const target = article('x', ['میلگرد', 'قیمت']);
  const withTarget = [
    article('one-shared', ['میلگرد']),
    target,
    article('two-shared', ['قیمت', 'میلگرد']),
    article('none', ['ورق']),
  ];
  expect(relatedArticles(withTarget, target).map((a) => a.slug)).toEqual(['two-shared', 'one-shared']);
  expect(adjacentArticles(withTarget, 'x')).toEqual({ previous: withTarget[2], next: withTarget[0] });
  expect(adjacentArticles(withTarget, 'none')).toEqual({ previous: null, next: withTarget[2] });
});
