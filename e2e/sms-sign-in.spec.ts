import { expect, test, type Page } from './support/test';
import { baseURL, cmsURL } from './support/environment';
import { waitForSignInCode } from './support/sms';

/**
 * Sign-in with a one-time code by SMS on `/login` (mf-panel sign-in-with-code.tsx, the CMS's
 * src/api/sign-in-code): the code read from the CMS's SMS outbox as a phone would show it, on the
 * two narrow phone widths. Each test uses numbers of its own (0939…): the limits per number are on
 * in the e2e CMS while specs run in parallel against it.
 */
const persianDigits = (text: string) => text.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!);
const newMobile = () => `0939${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1e6).padStart(6, '0');

async function askForCode(page: Page, typed: string) {
  await page.goto('/login');
  await page.getByRole('radio', { name: 'با کد پیامکی' }).check();
  await page.getByLabel('شماره موبایل').fill(typed);
  await page.getByRole('button', { name: 'دریافت کد' }).click();
}

/** Sends a code and waits for the CMS's answer (the same refusal twice in a row looks the same on the page). */
async function enterCode(page: Page, code: string) {
  await page.getByLabel('کد ورود').fill(code);
  const answered = page.waitForResponse((response) => response.url().endsWith('/api/auth/otp/verify'));
  await page.getByRole('button', { name: 'ورود', exact: true }).click();
  return (await answered).status();
}

async function fitsTheWidth(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

for (const width of [360, 412]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('a new mobile number signs in with the code from the SMS and lands in the panel signed in', async ({
      page,
    }) => {
      const mobile = newMobile();
      await askForCode(page, persianDigits(mobile));
      const code = page.getByLabel('کد ورود');
      await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
      await expect(page.getByText(`کد ورود به شماره ${persianDigits(mobile)} پیامک شد`)).toBeVisible();
      await expect(page.getByRole('button', { name: /ارسال دوباره کد تا .* ثانیه دیگر/ })).toBeDisabled();
      await fitsTheWidth(page);

      await enterCode(page, persianDigits(await waitForSignInCode(mobile)));
      await expect(page).toHaveURL(`${baseURL}/panel`);
      await expect(page.locator('#app-panel h1')).toHaveText('پنل کاربری');
      await expect(page.getByRole('banner').getByRole('link', { name: 'پنل کاربری' })).toBeVisible();
      const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('user')))!) as { mobile: string };
      expect(stored.mobile).toBe(mobile);
    });

    test('the 6th code request for one number within a minute is refused in Persian', async ({ page }) => {
      const mobile = newMobile();
      for (let i = 0; i < 5; i += 1) {
        const response = await page.request.post(`${cmsURL}/api/auth/otp/request`, { data: { mobile } });
        expect(response.status()).toBe(200);
      }
      await askForCode(page, mobile);
      await expect(page.getByRole('alert')).toContainText('برای این شماره در یک دقیقه کد زیادی درخواست شده است');
      await expect(page.getByLabel('کد ورود')).toHaveCount(0);
      await fitsTheWidth(page);
    });

    test('5 wrong codes lock the number: then even the right code is refused', async ({ page }) => {
      const mobile = newMobile();
      await askForCode(page, mobile);
      const rightCode = await waitForSignInCode(mobile);
      for (let i = 1; i <= 4; i += 1) {
        expect(await enterCode(page, wrongCodeFor(rightCode))).toBe(400);
        await expect(page.getByRole('alert')).toContainText('کد واردشده درست نیست');
      }
      expect(await enterCode(page, wrongCodeFor(rightCode))).toBe(429);
      await expect(page.getByRole('alert')).toContainText('ورود با این شماره تا ۱۵ دقیقه بسته است');
      await expect(page.getByRole('button', { name: 'ورود', exact: true })).toBeEnabled();
      expect(await enterCode(page, rightCode)).toBe(429);
      await expect(page.getByRole('alert')).toContainText('ورود با این شماره تا ۱۵ دقیقه بسته است');
      await expect(page).toHaveURL(`${baseURL}/login`);
      await fitsTheWidth(page);
    });
  });
}
