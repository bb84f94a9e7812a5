import { expect, test, type APIRequestContext } from './support/test';
import { findPageRoute, pageQueryAt, samplePath, type PageRoute, type QueryParameter } from '@steel/contract';
import { TREE_PAGES, publishedPages } from './support/expected-pages';
import { e2eBuildsDir } from './support/environment';

/**
 * Bad input answered as the visitor's mistake, through the whole stack (docs/architecture.md,
 * "The page-data pattern"): a page state has one URL, values included — a filter value nobody has,
 * a value not of its type or too long, a sort not offered, a page past the last are each a 301
 * to the canonical URL before anything renders; a malformed path is a 400 — never a 503 that
 * reports an outage.
 */

/** How the server answered: a redirect sent before any render is 301, no `x-render`, to `location`. */
async function redirectedBeforeRender(request: APIRequestContext, url: string) {
  const response = await request.get(url, { maxRedirects: 0 });
  return {
    url,
    status: response.status(),
    render: response.headers()['x-render'],
    location: response.headers()['location'],
  };
}

test('a page past the last is the last page (301 before any render) on the catalogue’s lists and on the blog alike', async ({
  request,
}) => {
  for (const [url, path] of [
    ['/rebar/kalaf?page=500', '/rebar/kalaf'],
    ['/rebar/kalaf?page=99999', '/rebar/kalaf'],
    ['/rebar/kalaf?page=99999999999999999999', '/rebar/kalaf'],
    ['/blog?page=500', '/blog'],
    ['/blog?page=99999999999999999999', '/blog'],
  ] as const) {
    const sent = await redirectedBeforeRender(request, url);
    expect(sent).toEqual({
      url,
      status: 301,
      render: undefined,
      location: expect.stringMatching(new RegExp(`^${path}(\\?page=\\d+)?$`)),
    });
    // The last page is a page: it is rendered, and stays where it is.
    const last = await request.get(sent.location!, { maxRedirects: 0 });
    expect({ url: sent.location, status: last.status() }).toEqual({ url: sent.location, status: 200 });
  }
  expect((await request.get('/rebar/kalaf?page=1')).status()).toBe(200);
});

/** A value no state of a page has, for a parameter's rule, or null when any value is a state (a search). */
function valueNobodyHas(parameter: QueryParameter): string | null {
  if (parameter.kind === 'one-of') return 'not-offered';
  if (parameter.kind === 'page') return null;
  if (parameter.value?.type === 'number' || parameter.value?.held)
    return `zzz${Math.random().toString(36).slice(2, 8)}`;
  if (parameter.value?.type === 'date') return '1403-13-45x';
  return null;
}

/**
 * One real path of each server-rendered page or part of a page that reads a query: the category
 * tree's listing at both depths (a sub-category of a category, of a group) and a product below one,
 * and every other page's sample.
 */
async function pathsReadingAQuery(request: APIRequestContext, pages: Record<string, readonly PageRoute[]>) {
  const grouped = TREE_PAGES.find((page) => page.path.split('/').length === 4)!.path;
  const listing = await (await request.get('/rebar/kalaf')).text();
  const product = /href="(\/rebar\/kalaf\/[^"?]+)"/.exec(listing)![1]!;
  const samples = Object.values(pages).flatMap((routes) =>
    routes.filter((route) => route.rendering === 'server' && !route.path.endsWith('/*')).map(samplePath),
  );
  return ['/rebar/kalaf', grouped, product, ...samples].filter((path) => {
    const owner = findPageRoute(pages, path);
    return owner && pageQueryAt(owner.route, path).query.length > 0;
  });
}

test('a value no state has — not held by the CMS, not of its type, 3,000 characters, a sort not offered — is dropped by a 301 before any render, on every page that reads a query and for every parameter', async ({
  request,
}) => {
  const pages = await publishedPages(e2eBuildsDir);
  const paths = await pathsReadingAQuery(request, pages);
  // Every kind of page that reads a query is walked: the listings, the blog, factories, the exchange, tools, search, sign-in.
  expect(paths).toEqual(
    expect.arrayContaining([
      '/rebar/kalaf',
      '/blog',
      '/factories',
      '/landing/bourse',
      '/weight_table',
      '/search',
      '/login',
    ]),
  );
  let parameters = 0;
  for (const path of paths) {
    const { query } = pageQueryAt(findPageRoute(pages, path)!.route, path);
    for (const declared of query) {
      const parameter = typeof declared === 'string' ? ({ name: declared, kind: 'text' } as QueryParameter) : declared;
      parameters += 1;
      // 3,000 characters: within the request line's 8 KB, past any value's rule.
      const cases = [`${parameter.name}=${'z'.repeat(3000)}`];
      const nobody = valueNobodyHas(parameter);
      if (nobody) cases.push(`${parameter.name}=${encodeURIComponent(nobody)}`);
      for (const search of cases) {
        const url = `${path}?${search}`;
        expect(await redirectedBeforeRender(request, url)).toEqual({
          url,
          status: 301,
          render: undefined,
          location: path,
        });
      }
    }
  }
  expect(parameters).toBeGreaterThan(40);
  for (const url of [
    '/rebar/kalaf?diameter_mm=zzz1',
    '/rebar/kalaf?diameter_mm=zzz2',
    '/rebar/kalaf?diameter_mm=12;diameter_mm=14',
  ])
    expect(await redirectedBeforeRender(request, url)).toEqual({
      url,
      status: 301,
      render: undefined,
      location: '/rebar/kalaf',
    });
  // A value some product has, a tag some article has, stay (and render), spelled canonically.
  for (const url of ['/rebar/kalaf?diameter_mm=12', `/blog?${new URLSearchParams({ tag: 'بورس کالا' })}`])
    expect((await request.get(url, { maxRedirects: 0 })).status(), url).toBe(200);
  // Held values dropped one by one: the others stay.
  expect(await redirectedBeforeRender(request, '/rebar/kalaf?diameter_mm=12&diameter_mm=zzz3&sort=name')).toEqual({
    url: '/rebar/kalaf?diameter_mm=12&diameter_mm=zzz3&sort=name',
    status: 301,
    render: undefined,
    location: '/rebar/kalaf?diameter_mm=12&sort=name',
  });
});

test('a malformed path is a 400 with the Persian page; duplicate slashes lead to the one-slash URL', async ({
  request,
}) => {
  for (const url of ['/blog/%00', '/blog/%ff']) {
    const response = await request.get(url);
    expect({ url, status: response.status() }).toEqual({ url, status: 400 });
    expect(await response.text()).toContain('این نشانی درست نوشته نشده است');
  }
  const response = await request.get('/rebar//kalaf', { maxRedirects: 0 });
  expect(response.status()).toBe(308);
  expect(response.headers()['location']).toBe('/rebar/kalaf');
});

test('a query string a page does not read, or spells another way, is sent to its canonical URL; that one is kept', async ({
  request,
}) => {
  for (const [url, location] of [
    ['/?utm_source=x', '/'],
    ['/?r=0.123', '/'],
    ['/rebar/kalaf?diameter_mm=12&utm=1', '/rebar/kalaf?diameter_mm=12'],
    ['/blog?tag=&page=2', '/blog?page=2'],
    // A page that declares no query reads none; a product page reads only its pending action.
    ['/rules?zz=0.456', '/rules'],
    ['/product/any-product?page=3', '/product/any-product'],
    ['/rebar/kalaf/any-product?page=3&action=order', '/rebar/kalaf/any-product?action=order'],
    // Default and out-of-range values, repeats and another order: one spelling per state (the
    // diameters are two the coils have; the CMS drops one they have not in the same redirect).
    [
      '/rebar/kalaf?sort=price-asc&diameter_mm=12&diameter_mm=10&page=1',
      '/rebar/kalaf?diameter_mm=10&diameter_mm=12&sort=price-asc',
    ],
    ['/rebar/kalaf?sort=price-asc&diameter_mm=14&diameter_mm=12&page=1', '/rebar/kalaf?diameter_mm=12&sort=price-asc'],
    ['/blog?page=abc', '/blog'],
    ['/blog?page=0', '/blog'],
    ['/weight_table?section=rebar', '/weight_table'],
  ]) {
    const response = await request.get(url as string, { maxRedirects: 0 });
    expect({ url, status: response.status(), location: response.headers()['location'] }).toEqual({
      url,
      status: 301,
      location,
    });
  }
  for (const url of ['/rebar/kalaf?diameter_mm=12&sort=price-asc', '/weight_table?section=ipe', '/search?q=میلگرد']) {
    expect((await request.get(url, { maxRedirects: 0 })).status(), url).toBe(200);
  }
});

test('a read the CMS refuses is a 404, a control character in a query value a 400, a miss a Persian 404', async ({
  request,
}) => {
  // The CMS answers 400 for a slug past 100 characters: the address shows no page, not an outage.
  const longSlug = `/factories/${'a'.repeat(101)}`;
  for (const attempt of [1, 2]) {
    const response = await request.get(longSlug);
    expect({ attempt, status: response.status() }).toEqual({ attempt, status: 404 });
    expect(await response.text()).toContain('data-testid="error-status">۴۰۴<');
  }
  for (const url of ['/search?q=%00', '/rebar/kalaf?diameter_mm=%00']) {
    const response = await request.get(url, { maxRedirects: 0 });
    expect({ url, status: response.status() }).toEqual({ url, status: 400 });
    expect(await response.text()).toContain('این نشانی درست نوشته نشده است');
  }
  const miss = await request.get('/%2F%2Fevil.com', { maxRedirects: 0, headers: { accept: 'text/html' } });
  expect(miss.status()).toBe(404);
  expect(miss.headers()['content-type']).toBe('text/html; charset=utf-8');
  expect(await miss.text()).toContain('خطا ۴۰۴');
});
