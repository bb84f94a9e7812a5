import { expect, test, type BrowserContext, type Page } from './support/test';
import { baseURL, cmsURL, DEMO_USER } from './support/environment';

/**
 * Sessions that end. Measured before: after signing out, the signed-out token
 * still answered 200 from the CMS (a 30-day JWT), and a forged `user_data` cookie was shown as the
 * signed-in customer without any check.
 */

async function signInThroughTheForm(page: Page) {
  await page.goto('/login');
  await page.getByLabel('ایمیل، نام کاربری یا شماره موبایل').fill(DEMO_USER.username);
  await page.getByLabel('رمز عبور').fill(DEMO_USER.password);
  await page.getByRole('button', { name: 'ورود' }).click();
  await expect(page).toHaveURL(`${baseURL}/panel`);
}

const cookieValue = async (context: BrowserContext, name: string) =>
  (await context.cookies(baseURL)).find((cookie) => cookie.name === name)?.value;
const userInCookie = async (context: BrowserContext) => {
  const raw = await cookieValue(context, 'user_data');
  return raw ? (JSON.parse(decodeURIComponent(raw)) as { username?: string }) : null;
};
const accountLink = (page: Page) => page.getByRole('banner').getByRole('link', { name: 'پنل کاربری' });
const signInLink = (page: Page) => page.getByRole('banner').getByRole('link', { name: 'ورود / ثبت‌نام' });

test('signing out revokes the session at the CMS: the old access token gets 401, the other tab leaves the panel', async ({
  context,
  request,
}) => {
  const tabA = await context.newPage();
  await signInThroughTheForm(tabA);
  const oldToken = (await cookieValue(context, 'user_token'))!;
  // The access token lives minutes, not the 30 days of the session.
  const { exp, iat } = JSON.parse(Buffer.from(oldToken.split('.')[1]!, 'base64url').toString()) as {
    exp: number;
    iat: number;
  };
  expect(exp - iat).toBeLessThanOrEqual(15 * 60);
  // The refresh token never reaches a script: an httpOnly cookie of the CMS.
  const refreshCookies = (await context.cookies(`${cmsURL}/api/auth/refresh`)).filter((cookie) =>
    cookie.name.startsWith('user_refresh'),
  );
  expect(refreshCookies.find((cookie) => cookie.name === 'user_refresh')).toMatchObject({
    httpOnly: true,
    path: '/api/auth',
  });
  const stolenRefreshCookie = refreshCookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
  expect(
    (await request.get(`${cmsURL}/api/users/me`, { headers: { Authorization: `Bearer ${oldToken}` } })).status(),
  ).toBe(200);

  const tabB = await context.newPage();
  await tabB.goto('/panel/order');
  await expect(tabB.locator('#app-panel h1')).toHaveText('سفارش‌ها');

  await tabA.goto('/panel/logout');
  await tabA.getByRole('button', { name: 'خروج از حساب' }).click();
  await expect(tabA).toHaveURL(`${baseURL}/`);
  await expect(signInLink(tabA)).toBeVisible();

  await expect(tabB).toHaveURL(`${baseURL}/login?redirect=/panel/order`);
  await expect(signInLink(tabB)).toBeVisible();
  // The CMS refuses the signed-out token at once, and the session's refresh cookie with it.
  expect(
    (await request.get(`${cmsURL}/api/users/me`, { headers: { Authorization: `Bearer ${oldToken}` } })).status(),
  ).toBe(401);
  expect(
    (await request.post(`${cmsURL}/api/auth/refresh`, { data: {}, headers: { cookie: stolenRefreshCookie } })).status(),
  ).toBe(401);
});

test('an expired access token is refreshed through the cookie: the customer stays signed in', async ({
  context,
  page,
}) => {
  await signInThroughTheForm(page);
  // What an access token past its minutes looks like to the CMS: refused with 401.
  await context.addCookies([
    { name: 'user_token', value: 'eyJhbGciOiJIUzI1NiJ9.eyJ0eXBlIjoiYWNjZXNzIn0.expired', url: baseURL },
  ]);
  await page.goto('/panel/order');
  await expect(page.locator('#app-panel h1')).toHaveText('سفارش‌ها');
  await expect(
    page
      .locator('#app-panel')
      .getByText(/SO-DEMO-\d/)
      .first(),
  ).toBeVisible();
  await expect.poll(() => cookieValue(context, 'user_token')).not.toContain('.expired');
  await expect(accountLink(page)).toBeVisible();
});

test("a forged user_data is replaced by the CMS's user; without a session it is cleared", async ({
  browser,
  context,
  page,
}) => {
  await signInThroughTheForm(page);
  const forged = { id: 1, username: 'admin-forged', email: 'forged@example.com' };
  await context.addCookies([{ name: 'user_data', value: encodeURIComponent(JSON.stringify(forged)), url: baseURL }]);
  await page.goto('/');
  await expect.poll(async () => (await userInCookie(context))?.username).toBe(DEMO_USER.username);
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem('user')))!)).toMatchObject({
    username: DEMO_USER.username,
  });

  // A visitor with nothing but a forged cookie: shown signed out, the cookie gone.
  const stranger = await browser.newContext();
  await stranger.addCookies([{ name: 'user_data', value: encodeURIComponent(JSON.stringify(forged)), url: baseURL }]);
  const strangerPage = await stranger.newPage();
  await strangerPage.goto('/');
  await expect(signInLink(strangerPage)).toBeVisible();
  await expect.poll(() => userInCookie(stranger)).toBeNull();
  await stranger.close();
});
