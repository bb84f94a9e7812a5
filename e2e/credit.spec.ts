import { expect, test, type APIRequestContext, type Page } from './support/test';
import { EDITOR_TOKEN, baseURL, cmsURL } from './support/environment';
import { signInAsNewCustomer } from './support/sign-in';
import { stickingOut } from './support/overflow';
import { axeViolations } from './support/axe';

/**
 * Buying on credit: `/credit` explains the terms an editor keeps in the CMS (in the server's HTML)
 * and offers a signed-out visitor sign-in; a signed-in buyer sends a request (Persian digits in the
 * amount, nothing lost when it is refused), sees it in the panel as submitted, and sees the status
 * and note an operator gives it in the CMS (the operator's review, with the editor's API token).
 * On the two phone widths the site is built for.
 */

const app = (page: Page) => page.locator('#app-panel');

interface CreditTerms {
  title: string;
  term_months: number[];
  guarantees: Array<{ value: string; label: string }>;
}

async function creditTerms(request: APIRequestContext): Promise<CreditTerms> {
  const response = await request.get(`${cmsURL}/api/credit-setting`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: CreditTerms }).data;
}

for (const width of [360, 412]) {
  test.describe(`on a ${width} px phone`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('the terms for everyone; a buyer’s request is in the panel, then reviewed by an operator', async ({
      page,
      request,
    }) => {
      const terms = await creditTerms(request);
      // In the server's HTML, before any script runs.
      const html = await (await request.get('/credit')).text();
      expect(html).toContain(terms.title);

      // Listed in the sitemap and linked from the footer, as the panel's page list declares.
      expect(await (await request.get('/sitemap.xml')).text()).toMatch(/<loc>[^<]*\/credit<\/loc>/);
      await page.goto('/');
      await page.getByRole('contentinfo').getByRole('link', { name: 'خرید اعتباری' }).click();
      await expect(page).toHaveURL(`${baseURL}/credit`);
      await expect(app(page).locator('h1')).toHaveText('خرید اعتباری');
      await expect(app(page).getByRole('heading', { name: terms.title })).toBeVisible();
      const signIn = app(page).getByRole('link', { name: 'ورود و درخواست اعتبار' });
      await expect(signIn).toHaveAttribute('href', '/login?redirect=/credit');

      const jwt = await signInAsNewCustomer(page, request, `credit${width}`);
      await page.goto('/credit');
      const form = app(page).locator('form[data-form="credit-request"]');
      const amount = form.getByLabel('مبلغ اعتبار (ریال)');
      const description = form.getByLabel('شرح مدارک');
      await amount.fill('۲٬۵۰۰٬۰۰۰٬۰۰۰');
      await description.fill('آگهی تأسیس شرکت و گردش حساب شش ماه اخیر');
      // No term and no guarantee: refused in Persian, what was typed stays.
      await form.getByRole('button', { name: 'ثبت درخواست اعتبار' }).click();
      await expect(form.getByRole('group', { name: 'مدت بازپرداخت' }).getByRole('alert')).toHaveText(
        /مدت بازپرداخت را انتخاب کنید/,
      );
      await expect(form.getByRole('group', { name: 'تضمین‌های پیشنهادی' }).getByRole('alert')).toHaveText(
        'دست‌کم یک تضمین انتخاب کنید.',
      );
      await expect(amount).toHaveValue('۲٬۵۰۰٬۰۰۰٬۰۰۰');
      await expect(description).toHaveValue('آگهی تأسیس شرکت و گردش حساب شش ماه اخیر');
      expect(await stickingOut(page, width)).toEqual([]);
      expect(await axeViolations(page, '#app-panel')).toEqual([]);

      // By keyboard: the term's radio and a guarantee's box.
      const term = form.getByRole('radio', { name: '۳ ماه' });
      await term.focus();
      await page.keyboard.press('Space');
      await expect(term).toBeChecked();
      const cheque = form.getByRole('checkbox', { name: terms.guarantees[0]!.label });
      await cheque.focus();
      await page.keyboard.press('Space');
      await expect(cheque).toBeChecked();
      await form.getByRole('button', { name: 'ثبت درخواست اعتبار' }).click();

      await expect(page).toHaveURL(`${baseURL}/panel/credit`);
      await expect(app(page).locator('h1')).toHaveText('اعتبار');
      const list = app(page).getByRole('list', { name: 'درخواست‌های اعتبار' });
      const mine = list.getByRole('listitem');
      await expect(mine).toHaveCount(1);
      await expect(mine).toContainText('۲٬۵۰۰٬۰۰۰٬۰۰۰ ریال');
      await expect(mine).toContainText('۳ ماه');
      await expect(mine).toContainText(terms.guarantees[0]!.label);
      await expect(mine.getByTestId('status-badge')).toHaveText('ثبت‌شده');
      await expect(
        page.getByRole('navigation', { name: 'بخش‌های پنل کاربری' }).getByRole('link', { name: 'اعتبار' }),
      ).toHaveAttribute('aria-current', 'page');
      // The panel's section tabs scroll sideways inside their own row (past the screen's edge by
      // design); the page itself is no wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

      // The operator reviews it in the CMS.
      const own = await request.get(`${cmsURL}/api/credit-requests`, { headers: { Authorization: `Bearer ${jwt}` } });
      const [sent] = ((await own.json()) as { data: Array<{ documentId: string }> }).data;
      const reviewed = await request.put(`${cmsURL}/api/credit-requests/${sent!.documentId}/review`, {
        headers: { Authorization: `Bearer ${EDITOR_TOKEN}` },
        data: { data: { status: 'approved', operator_note: 'اعتبار سه‌ماهه با چک صیادی تأیید شد.' } },
      });
      expect(reviewed.status()).toBe(200);

      await page.reload();
      await expect(mine.getByTestId('status-badge')).toHaveText('تأییدشده');
      await expect(mine).toContainText('یادداشت کارشناس: اعتبار سه‌ماهه با چک صیادی تأیید شد.');
    });
  });
}
