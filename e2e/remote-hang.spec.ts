import { expect, test, type Route } from './support/test';

// The start-up is not awaited after goto: its remote never starts.
test.use({ waitForAdoption: false });

/**
 * Measured before: with the blog's files never answering, /blog showed a blank content area and a loading
 * bar for 330 s, and /rebar stayed blank afterwards until a full reload. Every remote load now has
 * a time limit (runtime config `remoteLoadTimeoutMs`, 8 s by default).
 */
test('a remote whose files hang: other apps keep working, the error comes in time, a retry recovers without a reload', async ({
  page,
}) => {
  test.setTimeout(120_000);
  let hang = true;
  const held: Route[] = [];
  await page.route('**/builds/blog/**', async (route) => {
    if (hang)
      held.push(route); // never answered
    else await route.continue();
  });
  await page.goto('/rebar');
  await expect(page.locator('#app-catalogue h1')).toHaveText('میلگرد');
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));

  const started = Date.now();
  await page.locator('footer a', { hasText: 'اخبار و مقالات' }).click();
  await expect(page).toHaveURL(/\/blog\/?$/);
  await expect(page.getByTestId('loading-bar')).toHaveAttribute('data-visible', 'true');

  // While the blog's load hangs, another app's route mounts at once: single-spa is not held.
  const leaving = Date.now();
  await page.locator('header nav a', { hasText: 'میلگرد' }).click();
  await expect(page.locator('#app-catalogue h1')).toHaveText('میلگرد', { timeout: 3000 });
  const catalogueMs = Date.now() - leaving;

  // Back on the blog: past the time limit, the in-layout error with a retry, the bar finished red.
  await page.locator('footer a', { hasText: 'اخبار و مقالات' }).click();
  const error = page.getByTestId('remote-error');
  await expect(error).toContainText('این بخش از سایت در حال حاضر بارگیری نشد', { timeout: 15_000 });
  const errorMs = Date.now() - started;
  await expect(page.getByTestId('loading-bar')).toHaveAttribute('data-error', 'true');
  await expect(page.locator('header nav a', { hasText: 'میلگرد' })).toBeVisible();
  await expect(page.locator('footer')).toBeVisible();
  expect(held.length).toBeGreaterThan(0);
  console.log(`catalogue mounted ${catalogueMs} ms after leaving the hung blog; blog error after ${errorMs} ms`);
  expect(errorMs).toBeLessThan(13_000);

  // The files come back: the retry loads the blog in the same document.
  hang = false;
  await error.getByRole('button', { name: 'تلاش مجدد' }).click();
  await expect(page.locator('#app-blog h1')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('remote-error')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

  await page.locator('header nav a', { hasText: 'میلگرد' }).click();
  await expect(page.locator('#app-catalogue h1')).toHaveText('میلگرد');
});
