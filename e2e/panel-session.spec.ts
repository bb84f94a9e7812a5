import { expect, test, type Page } from './support/test';
import { baseURL, DEMO_USER } from './support/environment';

/** The demo customer's seeded order numbers: customer data that must never outlive the session. */
const DEMO_ORDER = /SO-DEMO-\d/;

async function signInAsDemoThroughTheForm(page: Page, path = '/login') {
  await page.goto(path);
  await page.getByLabel('ایمیل، نام کاربری یا شماره موبایل').fill(DEMO_USER.username);
  await page.getByLabel('رمز عبور').fill(DEMO_USER.password);
  await page.getByRole('button', { name: 'ورود' }).click();
}

test('signing out in one tab empties the other at once: it leaves the panel and shows no customer data', async ({
  context,
}) => {
  const tabA = await context.newPage();
  await signInAsDemoThroughTheForm(tabA);
  await expect(tabA).toHaveURL(`${baseURL}/panel`);

  const tabB = await context.newPage();
  await tabB.goto('/panel/order');
  await expect(tabB.locator('#app-panel h1')).toHaveText('سفارش‌ها');
  await expect(tabB.locator('#app-panel').getByText(DEMO_ORDER).first()).toBeVisible();

  await tabA.goto('/panel/logout');
  await tabA.getByRole('button', { name: 'خروج از حساب' }).click();
  await expect(tabA).toHaveURL(`${baseURL}/`);

  // Tab B was not touched: it follows by itself.
  await expect(tabB).toHaveURL(`${baseURL}/login?redirect=/panel/order`);
  await expect(tabB.locator('#app-panel h1')).toHaveText('ورود / ثبت‌نام');
  await expect(tabB.getByText(DEMO_ORDER)).toHaveCount(0);
  await expect(tabB.getByRole('banner').getByRole('link', { name: 'ورود / ثبت‌نام' })).toBeVisible();
  // Back to the orders page through history: guarded again, nothing of the customer's shown.
  await tabB.goBack();
  await expect(tabB.getByText(DEMO_ORDER)).toHaveCount(0);
});

test('signing in in one tab is followed by the other: its sign-in page goes on to the redirect', async ({
  context,
}) => {
  const waiting = await context.newPage();
  await waiting.goto('/panel/ticket');
  await expect(waiting).toHaveURL(`${baseURL}/login?redirect=/panel/ticket`);

  const other = await context.newPage();
  await signInAsDemoThroughTheForm(other);
  await expect(other).toHaveURL(`${baseURL}/panel`);

  await expect(waiting).toHaveURL(`${baseURL}/panel/ticket`);
  await expect(waiting.locator('#app-panel h1')).toHaveText('تیکت‌ها');
  await expect(waiting.getByRole('banner').getByRole('link', { name: 'پنل کاربری' })).toBeVisible();
});

test('a 401 from the CMS in the panel clears the session and sends the visitor to sign in, with the way back', async ({
  page,
  context,
}) => {
  // A readable user with a token the CMS refuses (revoked, expired, forged): the page believes it is
  // signed in until the CMS answers the first panel request with 401.
  const user = { id: 1, username: DEMO_USER.username, email: DEMO_USER.email };
  await context.addCookies([
    { name: 'user_token', value: 'eyJhbGciOiJIUzI1NiJ9.eyJpZCI6MX0.revoked', url: baseURL },
    { name: 'user_data', value: encodeURIComponent(JSON.stringify(user)), url: baseURL },
  ]);
  await page.goto('/panel/order');
  await expect(page).toHaveURL(`${baseURL}/login?redirect=/panel/order`);
  await expect(page.locator('#app-panel h1')).toHaveText('ورود / ثبت‌نام');
  await expect
    .poll(async () =>
      (await context.cookies()).filter((cookie) => cookie.name.startsWith('user_')).map((cookie) => cookie.name),
    )
    .toEqual([]);
  expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();

  await page.getByLabel('ایمیل، نام کاربری یا شماره موبایل').fill(DEMO_USER.email);
  await page.getByLabel('رمز عبور').fill(DEMO_USER.password);
  await page.getByRole('button', { name: 'ورود' }).click();
  await expect(page).toHaveURL(`${baseURL}/panel/order`);
  await expect(page.locator('#app-panel').getByText(DEMO_ORDER).first()).toBeVisible();
});
