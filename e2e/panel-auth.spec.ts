import { expect, test, type Page } from './support/test';
import { baseURL, cmsURL, DEMO_USER } from './support/environment';
import { linkIn, waitForMailTo } from './support/mails';

/** A customer nobody has registered yet: unique username, e-mail and mobile per call. */
function newCustomer() {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const mobile = `0935${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  return { username: `buyer${stamp}`, email: `buyer${stamp}@example.com`, mobile, password: 'Steel2024x' };
}

const persianDigits = (text: string) => text.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!);
const panelHeading = (page: Page) => page.locator('#app-panel h1');
const accountLink = (page: Page) => page.getByRole('banner').getByRole('link', { name: 'پنل کاربری' });

async function signIn(page: Page, identifier: string, password: string) {
  await page.getByLabel('ایمیل، نام کاربری یا شماره موبایل').fill(identifier);
  await page.getByLabel('رمز عبور').fill(password);
  await page.getByRole('button', { name: 'ورود' }).click();
}

async function register(page: Page, customer: ReturnType<typeof newCustomer>) {
  await page.goto('/login/register');
  await page.getByLabel('نام کاربری').fill(customer.username);
  await page.getByLabel('ایمیل').fill(customer.email);
  await page.getByLabel('شماره موبایل').fill(persianDigits(customer.mobile));
  await page.getByLabel('رمز عبور', { exact: true }).fill(customer.password);
  await page.getByRole('button', { name: 'ثبت‌نام' }).click();
  await expect(page).toHaveURL(`${baseURL}/panel`);
}

async function signOut(page: Page) {
  await page.goto('/panel/logout');
  await page.getByRole('button', { name: 'خروج از حساب' }).click();
  await expect(page).toHaveURL(`${baseURL}/`);
  await expect(page.getByRole('banner').getByRole('link', { name: 'ورود / ثبت‌نام' })).toBeVisible();
}

test('register a new customer (rules shown as typed), sign out, sign in again by mobile in Persian digits', async ({
  page,
}) => {
  const customer = newCustomer();
  await page.goto('/login/register');
  const rules = page.getByRole('list', { name: 'شرط‌های رمز عبور' });
  await expect(rules.locator('[data-met="true"]')).toHaveCount(0);
  await page.getByLabel('رمز عبور', { exact: true }).fill('steel');
  await expect(rules.locator('[data-rule="letter"]')).toHaveAttribute('data-met', 'true');
  await expect(rules.locator('[data-rule="length"]')).toHaveAttribute('data-met', 'false');

  await register(page, customer);
  await expect(panelHeading(page)).toHaveText('پنل کاربری');
  await expect(accountLink(page)).toBeVisible();
  const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('user')))!) as {
    username: string;
    mobile: string;
  };
  expect(stored).toMatchObject({ username: customer.username, mobile: customer.mobile });

  await signOut(page);
  expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
  expect((await page.context().cookies()).filter((cookie) => cookie.name.startsWith('user_'))).toEqual([]);

  await page.goto('/login?redirect=/panel/profile');
  await signIn(page, persianDigits(customer.mobile), customer.password);
  await expect(page).toHaveURL(`${baseURL}/panel/profile`);
  await expect(page.getByLabel('نام کاربری')).toHaveValue(customer.username);
});

test('a new customer stays signed in past the first access token, and signing out ends that session at the CMS', async ({
  page,
  request,
}) => {
  const customer = newCustomer();
  await register(page, customer);
  const token = (await page.context().cookies(baseURL)).find((cookie) => cookie.name === 'user_token')!.value;
  // The first access token has run out: the registration's refresh cookie brings a new one.
  await page
    .context()
    .addCookies([{ name: 'user_token', value: 'eyJhbGciOiJIUzI1NiJ9.eyJ0eXBlIjoiYWNjZXNzIn0.expired', url: baseURL }]);
  await page.goto('/panel/order');
  await expect(panelHeading(page)).toHaveText('سفارش‌ها');
  await expect(accountLink(page)).toBeVisible();
  await expect
    .poll(async () => (await page.context().cookies(baseURL)).find((cookie) => cookie.name === 'user_token')?.value)
    .not.toContain('.expired');

  // Signing out ends the session the registration began: its first access token is refused too.
  await signOut(page);
  expect(
    (await request.get(`${cmsURL}/api/users/me`, { headers: { Authorization: `Bearer ${token}` } })).status(),
  ).toBe(401);
});

test('registering with a taken mobile or e-mail is refused in Persian and keeps what was typed', async ({ page }) => {
  await page.goto('/login/register');
  const taken = newCustomer();
  await page.getByLabel('نام کاربری').fill(taken.username);
  await page.getByLabel('ایمیل').fill(taken.email);
  await page.getByLabel('شماره موبایل').fill('09121234567'); // the demo customer's
  await page.getByLabel('رمز عبور', { exact: true }).fill(taken.password);
  await page.getByRole('button', { name: 'ثبت‌نام' }).click();
  await expect(page.getByText('این شماره موبایل برای حساب دیگری ثبت شده است')).toBeVisible();
  await expect(page.getByLabel('نام کاربری')).toHaveValue(taken.username);

  await page.getByLabel('شماره موبایل').fill(newCustomer().mobile);
  await page.getByLabel('ایمیل').fill(DEMO_USER.email);
  await page.getByRole('button', { name: 'ثبت‌نام' }).click();
  await expect(page.getByRole('alert')).toHaveText('این ایمیل یا نام کاربری قبلاً ثبت شده است');
  await expect(page).toHaveURL(`${baseURL}/login/register`);
});

test("forgot password → the captured mail's link → reset → signed in; the old password no longer works", async ({
  page,
}) => {
  const customer = newCustomer();
  await register(page, customer);
  await signOut(page);

  await page.goto('/login');
  await page.getByRole('link', { name: 'فراموشی رمز عبور' }).click();
  await expect(panelHeading(page)).toHaveText('فراموشی رمز عبور');
  await page.getByLabel('ایمیل').fill(customer.email);
  await page.getByRole('button', { name: 'ارسال پیوند بازیابی' }).click();
  await expect(page.getByRole('status')).toContainText(customer.email);

  const mail = await waitForMailTo(customer.email);
  const link = linkIn(mail, `${baseURL}/login/reset-password?code=`);
  await page.goto(link);
  await expect(panelHeading(page)).toHaveText('بازیابی رمز عبور');
  await page.getByLabel('رمز عبور جدید').fill('Recovered77');
  await page.getByLabel('تکرار رمز عبور').fill('Recovered76');
  await page.getByRole('button', { name: 'ذخیره رمز عبور و ورود' }).click();
  await expect(page.getByText('رمز عبور و تکرار آن یکسان نیستند')).toBeVisible();
  await page.getByLabel('تکرار رمز عبور').fill('Recovered77');
  await page.getByRole('button', { name: 'ذخیره رمز عبور و ورود' }).click();
  await expect(page).toHaveURL(`${baseURL}/panel`);
  await expect(accountLink(page)).toBeVisible();

  // The link is used up, and the old password is gone.
  await signOut(page);
  await page.goto(link);
  await page.getByLabel('رمز عبور جدید').fill('Another77x');
  await page.getByLabel('تکرار رمز عبور').fill('Another77x');
  await page.getByRole('button', { name: 'ذخیره رمز عبور و ورود' }).click();
  await expect(page.getByRole('alert')).toContainText('لینک بازیابی نامعتبر است');
  await page.goto('/login');
  await signIn(page, customer.email, customer.password);
  await expect(page.getByRole('alert')).toHaveText('نام کاربری یا رمز عبور نادرست است');
  await signIn(page, customer.email, 'Recovered77');
  await expect(page).toHaveURL(`${baseURL}/panel`);
});

test('forgot password says a mail was sent for an unknown address too', async ({ page }) => {
  await page.goto('/login/forgot-password');
  await page.getByLabel('ایمیل').fill('nobody-here@example.com');
  await page.getByRole('button', { name: 'ارسال پیوند بازیابی' }).click();
  await expect(page.getByRole('status')).toContainText('پیوند بازیابی رمز عبور به آن فرستاده شد');
});

test('change password on the profile page: a wrong current password is refused in Persian, then the new one signs in', async ({
  page,
}) => {
  const customer = newCustomer();
  await register(page, customer);
  await page.goto('/panel/profile');
  const form = page.getByRole('form', { name: 'تغییر رمز عبور' });
  await form.getByLabel('رمز عبور فعلی').fill('not-my-password');
  await form.getByLabel('رمز عبور جدید', { exact: true }).fill('Changed2025');
  await form.getByLabel('تکرار رمز عبور جدید').fill('Changed2025');
  await form.getByRole('button', { name: 'تغییر رمز عبور' }).click();
  await expect(form.getByText('رمز عبور فعلی نادرست است')).toBeVisible();
  await expect(form.getByLabel('رمز عبور جدید', { exact: true })).toHaveValue('Changed2025');

  await form.getByLabel('رمز عبور فعلی').fill(customer.password);
  await form.getByRole('button', { name: 'تغییر رمز عبور' }).click();
  await expect(form.getByRole('status')).toHaveText('رمز عبور شما تغییر کرد');

  await signOut(page);
  await page.goto('/login');
  await signIn(page, customer.username, 'Changed2025');
  await expect(page).toHaveURL(`${baseURL}/panel`);
});

test("profile: edit username, e-mail and mobile; another account's e-mail is refused on its field", async ({
  page,
}) => {
  const customer = newCustomer();
  await register(page, customer);
  await page.goto('/panel/profile');
  const form = page.getByRole('form', { name: 'ویرایش اطلاعات' });
  await expect(form.getByLabel('ایمیل')).toHaveValue(customer.email);

  await form.getByLabel('ایمیل').fill(DEMO_USER.email);
  await form.getByRole('button', { name: 'ذخیره' }).click();
  await expect(form.getByText('این ایمیل برای حساب دیگری ثبت شده است')).toBeVisible();

  const renamed = newCustomer();
  await form.getByLabel('نام کاربری').fill(renamed.username);
  await form.getByLabel('ایمیل').fill(renamed.email);
  await form.getByLabel('شماره موبایل').fill(persianDigits(renamed.mobile));
  await form.getByRole('button', { name: 'ذخیره' }).click();
  await expect(form.getByRole('status')).toHaveText('با موفقیت ذخیره شد');
  await expect(form.getByLabel('شماره موبایل')).toHaveValue(renamed.mobile);
  // The session follows: cookie and localStorage hold the new details.
  const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('user')))!) as {
    username: string;
    email: string;
  };
  expect(stored).toMatchObject({ username: renamed.username, email: renamed.email });

  await signOut(page);
  await page.goto('/login');
  await signIn(page, renamed.mobile, customer.password);
  await expect(page).toHaveURL(`${baseURL}/panel`);
});

test('the social-login return page refuses a stub provider token cleanly', async ({ page }) => {
  await page.goto('/login/connect/github?access_token=stub-token-from-nowhere');
  await expect(panelHeading(page)).toHaveText('ورود انجام نشد');
  await expect(page.getByRole('alert')).toContainText('ورود با حساب اجتماعی انجام نشد');
  await expect(page.getByRole('link', { name: 'بازگشت به صفحه ورود' })).toBeVisible();
  expect((await page.context().cookies()).filter((cookie) => cookie.name.startsWith('user_'))).toEqual([]);
  await page.goto('/login/connect/github?error=access_denied');
  await expect(page.getByRole('alert')).toContainText('لغو شد');
});
