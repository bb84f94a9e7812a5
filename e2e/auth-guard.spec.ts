import { expect, test, type Page } from './support/test';
import { baseURL, DEMO_USER } from './support/environment';

async function signIn(page: Page, identifier: string, password: string) {
  await page.getByLabel('ایمیل، نام کاربری یا شماره موبایل').fill(identifier);
  await page.getByLabel('رمز عبور').fill(password);
  await page.getByRole('button', { name: 'ورود' }).click();
}

/** Every origin the page sent a request to. */
function recordOrigins(page: Page): Set<string> {
  const origins = new Set<string>();
  page.on('request', (request) => origins.add(new URL(request.url()).origin));
  page.on('framenavigated', (frame) => origins.add(new URL(frame.url()).origin));
  return origins;
}

test('an unauthenticated visit to /panel/order lands on the sign-in page, and signing in leads back to it', async ({
  page,
}) => {
  await page.goto('/panel/order');
  await expect(page).toHaveURL(`${baseURL}/login?redirect=/panel/order`);
  await expect(page.locator('#app-panel h1')).toHaveText('ورود / ثبت‌نام');
  // The guarded section never mounted.
  await expect(page.locator('#app-panel h1', { hasText: 'سفارش‌ها' })).toHaveCount(0);

  await signIn(page, DEMO_USER.email, DEMO_USER.password);
  await expect(page).toHaveURL(`${baseURL}/panel/order`);
  await expect(page.locator('#app-panel h1')).toHaveText('سفارش‌ها');
  await expect(page.getByRole('banner').getByRole('link', { name: 'پنل کاربری' })).toBeVisible();

  // Signed in, the guard lets the visitor through on a fresh page load too.
  await page.goto('/panel/ticket');
  await expect(page.locator('#app-panel h1')).toHaveText('تیکت‌ها');
});

test('a wrong password is refused in Persian and the form keeps what was typed', async ({ page }) => {
  await page.goto('/login?redirect=/panel/order');
  await signIn(page, DEMO_USER.username, 'not-the-password');
  await expect(page.getByRole('alert')).toHaveText('نام کاربری یا رمز عبور نادرست است');
  await expect(page.getByLabel('ایمیل، نام کاربری یا شماره موبایل')).toHaveValue(DEMO_USER.username);
  await expect(page.getByLabel('رمز عبور')).toHaveValue('not-the-password');
  await expect(page).toHaveURL(`${baseURL}/login?redirect=/panel/order`);
});

for (const redirect of ['https://evil.example', '//evil.example/panel', '/\\evil.example']) {
  test(`?redirect=${redirect} is ignored after sign-in: /panel, same origin`, async ({ page }) => {
    const origins = recordOrigins(page);
    await page.goto(`/login?redirect=${encodeURIComponent(redirect)}`);
    await signIn(page, DEMO_USER.username, DEMO_USER.password);
    await expect(page).toHaveURL(`${baseURL}/panel`);
    await expect(page.locator('#app-panel h1')).toHaveText('پنل کاربری');
    expect([...origins].filter((origin) => origin.includes('evil'))).toEqual([]);
  });
}

test('signing out on /panel/logout empties the session and goes home, and the panel is guarded again', async ({
  page,
}) => {
  await page.goto('/login');
  await signIn(page, DEMO_USER.username, DEMO_USER.password);
  await expect(page).toHaveURL(`${baseURL}/panel`);
  await page.goto('/panel/logout');
  await expect(page.locator('#app-panel h1')).toHaveText('خروج');
  await page.getByRole('button', { name: 'خروج از حساب' }).click();
  await expect(page).toHaveURL(`${baseURL}/`);
  await expect(page.getByRole('banner').getByRole('link', { name: 'ورود / ثبت‌نام' })).toBeVisible();
  expect((await page.context().cookies()).filter((cookie) => cookie.name.startsWith('user_'))).toEqual([]);
  await page.goto('/panel/profile');
  await expect(page).toHaveURL(`${baseURL}/login?redirect=/panel/profile`);
});
