import { expect, test } from './support/test';

test('an unknown path shows the 404 view inside the layout', async ({ page }) => {
  // A path no app owns reads no query: the query is dropped (301) before the 404 is shown.
  await page.goto('/no-such-page?from=test');
  await expect(page).toHaveURL(/\/no-such-page$/);
  const view = page.locator('main [role="alert"]');
  await expect(view).toContainText('صفحه مورد نظر یافت نشد');
  await expect(view).toContainText('صفحه‌ای با نشانی /no-such-page در این سایت نیست');
  // Persian only (the address aside): the contract's English words are the logs', never the screen's.
  expect((await view.innerText()).replace('/no-such-page', '')).not.toMatch(/[A-Za-z]/);
  // The layout stays: header menu and footer are there.
  await expect(page.locator('header nav a', { hasText: 'میلگرد' })).toBeVisible();
  await expect(page.locator('footer')).toBeVisible();
});

test('a bad sub-category slug shows the error page, whose button returns home', async ({ page }) => {
  await page.goto('/rebar/no-such-subcategory');
  await expect(page.getByRole('heading', { name: /خطا/ })).toBeVisible();
  await expect(page.getByTestId('error-status')).toHaveText('۴۰۴');
  await expect(page.getByText('با خطا مواجه شدید. صفحه مورد نظر در دسترس نیست')).toBeVisible();
  await expect(page.locator('header')).toBeHidden();

  await page.getByRole('button', { name: 'بازگشت به صفحه اصلی' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('#app-catalogue h1')).toHaveText('بازار آهن‌آلات');
  await expect(page.getByTestId('error-status')).toHaveCount(0);
});

test('bad group and category slugs are fatal 404s too; navigating away clears the error', async ({ page }) => {
  await page.goto('/sheet/no-such-group');
  await expect(page.getByTestId('error-status')).toHaveText('۴۰۴');
  await page.goto('/sheet/coldplate/no-such-sub');
  await expect(page.getByTestId('error-status')).toHaveText('۴۰۴');
  await page.goBack();
  await expect(page.getByTestId('error-status')).toHaveText('۴۰۴');
  await page.goto('/sheet/coldplate');
  await expect(page.locator('#app-catalogue h1')).toHaveText('ورق سرد');
});
