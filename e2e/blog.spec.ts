import { expect, test, type APIRequestContext, type Page } from './support/test';
import { EDITOR_TOKEN, baseURL, cmsURL } from './support/environment';

/**
 * The blog against the real CMS and its seed (data/domain/demo-content.json):
 * the list with its page and tag in the URL, an article with its JSON-LD, an article whose body
 * tries to run code, the RSS feed, the sitemap and the responsive-image route.
 */

// In order, in one worker: one test publishes an edit, which the other tests would otherwise
// see half-way through their comparisons with the CMS.
test.describe.configure({ mode: 'default' });

/** The seeded long read: a title longer than schema.org's 110-character headline. */
const LONG_READ = {
  slug: 'steel-buyers-handbook',
  title:
    'راهنمای جامع خریداران آهن‌آلات: از شناخت استانداردها و مقایسه کارخانه‌ها تا حمل، انبارداری و پرداخت در بازار آهن و بورس کالای ایران',
};
/** The newest seeded article (published yesterday). */
const NEWEST = { slug: 'rebar-price-guide', title: 'راهنمای قیمت میلگرد در بازار آهن' };

interface JsonLd {
  '@type': string;
  headline?: string;
  datePublished?: string;
  author?: { name: string };
  image?: string;
  itemListElement?: Array<{ name: string }>;
}

const jsonLdOf = (html: string): JsonLd[] =>
  [...html.matchAll(/<script data-page-head type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1] ?? 'null') as JsonLd,
  );

/** Article links of the served list, in order. */
const listedSlugs = (html: string) =>
  [...html.matchAll(/<h2[^>]*><a[^>]*href="\/blog\/([^"?#]+)"/g)].map((match) => match[1]);

/** Parses XML with Chromium's own parser; a syntax error shows as a `parsererror` element. */
async function parseXml(page: Page, xml: string) {
  await page.goto('about:blank');
  return page.evaluate((text) => {
    const document = new DOMParser().parseFromString(text, 'application/xml');
    const values = (selector: string) => [...document.querySelectorAll(selector)].map((node) => node.textContent ?? '');
    return {
      error: document.querySelector('parsererror')?.textContent ?? null,
      root: document.documentElement.nodeName,
      rssVersion: document.documentElement.getAttribute('version'),
      itemTitles: values('item > title'),
      itemLinks: values('item > link'),
      locs: values('url > loc'),
      lastmods: [...document.querySelectorAll('url')].map(
        (url) =>
          [url.querySelector('loc')?.textContent ?? '', url.querySelector('lastmod')?.textContent ?? ''] as [
            string,
            string,
          ],
      ),
    };
  }, xml);
}

async function publishedArticles(request: APIRequestContext) {
  const response = await request.get(
    `${cmsURL}/api/articles?fields[0]=slug&sort[0]=publish_date:desc&sort[1]=id:desc&pagination[pageSize]=100`,
  );
  return ((await response.json()) as { data: Array<{ slug: string }> }).data.map((article) => article.slug);
}

test.describe('the article list', () => {
  test('the served HTML pages 12 articles newest first, with rel=prev/next links and the page in the URL', async ({
    request,
  }) => {
    const slugs = await publishedArticles(request);
    expect(slugs.length).toBeGreaterThan(12);

    const first = await (await request.get('/blog')).text();
    expect(listedSlugs(first)).toEqual(slugs.slice(0, 12));
    expect(first).toMatch(/<a[^>]*href="\/blog\?page=2"[^>]*rel="next"|<a[^>]*rel="next"[^>]*href="\/blog\?page=2"/);
    expect(first).not.toContain('rel="prev"');
    // Jalali dates in Persian digits, reading time, covers through the image route.
    expect(first).toMatch(/<time dateTime="\d{4}-\d{2}-\d{2}">[۰-۹]+ [^<]+ ۱۴[۰-۹]{2}<\/time>/);
    expect(first).toContain('دقیقه مطالعه');
    expect(first).toMatch(/<img[^>]*srcSet="\/_\/img\?src=%2Fuploads%2F[^"]+ 320w,/i);

    const second = await request.get('/blog?page=2');
    expect(second.status()).toBe(200);
    const secondHtml = await second.text();
    expect(listedSlugs(secondHtml)).toEqual(slugs.slice(12, 24));
    expect(secondHtml).toContain(LONG_READ.slug);
    expect(secondHtml).toMatch(/rel="prev"/);
    expect(secondHtml).toMatch(/<link data-page-head rel="canonical" href="[^"]+\/blog\?page=2">/);

    // Past the last page: the last one; a tag no article has: every article (301s, before any render).
    const past = await request.get('/blog?page=99', { maxRedirects: 0 });
    expect(past.status()).toBe(301);
    expect(past.headers()['location']).toBe(`/blog?page=${Math.ceil(slugs.length / 12)}`);
    const noTag = await request.get(`/blog?tag=${encodeURIComponent('برچسبی که نیست').replace(/%20/g, '+')}`, {
      maxRedirects: 0,
    });
    expect(noTag.status()).toBe(301);
    expect(noTag.headers()['location']).toBe('/blog');
  });

  test('the tag filter and the pages live in the URL; back and forward restore them', async ({ page }) => {
    await page.goto('/blog');
    const cards = page.locator('#app-blog ul[aria-label="مقالات"] > li');
    await expect(cards).toHaveCount(12);

    await page.locator('nav[aria-label="صفحه‌بندی"] a[rel="next"]').click();
    await expect(page).toHaveURL(/\/blog\?page=2$/);
    await expect(page.locator('#app-blog h2 a', { hasText: LONG_READ.title })).toBeVisible();

    await page.locator('nav[aria-label="فیلتر برچسب"] a', { hasText: 'بورس کالا' }).click();
    await expect(page).toHaveURL(`${baseURL}/blog?tag=${encodeURIComponent('بورس کالا').replace(/%20/g, '+')}`);
    await expect(cards).toHaveCount(2);
    for (const card of await cards.all())
      await expect(card.locator('ul[aria-label="برچسب‌ها"]')).toContainText('#بورس کالا');
    await expect(page.locator('main')).toContainText('۲ مقاله با برچسب «بورس کالا»');

    await page.goBack();
    await expect(page).toHaveURL(/\/blog\?page=2$/);
    await expect(page.locator('#app-blog h2 a', { hasText: LONG_READ.title })).toBeVisible();
    await expect(page.locator('nav[aria-label="صفحه‌بندی"] a[aria-current="page"]')).toHaveText('۲');
    await page.goForward();
    await expect(cards).toHaveCount(2);
    await expect(page.locator('nav[aria-label="فیلتر برچسب"] a[aria-current="page"]')).toHaveText('بورس کالا');
  });
});

test.describe('an article', () => {
  test('its served HTML holds the body, a table of contents, tags, related articles and the head with JSON-LD', async ({
    request,
  }) => {
    const response = await request.get(`/blog/${LONG_READ.slug}`);
    expect(response.status()).toBe(200);
    const html = await response.text();

    const [article, breadcrumb] = jsonLdOf(html);
    expect(article?.['@type']).toBe('Article');
    // Cut within 110 characters after a whole word, with «…» (not inside «آهن», as `slice(0, 110)` did).
    expect(LONG_READ.title.length).toBeGreaterThan(110);
    expect(article?.headline).toBe(
      'راهنمای جامع خریداران آهن‌آلات: از شناخت استانداردها و مقایسه کارخانه‌ها تا حمل، انبارداری و پرداخت در بازار…',
    );
    expect(article?.datePublished).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(article?.author?.name).toBe('تحریریه');
    expect(article?.image).toMatch(new RegExp(`^${baseURL}/_/img\\?src=%2Fuploads%2F.+&w=1280$`));
    expect(breadcrumb?.['@type']).toBe('BreadcrumbList');
    expect(breadcrumb?.itemListElement?.map((item) => item.name)).toEqual(['صفحه اصلی', 'مقالات', LONG_READ.title]);

    expect(html).toContain(`<link data-page-head rel="canonical" href="${baseURL}/blog/${LONG_READ.slug}">`);
    expect(html).toContain('<meta data-page-head property="og:type" content="article">');
    expect(html).toMatch(/<meta data-page-head property="og:image" content="[^"]+\/_\/img\?src=/);
    expect(html).toContain('<meta data-page-head name="description" content="هر آنچه یک خریدار پروژه باید');

    // Sections with ids and anchors, and a table of contents linking to each.
    const ids = [...html.matchAll(/<h[23] id="([^"]+)"/g)]
      .map((match) => match[1])
      .filter((id) => id !== 'related-articles');
    expect(ids.length).toBeGreaterThanOrEqual(5);
    const contents = /<nav[^>]*aria-label="فهرست مطالب"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '';
    expect([...contents.matchAll(/href="#([^"]+)"/g)].map((match) => decodeURIComponent(match[1] ?? ''))).toEqual(
      ids.map((id) => decodeURIComponent(id ?? '')),
    );
    expect(html).toContain('استانداردها و گریدها');
    // Tags link to the filtered list; related articles share a tag; the cover is the page's main image.
    expect(html).toContain(`href="/blog?tag=${encodeURIComponent('بورس کالا').replace(/%20/g, '+')}"`);
    expect(html).toContain('مقالات مرتبط');
    expect(html).toContain('href="/blog/buying-from-ime"');
    expect(html).toMatch(/<img[^>]*fetchPriority="high"|<img[^>]*fetchpriority="high"/i);
  });

  test('it hydrates without warnings; anchors, tags and previous/next work in the browser', async ({ page }) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (/hydrat|did not match|#418|#419|#422|#423|#425/i.test(message.text())) problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(`/blog/${NEWEST.slug}`);
    await page.waitForLoadState('networkidle');
    await expect(page.locator('main h1')).toHaveText(NEWEST.title);
    expect(problems).toEqual([]);
    // The newest article has an older one before it and none after it.
    await expect(page.locator('a[rel="next"]')).toHaveCount(0);
    await page.locator('a[rel="prev"]').click();
    await expect(page).not.toHaveURL(new RegExp(`/blog/${NEWEST.slug}$`));
    await expect(page.locator('main h1')).not.toHaveText(NEWEST.title);
    await page.locator('nav[aria-label="فهرست مطالب"] a').last().click();
    await expect(page).toHaveURL(/#/);
  });

  test('an unknown slug is a fatal 404', async ({ page }) => {
    const response = await page.goto('/blog/no-such-article');
    expect(response?.status()).toBe(404);
    await expect(page.locator('main [role="alert"]')).toContainText('۴۰۴');
  });
});

test('an article whose body holds <script>, <img onerror> and a javascript: link runs nothing, on the server or in the browser', async ({
  page,
  request,
}) => {
  // An editor publishes a hostile body into a seeded article no other spec reads.
  const slug = 'mesh-and-grating';
  const title = 'مش آرماتور و گریتینگ';
  const sitemapLastmod = async () =>
    new Map((await parseXml(page, await (await request.get('/sitemap.xml')).text())).lastmods).get(
      `${baseURL}/blog/${slug}`,
    );
  const lastmodBefore = await sitemapLastmod();
  expect(lastmodBefore).toBeTruthy();
  const found = await request.get(`${cmsURL}/api/articles?filters[slug][$eq]=${slug}`);
  const documentId = ((await found.json()) as { data: Array<{ documentId: string }> }).data[0]?.documentId;
  const body = [
    '## بخش اول',
    '<script>window.__blogPwned = "script"; alert("script")</script>',
    '<img src="/no-such-image.png" onerror="window.__blogPwned = \'onerror\'; alert(\'onerror\')">',
    '[پیوند خطرناک](javascript:window.__blogPwned="link";alert("link"))',
    '![تصویر خطرناک](javascript:alert("image"))',
  ].join('\n\n');
  const edit = await request.put(`${cmsURL}/api/articles/${documentId}?status=published`, {
    headers: { authorization: `Bearer ${EDITOR_TOKEN}` },
    data: { data: { body } },
  });
  expect(edit.status()).toBe(200);

  // The CMS reports the change: the next request is rendered afresh, with the hostile body as text.
  await expect
    .poll(async () => (await (await request.get(`/blog/${slug}`)).text()).includes('بخش اول'), { timeout: 10_000 })
    .toBe(true);
  const html = await (await request.get(`/blog/${slug}`)).text();
  expect(html).toContain('&lt;script&gt;window.__blogPwned');
  expect(html).not.toMatch(/<script>window\.__blogPwned/);
  expect(html).not.toMatch(/<img[^>]*onerror=/i);
  expect(html).not.toMatch(/href="javascript:/i);
  expect(html).not.toMatch(/src="javascript:/i);

  const dialogs: string[] = [];
  page.on('dialog', async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  await page.goto(`/blog/${slug}`);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('main h1')).toHaveText(title);
  // After hydration nothing ran, and the javascript: link is no link at all (plain text).
  await expect(page.locator('main a', { hasText: 'پیوند خطرناک' })).toHaveCount(0);
  await page.locator('main span', { hasText: 'پیوند خطرناک' }).click();
  expect(await page.evaluate(() => (window as unknown as { __blogPwned?: string }).__blogPwned)).toBeUndefined();
  expect(dialogs).toEqual([]);
  // The raw HTML shows as text, never as elements.
  await expect(page.locator('main')).toContainText('<script>');
  await expect(page.locator('main script')).toHaveCount(0);
  await expect(page.locator('main img[onerror]')).toHaveCount(0);

  // The sitemap follows the change at once (the CMS reported it), with no rebuild.
  await expect.poll(sitemapLastmod, { timeout: 10_000 }).not.toBe(lastmodBefore);
});

test('the RSS feed parses as XML and holds the latest articles, newest first', async ({ page, request }) => {
  const response = await request.get('/blog/rss.xml');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/rss+xml; charset=utf-8');
  const feed = await parseXml(page, await response.text());
  expect(feed.error).toBeNull();
  expect(feed.root).toBe('rss');
  expect(feed.rssVersion).toBe('2.0');
  const slugs = await publishedArticles(request);
  expect(feed.itemLinks).toEqual(slugs.slice(0, 20).map((slug) => `${baseURL}/blog/${slug}`));
  expect(feed.itemTitles[0]).toBe(NEWEST.title);
  expect(feed.itemTitles).toContain(LONG_READ.title);
});

test('the sitemap parses as XML and lists the CMS pages at their canonical paths with lastmod', async ({
  page,
  request,
}) => {
  const response = await request.get('/sitemap.xml');
  expect(response.status()).toBe(200);
  const sitemap = await parseXml(page, await response.text());
  expect(sitemap.error).toBeNull();
  expect(sitemap.root).toBe('urlset');
  for (const path of [
    '/',
    '/blog',
    '/rebar',
    '/sheet/coldplate',
    '/rebar/kalaf',
    '/rebar/kalaf/rebar-kalaf-1',
    '/factories/esfahan-steel',
    '/about-us',
    `/blog/${LONG_READ.slug}`,
  ]) {
    expect(sitemap.locs).toContain(`${baseURL}${path}`);
  }
  const lastmod = new Map(sitemap.lastmods);
  expect(lastmod.get(`${baseURL}/rebar/kalaf/rebar-kalaf-1`)).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  expect(lastmod.get(`${baseURL}/blog/${LONG_READ.slug}`)).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  expect(new Set(sitemap.locs).size).toBe(sitemap.locs.length);
});

test('a cover comes through the image route as WebP at each width of its srcset, and nothing else is resized', async ({
  page,
  request,
}) => {
  await page.goto(`/blog/${LONG_READ.slug}`);
  const cover = page.locator('main img[fetchpriority="high"]');
  await expect(cover).toHaveAttribute('width', '1024');
  await expect(cover).toHaveAttribute('height', '538');
  const srcset = (await cover.getAttribute('srcset')) ?? '';
  const candidates = srcset.split(', ').map((candidate) => candidate.split(' ') as [string, string]);
  expect(candidates.map(([, width]) => width)).toEqual(['320w', '640w', '768w', '1024w', '1280w', '1536w', '2048w']);
  for (const [url, width] of candidates.slice(0, 3)) {
    const response = await request.get(url);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('image/webp');
    expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    // Chromium decodes it at exactly the asked width.
    const decodedWidth = await page.evaluate(async (src) => {
      const image = new Image();
      image.src = src;
      await image.decode();
      return image.naturalWidth;
    }, url);
    expect(`${decodedWidth}w`).toBe(width);
  }
  const upload = new URL(candidates[0]?.[0] ?? '', baseURL).searchParams.get('src') ?? '';
  expect((await request.get(`/_/img?src=${encodeURIComponent(upload)}&w=500`)).status()).toBe(400);
  expect((await request.get(`/_/img?src=${encodeURIComponent(`${cmsURL}/api/users`)}&w=640`)).status()).toBe(400);
});
