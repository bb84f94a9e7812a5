import { expect, test } from './support/test';
import { baseURL, DEMO_USER } from './support/environment';
import { demoJwt, setTokenCookie } from './support/sign-in';

test.describe('GET /api/auth', () => {
  test('answers the token and the user the CMS validated for the token cookie', async ({ request }) => {
    const jwt = await demoJwt(request);
    const response = await request.get('/api/auth', { headers: { cookie: `user_token=${jwt}` } });
    expect(response.status()).toBe(200);
    expect(response.headers()['cache-control']).toBe('no-store');
    const body = (await response.json()) as {
      token: string;
      user: { username: string; email: string; role: { type: string } };
    };
    expect(body.token).toBe(jwt);
    expect(body.user).toMatchObject({
      username: DEMO_USER.username,
      email: DEMO_USER.email,
      role: { type: 'authenticated' },
    });
  });

  for (const [label, cookie] of [
    ['no cookie', ''],
    ['a forged token', 'user_token=eyJhbGciOiJIUzI1NiJ9.eyJpZCI6MX0.forged'],
  ] as const) {
    test(`answers the empty session for ${label}`, async ({ request }) => {
      const response = await request.get('/api/auth', { headers: cookie ? { cookie } : {} });
      expect(response.status()).toBe(200);
      expect(response.headers()['cache-control']).toBe('no-store');
      expect(await response.json()).toEqual({ token: null, user: null });
    });
  }
});

test.describe('session fill at start', () => {
  test('a token cookie without a user: the shell fills the session from /api/auth', async ({
    page,
    context,
    request,
  }) => {
    await setTokenCookie(context, await demoJwt(request));
    const apiAuthCalls: string[] = [];
    page.on('request', (req) => {
      if (new URL(req.url()).pathname === '/api/auth') apiAuthCalls.push(req.url());
    });
    await page.goto('/');
    await expect(page.getByRole('banner').getByRole('link', { name: 'پنل کاربری' })).toBeVisible();
    const cookies = await context.cookies();
    const userData = cookies.find((cookie) => cookie.name === 'user_data');
    expect(JSON.parse(decodeURIComponent(userData!.value))).toMatchObject({ username: DEMO_USER.username });
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('user')))!)).toMatchObject({
      email: DEMO_USER.email,
    });
    expect(apiAuthCalls).toHaveLength(1);

    // The guarded panel opens without a detour through /login.
    await page.getByRole('banner').getByRole('link', { name: 'پنل کاربری' }).click();
    await expect(page.locator('#app-panel h1')).toHaveText('پنل کاربری');
  });

  test('a corrupt user_data is refilled too; a bad token is cleared', async ({ page, context, request }) => {
    await setTokenCookie(context, await demoJwt(request));
    await context.addCookies([{ name: 'user_data', value: '%7Bbroken', url: baseURL }]);
    await page.goto('/');
    await expect(page.getByRole('banner').getByRole('link', { name: 'پنل کاربری' })).toBeVisible();

    await context.clearCookies();
    await setTokenCookie(context, 'not.a.jwt');
    await page.goto('/');
    await expect(page.getByRole('banner').getByRole('link', { name: 'ورود / ثبت‌نام' })).toBeVisible();
    await expect.poll(async () => (await context.cookies()).map((cookie) => cookie.name)).not.toContain('user_token');
  });
});
