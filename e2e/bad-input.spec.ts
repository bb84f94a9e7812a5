import { expect, test } from '@playwright/test';

/**
 * Bad input answered as the visitor's mistake, through the whole stack (docs/architecture.md,
 * "The page-data pattern"): a page past the last of any list is a 404, an absurd page number
 * too, and a malformed path a 400 — never a 503 that reports an outage.
 */
test('a page past the last is a 404 on the catalogue’s lists and on the blog alike', async ({ request }) => {
  for (const url of ['/rebar/kalaf?page=500', '/rebar/kalaf?page=99999999999999999999', '/blog?page=500', '/blog?page=99999999999999999999']) {
    const response = await request.get(url);
    expect({ url, status: response.status() }).toEqual({ url, status: 404 });
    expect(await response.text()).toContain('data-testid="error-status">۴۰۴<');
  }
  expect((await request.get('/rebar/kalaf?page=1')).status()).toBe(200);
});

test('a malformed path is a 400 with the Persian page; duplicate slashes lead to the one-slash URL', async ({ request }) => {
  for (const url of ['/blog/%00', '/blog/%ff']) {
    const response = await request.get(url);
    expect({ url, status: response.status() }).toEqual({ url, status: 400 });
    expect(await response.text()).toContain('این نشانی درست نوشته نشده است');
  }
  const response = await request.get('/rebar//kalaf', { maxRedirects: 0 });
  expect(response.status()).toBe(308);
  expect(response.headers()['location']).toBe('/rebar/kalaf');
});
