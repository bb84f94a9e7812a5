import { expect, test, type Page, type Route } from './support/test';
import { cmsURL } from './support/environment';

// The start-up is not awaited after goto: it times what the page shows while the CMS stalls.
test.use({ waitForAdoption: false });

/**
 * What a visitor sees on a client navigation while the CMS is stalled or slow, against the suite's
 * app server with the production limit for a page's data (`PAGE_DATA_TIMEOUT_MS`, 5 s). Only this
 * page's requests to the CMS are held or delayed (page.route), so the CMS stays whole for the
 * specs running beside it. Measured before: with the CMS stalled, the page left behind stayed on
 * screen with the loading bar alone, and the in-layout error came after 10.2 s (two limits).
 * The bounds are the issue's: «still loading» within 2 s, the error with its retry within 6 s.
 */

const staticPages = `${cmsURL}/api/static-pages**`;
const app = (page: Page) => page.locator('#app-catalogue');
const stillLoading = (page: Page) => app(page).getByRole('status').filter({ hasText: 'هنوز در حال بارگذاری…' });

/** /about-us, rendered by the server and hydrated: from here on a link is a client navigation. */
async function openAboutUs(page: Page) {
  await page.goto('/about-us');
  await expect(app(page).locator('h1')).toHaveText('درباره ما');
  await expect(page.locator('[data-ssr-url]')).toHaveCount(0);
  await page.evaluate(() => ((window as { __sameDocument?: boolean }).__sameDocument = true));
}

const rulesLink = (page: Page) => page.getByRole('contentinfo').getByRole('link', { name: 'قوانین و مقررات' });

/**
 * When, after the visitor's click, the words of a long wait and the error's retry button first
 * appeared — timed in the page, so Playwright's own polling adds nothing.
 */
async function timeWhatAppears(page: Page) {
  await page.evaluate(() => {
    const times: { click?: number; stillLoading?: number; retry?: number } = {};
    (window as { __waitTimes?: typeof times }).__waitTimes = times;
    document.addEventListener('click', () => (times.click ??= performance.now()), { capture: true, once: true });
    new MutationObserver(() => {
      if (times.click === undefined) return;
      if (document.querySelector('#app-catalogue [data-page-still-loading] p'))
        times.stillLoading ??= performance.now() - times.click;
      if (document.querySelector('#app-catalogue [role="alert"] button'))
        times.retry ??= performance.now() - times.click;
    }).observe(document.body, { subtree: true, childList: true });
  });
  return () =>
    page.evaluate(() => (window as { __waitTimes?: { stillLoading?: number; retry?: number } }).__waitTimes!);
}

test('the CMS stalled: «still loading» on the page within 2 s, the error with its retry within 6 s, one request', async ({
  page,
}) => {
  await openAboutUs(page);
  const held: Route[] = [];
  // Taken, never answered: a CMS that accepts the request and stalls.
  await page.route(staticPages, (route) => void held.push(route));
  const waitTimes = await timeWhatAppears(page);

  // Pointing at the link starts its data as a prefetch; the click joins it.
  await rulesLink(page).click();
  await expect(stillLoading(page)).toBeVisible();
  await expect(stillLoading(page)).toHaveAttribute('aria-live', 'polite');
  await expect(page.getByTestId('loading-bar')).toHaveAttribute('data-visible', 'true');

  const dataError = app(page).getByRole('alert');
  const retry = dataError.getByRole('button', { name: 'تلاش مجدد' });
  await expect(retry).toBeVisible();
  const { stillLoading: stillLoadingMs = Infinity, retry: retryMs = Infinity } = await waitTimes();
  console.log(
    `stalled CMS: «still loading» ${Math.round(stillLoadingMs)} ms after the click, the error with its retry ${Math.round(retryMs)} ms`,
  );
  expect(stillLoadingMs).toBeLessThanOrEqual(2000);
  expect(retryMs).toBeLessThanOrEqual(6000);
  await expect(dataError).toContainText('اطلاعات این صفحه دریافت نشد');
  await expect(stillLoading(page)).toHaveCount(0);
  await expect(page.getByTestId('loading-bar')).toHaveAttribute('data-error', 'true');
  // A request past the limit is not asked again: a stalled CMS would only stall again.
  expect(held).toHaveLength(1);

  // The CMS answers again: the retry asks in place.
  await page.unroute(staticPages);
  await retry.click();
  await expect(app(page).locator('h1')).toHaveText('قوانین و مقررات');
  expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
});

test('the CMS slow (3 s) but answering: «still loading» meanwhile, then the page — no error; dark and right-to-left', async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await openAboutUs(page);
  await page.route(staticPages, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 3000));
    await route.continue();
  });

  await rulesLink(page).click();
  await expect(stillLoading(page)).toBeVisible();
  const notice = stillLoading(page).locator('p');
  const look = await notice.evaluate((element) => {
    // Computed colours in sRGB, whatever notation the stylesheet used.
    const context = document.createElement('canvas').getContext('2d')!;
    const brightness = (colour: string) => {
      context.fillStyle = colour;
      context.fillRect(0, 0, 1, 1);
      const [r = 0, g = 0, b = 0] = context.getImageData(0, 0, 1, 1).data;
      return r + g + b;
    };
    const style = getComputedStyle(element);
    return { direction: style.direction, text: brightness(style.color), background: brightness(style.backgroundColor) };
  });
  expect(look.direction).toBe('rtl');
  // Dark mode: light words on a dark ground.
  expect(look.text).toBeGreaterThan(look.background);

  await expect(app(page).locator('h1')).toHaveText('قوانین و مقررات');
  await expect(stillLoading(page)).toHaveCount(0);
  await expect(app(page).getByRole('alert')).toHaveCount(0);
  await expect(page.getByTestId('loading-bar')).not.toHaveAttribute('data-error', 'true');
});
