/** @jest-environment node */
import { defaultRuntimeConfig, type SlotName } from '@steel/contract';
import { render, renderSlot } from '../server';
import { REBAR_12 } from '../testing/slot-products';

async function serverRender(slot: SlotName, props: unknown): Promise<string> {
  if (!renderSlot) throw new Error('the inquiry server entry renders no slots');
  return (await renderSlot({ slot, props, config: defaultRuntimeConfig, identifierPrefix: 'x-' })).html;
}

describe("the inquiry app's parts of other apps' pages, rendered on the server (for nobody signed in)", () => {
  it('puts the basket form and the price alert side by side on the product page, the alert asking to sign in', async () => {
    const html = await serverRender('product.actions', { product: REBAR_12 });
    expect(html.indexOf('افزودن به استعلام')).toBeGreaterThan(-1);
    expect(html.indexOf('خبرم کن وقتی قیمت کمتر از … شد')).toBeGreaterThan(html.indexOf('افزودن به استعلام'));
    expect(html).toContain('href="/login?redirect=/rebar/kalaf/rebar-kalaf-1"');
  });

  it('gives each listing row the basket button and an unpressed «مقایسه»', async () => {
    const html = await serverRender('listing.row', { product: REBAR_12 });
    expect(html).toContain('افزودن «میلگرد آجدار ۱۲» به استعلام');
    expect(html).toMatch(/aria-pressed="false" aria-label="مقایسهٔ «میلگرد آجدار ۱۲»"/);
  });

  it('renders nothing on the dashboard and in the header until the browser knows the visitor', async () => {
    expect(await serverRender('panel.dashboard', {})).toBe('');
    expect(await serverRender('header.counter', {})).toBe('');
  });
});

it('renders the compare page with nothing picked on the server, unindexed', async () => {
  const page = await render({ url: '/inquiry/compare', config: defaultRuntimeConfig });
  expect(page.status).toBe(200);
  expect(page.html).toContain('مقایسهٔ محصولات');
  expect(page.html).toContain('محصولی برای مقایسه انتخاب نشده است.');
  expect(page.head).toMatchObject({ noindex: true, canonical: '/inquiry/compare' });
});
