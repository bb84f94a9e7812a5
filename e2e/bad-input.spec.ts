import { expect, test } from './support/test';

/**
 * Bad input answered as the visitor's mistake, through the whole stack (docs/architecture.md,
 * "The page-data pattern"): a page past the last of any list is a 404, an absurd page number
 * too, and a malformed path a 400 — never a 503 that reports an outage.
 */
test('a page past the last is a 404 on the catalogue’s lists and on the blog alike', async ({ request }) => {
  for (const url of [
    '/rebar/kalaf?page=500',
    '/rebar/kalaf?page=99999999999999999999',
    '/blog?page=500',
    '/blog?page=99999999999999999999',
  ]) {
    const response = await request.get(url);
    expect({ url, status: response.status() }).toEqual({ url, status: 404 });
    expect(await response.text()).toContain('data-testid="error-status">۴۰۴<');
  }
  expect((await request.get('/rebar/kalaf?page=1')).status()).toBe(200);
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
    // Default and out-of-range values, repeats and another order: one spelling per state.
    [
      '/rebar/kalaf?sort=price-asc&diameter_mm=14&diameter_mm=12&page=1',
      '/rebar/kalaf?diameter_mm=12&diameter_mm=14&sort=price-asc',
    ],
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
