import { expect, test, type APIRequestContext, type Locator, type Page } from './support/test';
import { EDITOR_TOKEN, cmsURL } from './support/environment';

/**
 * The sales phone and messengers, from the CMS's one setting (`sales-contact`): a listing row's
 * call button on a phone and the menu drawer's links, a product page's call and messenger buttons
 * (in the server's HTML), the wide header's entry; each link in its messenger's own format, named
 * by what it opens. An editor's change shows on the next request. The expected links are written
 * here from the CMS's plain REST API, not by the site's link module.
 */

// The setting is the site's one: the tests here change it one after another.
test.describe.configure({ mode: 'serial' });

const LISTING = '/rebar/kalaf';
const PRODUCT = '/rebar/kalaf/rebar-kalaf-1';

interface SalesContact {
  phone: string;
  whatsapp: string;
  telegram: string;
  bale: string;
  eitaa: string;
}

/** The setting's own fields (what an editor writes back), without the record's id and times. */
async function salesContact(request: APIRequestContext): Promise<SalesContact> {
  const response = await request.get(`${cmsURL}/api/sales-contact`);
  expect(response.status()).toBe(200);
  const { phone, whatsapp, telegram, bale, eitaa } = ((await response.json()) as { data: SalesContact }).data;
  return { phone, whatsapp, telegram, bale, eitaa };
}

/** `0216…` → `tel:+98216…`, and each messenger's own link. */
const expectedLinks = (contact: SalesContact) => ({
  phone: `tel:+98${contact.phone.slice(1)}`,
  whatsapp: `https://wa.me/98${contact.whatsapp.slice(1)}`,
  telegram: `https://t.me/${contact.telegram}`,
  bale: `https://ble.ir/${contact.bale}`,
  eitaa: `https://eitaa.com/${contact.eitaa}`,
});

const NAMES = {
  phone: 'تماس تلفنی با فروش',
  whatsapp: 'گفت‌وگو در واتس‌اپ',
  telegram: 'گفت‌وگو در تلگرام',
  bale: 'گفت‌وگو در بله',
  eitaa: 'گفت‌وگو در ایتا',
};

/** Every link of `area`, one per channel, with its name, address and how it opens. */
async function expectAllLinks(area: Locator, contact: SalesContact) {
  const hrefs = expectedLinks(contact);
  for (const channel of Object.keys(NAMES) as Array<keyof typeof NAMES>) {
    const link = area.getByRole('link', { name: NAMES[channel] });
    await expect(link).toHaveAttribute('href', hrefs[channel]);
    if (channel === 'phone') await expect(link).not.toHaveAttribute('target');
    else {
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /noopener/);
    }
  }
}

const productContact = (page: Page) => page.locator('[data-sales-contact]');
const headerContact = (page: Page) => page.locator('[data-layout] > header [data-header-contact]');

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 800 } });

  test('a listing row calls sales, the drawer has every link, a product page its call and messengers', async ({
    page,
  }) => {
    const contact = await salesContact(page.request);
    const { phone } = expectedLinks(contact);

    await page.goto(LISTING);
    const firstCard = page.locator('[data-listing="cards"] > li').first();
    const call = firstCard.locator('[data-call]');
    await expect(call).toBeVisible();
    await expect(call).toHaveAttribute('href', phone);
    await expect(call).toHaveAccessibleName(new RegExp(`^${NAMES.phone}: .+`));
    // The wide table's rows have none (a call from a phone only).
    await expect(page.locator('[data-listing="table"] [data-call]')).toHaveCount(0);

    await page.locator('[data-layout] > header').getByRole('button', { name: 'منو' }).click();
    const drawer = page.getByRole('dialog', { name: 'منوی سایت' });
    await expectAllLinks(drawer.getByRole('navigation', { name: 'تماس با فروش' }), contact);
    await page.keyboard.press('Escape');

    // In the server's HTML: a product page's links are there before any script runs.
    const html = await (await page.request.get(PRODUCT)).text();
    expect(html).toContain(`href="${phone}"`);
    await page.goto(PRODUCT);
    await expectAllLinks(productContact(page), contact);
    const noWiderThanScreen = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(noWiderThanScreen).toBe(true);
  });
});

test.describe('on a wide screen', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('the header opens the links; an editor’s change shows in the header, the product page and the listing', async ({
    page,
    request,
  }) => {
    const seeded = await salesContact(request);
    await page.goto(PRODUCT);
    const entry = headerContact(page).getByRole('button', { name: 'تماس با فروش' });
    await expect(entry).toHaveAttribute('aria-expanded', 'false');
    await entry.click();
    await expect(entry).toHaveAttribute('aria-expanded', 'true');
    await expectAllLinks(headerContact(page), seeded);
    await page.keyboard.press('Escape');
    await expect(entry).toBeFocused();
    await expect(headerContact(page).getByRole('link')).toHaveCount(0);

    const changed = { ...seeded, phone: '02188776655', telegram: 'steel_sales_desk' };
    const edit = (data: SalesContact) =>
      request.put(`${cmsURL}/api/sales-contact`, {
        headers: { authorization: `Bearer ${EDITOR_TOKEN}` },
        data: { data },
      });
    expect((await edit(changed)).status()).toBe(200);
    try {
      const { phone, telegram } = expectedLinks(changed);
      // The pages that showed the old links are rendered afresh on the next request.
      for (const path of [PRODUCT, LISTING])
        await expect
          .poll(async () => (await (await request.get(path)).text()).includes(`href="${phone}"`), { timeout: 5_000 })
          .toBe(true);
      await page.reload();
      await expectAllLinks(productContact(page), changed);
      await entry.click();
      await expect(headerContact(page).getByRole('link', { name: NAMES.phone })).toHaveAttribute('href', phone);
      await expect(headerContact(page).getByRole('link', { name: NAMES.telegram })).toHaveAttribute('href', telegram);
    } finally {
      expect((await edit(seeded)).status()).toBe(200);
    }
  });
});
