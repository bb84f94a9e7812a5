import { expect, test, type Page } from './support/test';

const blogEntry = /\/builds\/blog\/[^/]+\/(remoteEntry\.js|mf-manifest\.json)$/;

function recordBlogCode(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/builds/blog/')) urls.push(request.url());
  });
  return urls;
}

/** Lets the page reach idle time a few times (requestIdleCallback), so a prefetch would have run. */
async function settle(page: Page) {
  for (let i = 0; i < 3; i++) {
    await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => setTimeout(resolve, 100))));
  }
}

test('the footer link to /blog preloads the blog code when it scrolls into view, before any click', async ({
  page,
}) => {
  // So short that the header fills it: the footer (with the /blog link) is below the fold from
  // the first paint on, so only scrolling can make it visible. (At a normal height the footer is
  // visible while the page's content is still loading, and the blog is preloaded at once.)
  await page.setViewportSize({ width: 1280, height: 80 });
  const blogCode = recordBlogCode(page);
  await page.goto('/');
  await expect(page.locator('#app-catalogue h1')).toHaveText('بازار آهن‌آلات');
  await settle(page);
  expect(blogCode).toEqual([]);

  const link = page.locator('footer a[href="/blog"]');
  const entryRequested = page.waitForRequest((request) => blogEntry.test(new URL(request.url()).pathname));
  await link.scrollIntoViewIfNeeded();
  await entryRequested;
  await expect.poll(() => blogCode.some((url) => /remoteEntry\.js$/.test(url))).toBe(true);
  await expect(page.locator('#app-blog h1')).toHaveCount(0);

  // The later click uses the preloaded code and still renders the blog.
  await link.click();
  await expect(page.locator('#app-blog h1')).toHaveText('اخبار و مقالات');
});

test('at a normal size the visible footer link preloads the blog before any click', async ({ page }) => {
  // The home page is taller than any screen now (grid, price board, articles), so a short page:
  // the sign-in page, whose footer is in view at a laptop's size from the first paint on.
  await page.setViewportSize({ width: 1280, height: 900 });
  const blogEntryLoaded = page.waitForRequest((request) =>
    /\/builds\/blog\/[^/]+\/remoteEntry\.js$/.test(request.url()),
  );
  await page.goto('/login');
  await expect(page.locator('footer a[href="/blog"]')).toBeInViewport();
  await blogEntryLoaded;
  await expect(page.locator('#app-blog h1')).toHaveCount(0);
});

test('with save-data on, nothing is preloaded: the blog code comes only with the click', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'connection', {
      value: { saveData: true, effectiveType: '4g' },
      configurable: true,
    });
  });
  const blogCode = recordBlogCode(page);
  await page.goto('/');
  await expect(page.locator('#app-catalogue h1')).toHaveText('بازار آهن‌آلات');
  await page.locator('footer a[href="/blog"]').scrollIntoViewIfNeeded();
  await settle(page);
  expect(blogCode).toEqual([]);

  await page.locator('footer a[href="/blog"]').click();
  await expect(page.locator('#app-blog h1')).toHaveText('اخبار و مقالات');
  expect(blogCode.length).toBeGreaterThan(0);
});
