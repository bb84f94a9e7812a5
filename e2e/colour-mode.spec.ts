import { expect, test, type Page } from './support/test';

/**
 * Records <html>'s class at the first animation frame that has a body to paint — i.e. before the
 * first paint — from an init script that runs before any of the page's own scripts.
 */
async function probeFirstPaint(page: Page) {
  await page.addInitScript(() => {
    const w = window as Window & { __firstPaintClass?: string; __domReadyClass?: string };
    const probe = () => {
      if (document.body) w.__firstPaintClass = document.documentElement.className;
      else requestAnimationFrame(probe);
    };
    requestAnimationFrame(probe);
    document.addEventListener('DOMContentLoaded', () => {
      w.__domReadyClass = document.documentElement.className;
    });
  });
}

const firstPaintClass = (page: Page) =>
  page.evaluate(() => (window as Window & { __firstPaintClass?: string }).__firstPaintClass);
const htmlClass = (page: Page) => page.locator('html');

test('a stored `dark` preference makes the page dark before the first paint', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('nuxt-color-mode', 'dark'));
  await probeFirstPaint(page);
  await page.goto('/');
  await expect.poll(() => firstPaintClass(page)).toBe('dark');
  expect(await page.evaluate(() => (window as Window & { __domReadyClass?: string }).__domReadyClass)).toBe('dark');
  await expect(htmlClass(page)).toHaveClass('dark');
  await expect(page.getByRole('radio', { name: 'تیره' })).toHaveAttribute('aria-checked', 'true');
});

test('`system` follows prefers-color-scheme, also live; the switch changes the mode without a reload', async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await probeFirstPaint(page);
  await page.goto('/');
  await expect.poll(() => firstPaintClass(page)).toBe('dark');
  await expect(page.getByRole('radio', { name: 'سیستم' })).toHaveAttribute('aria-checked', 'true');

  // The system setting changes while the page is open.
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(htmlClass(page)).toHaveClass('light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(htmlClass(page)).toHaveClass('dark');

  await page.evaluate(() => ((window as Window & { __sameDocument?: boolean }).__sameDocument = true));
  await page.getByRole('radio', { name: 'روشن' }).click();
  await expect(htmlClass(page)).toHaveClass('light');
  await expect(page.getByRole('radio', { name: 'روشن' })).toHaveAttribute('aria-checked', 'true');
  expect(await page.evaluate(() => localStorage.getItem('nuxt-color-mode'))).toBe('light');
  // An explicit preference ignores the system setting.
  await page.emulateMedia({ colorScheme: 'light' });
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(htmlClass(page)).toHaveClass('light');
  expect(await page.evaluate(() => (window as Window & { __sameDocument?: boolean }).__sameDocument)).toBe(true);

  // Remembered across loads, applied before the first paint.
  await page.reload();
  await expect.poll(() => firstPaintClass(page)).toBe('light');
  await page.getByRole('radio', { name: 'سیستم' }).click();
  await expect(htmlClass(page)).toHaveClass('dark');
  expect(await page.evaluate(() => localStorage.getItem('nuxt-color-mode'))).toBe('system');
});
