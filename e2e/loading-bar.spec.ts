import { expect, test, type Page } from './support/test';

/**
 * The top loading bar (docs/behaviour.md, "Loading bar"). The page records, with its own clock, when each navigation
 * started and when the bar became visible, so the 200 ms throttle is checked without timing the
 * test itself. A slow remote is the blog with its code delayed by route interception: the thing
 * under test is the bar, not the network.
 */
async function recordBar(page: Page) {
  await page.addInitScript(() => {
    const record = { starts: [] as number[], shown: [] as number[] };
    (window as unknown as { __bar: typeof record }).__bar = record;
    window.addEventListener('single-spa:before-routing-event', () => record.starts.push(performance.now()));
    new MutationObserver((mutations) => {
      for (const mutation of mutations) {
        const target = mutation.target as HTMLElement;
        if (target.dataset?.testid === 'loading-bar' && target.dataset.visible === 'true')
          record.shown.push(performance.now());
      }
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-visible'] });
  });
}

const bar = (page: Page) =>
  page.evaluate(() => (window as unknown as { __bar: { starts: number[]; shown: number[] } }).__bar);
const resetBar = (page: Page) =>
  page.evaluate(() => {
    const record = (window as unknown as { __bar: { starts: number[]; shown: number[] } }).__bar;
    record.starts.length = 0;
    record.shown.length = 0;
  });

test('a slow remote shows the bar after the 200 ms throttle, growing from the right, then it hides', async ({
  page,
}) => {
  await recordBar(page);
  await page.route('**/builds/blog/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto('/');
  await expect(page.locator('#app-catalogue h1')).toHaveText('بازار آهن‌آلات');
  const loadingBar = page.getByTestId('loading-bar');
  await expect(loadingBar).toHaveAttribute('data-visible', 'false');
  await resetBar(page);

  await page.locator('footer a', { hasText: 'اخبار و مقالات' }).click();
  await expect(loadingBar).toHaveAttribute('data-visible', 'true');
  const { starts, shown } = await bar(page);
  expect(starts).toHaveLength(1);
  expect(shown[0]! - starts[0]!).toBeGreaterThanOrEqual(200);

  // Fixed at the top, 3 px (the inline value: the computed one is mid-transition), above everything, anchored
  // at the inline start (the right in RTL).
  const style = await loadingBar.evaluate((element) => {
    const computed = getComputedStyle(element);
    return {
      position: computed.position,
      top: computed.top,
      right: computed.right,
      height: element.style.height,
      zIndex: computed.zIndex,
      origin: element.style.transformOrigin,
    };
  });
  expect(style).toEqual({
    position: 'fixed',
    top: '0px',
    right: '0px',
    height: '3px',
    zIndex: '999999',
    origin: 'right center',
  });

  await expect(page.locator('#app-blog h1')).toBeVisible({ timeout: 20_000 });
  await expect(loadingBar).toHaveAttribute('data-visible', 'false');
  await expect(loadingBar).toHaveAttribute('aria-valuenow', '0');
});

test('a fast navigation within the catalogue never shows the bar', async ({ page }) => {
  await recordBar(page);
  await page.goto('/');
  await expect(page.locator('#app-catalogue h1')).toHaveText('بازار آهن‌آلات');
  await expect(page.getByTestId('loading-bar')).toHaveAttribute('data-visible', 'false');
  await resetBar(page);

  await page.locator('header nav a', { hasText: 'میلگرد' }).click();
  await expect(page.locator('#app-catalogue h1')).toHaveText('میلگرد');
  await page.goBack();
  await expect(page.locator('#app-catalogue h1')).toHaveText('بازار آهن‌آلات');
  // Longer than throttle + hide + reset: a bar that was going to appear would have by now.
  await page.waitForTimeout(1500);
  const { starts, shown } = await bar(page);
  expect(starts.length).toBeGreaterThanOrEqual(2);
  expect(shown).toEqual([]);
});
