import { expect, test } from './support/test';

test.describe('a bot user agent', () => {
  test.use({ userAgent: 'Googlebot/2.1 (+http://www.google.com/bot.html)' });

  test('never gets the error page: the layout stays and the error is only logged', async ({ page }) => {
    const logged: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') logged.push(message.text());
    });
    await page.goto('/rebar/no-such-sub');
    await expect.poll(() => logged.some((text) => text.includes('Page Not Found: /rebar/no-such-sub'))).toBe(true);
    await expect(page.locator('header nav a', { hasText: 'میلگرد' })).toBeVisible();
    await expect(page.locator('footer')).toBeVisible();
    await expect(page.getByRole('heading', { name: /خطا/ })).toHaveCount(0);
    await expect(page.getByTestId('error-status')).toHaveCount(0);
  });
});

test('a person gets the error page for the same URL; its button clears it and goes to /', async ({ page }) => {
  await page.goto('/rebar/no-such-sub');
  await expect(page.getByRole('heading', { name: /خطا/ })).toBeVisible();
  await expect(page.getByTestId('error-status')).toHaveText('۴۰۴');
  await expect(page.locator('header')).toBeHidden();
  await page.getByRole('button', { name: 'بازگشت به صفحه اصلی' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('header')).toBeVisible();
  await expect(page.getByTestId('error-status')).toHaveCount(0);
});
