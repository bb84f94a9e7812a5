import { expect, test } from './support/test';

/**
 * Toasts (docs/behaviour.md, "Toasts"): the catalogue's «کپی پیوند» raises `toast:add` on the bus; the shell's
 * Radix notification area shows it. The clipboard needs the permission in headless Chromium.
 */
test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const viewportRegion = (page: import('@playwright/test').Page) => page.getByRole('region', { name: 'اعلان‌ها (F8)' });

test('a toast raised by a remote appears in the shell, and closes with «بستن»', async ({ page }) => {
  await page.goto('/rebar');
  await page.getByRole('button', { name: 'کپی پیوند' }).click();
  const toasts = viewportRegion(page).locator('ol > li');
  await expect(toasts).toHaveCount(1);
  await expect(toasts.first()).toContainText('کپی شد');
  await expect(toasts.first()).toHaveAttribute('data-color', 'success');
  // Rendered by the shell, outside the remote's container.
  await expect(page.locator('#app-catalogue').getByText('کپی شد')).toHaveCount(0);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());

  await toasts.first().getByRole('button', { name: 'بستن' }).click();
  await expect(toasts).toHaveCount(0);
});

test('F8 focuses the notification area; the sixth toast pushes out the first', async ({ page }) => {
  await page.goto('/rebar');
  const button = page.getByRole('button', { name: 'کپی پیوند' });
  const toasts = viewportRegion(page).locator('ol > li');
  await button.click();
  await expect(toasts).toHaveCount(1);
  // Focus inside the viewport pauses Radix's 5 s timers, so nothing closes on its own meanwhile.
  await page.keyboard.press('F8');
  await expect(viewportRegion(page).locator('ol')).toBeFocused();

  for (let i = 2; i <= 5; i++) {
    await button.click();
    await expect(toasts).toHaveCount(i);
  }
  await toasts.first().evaluate((element) => element.setAttribute('data-first', ''));
  await button.click();
  await expect(viewportRegion(page).locator('li[data-first]')).toHaveCount(0);
  await expect(toasts).toHaveCount(5);
});
