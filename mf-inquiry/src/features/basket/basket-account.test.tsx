import { fireEvent, screen, waitFor } from '@testing-library/react';
import '@testing-library/jest-dom';
import { mountInquiryAt, unmountInquiry } from '../../testing/mount-inquiry';
import { cmsList, scriptedCms } from '../../testing/scripted-cms';
import { slotProduct } from '../../testing/slot-products';
import { addToBasket, basketLines, setQuantity } from './basket-store';
import { SYNC_STATE_KEY } from './basket-sync';

/** The same product as the CMS's products collection describes it. */
const record = (slug: string, name: string) => ({
  documentId: `doc-${slug}`,
  slug,
  name,
  unit: 'kg',
  sale_unit: 'branch',
  price: '395000',
  illustrative: true,
  producer_name: null,
  attributes: { weight_per_m_kg: 0.888, length_m: 12 },
  sub_category: { path: 'rebar/kalaf' },
  producer: null,
});
// Two cities; goods leave from Tehran (the inquiry's origin), each route with one tier from 0 t.
const cities = cmsList([
  {
    documentId: 'c1',
    slug: 'tehran',
    name: 'تهران',
    province_slug: 'tehran',
    province_name: 'تهران',
    inquiry_origin: true,
  },
  { documentId: 'c2', slug: 'isfahan', name: 'اصفهان', province_slug: 'isfahan', province_name: 'اصفهان' },
]);
const RATE_FROM_TEHRAN: Record<string, string> = { tehran: '12000000', isfahan: '15000000' };
const routes = ({ path }: { path: string }) => {
  const destination = /filters\[destination_slug\]\[\$eq\]=([a-z-]+)/.exec(path)?.[1] ?? '';
  const rate = RATE_FROM_TEHRAN[destination];
  return {
    body: cmsList(
      rate && path.includes('filters[origin_slug][$eq]=tehran')
        ? [
            {
              documentId: `route-${destination}`,
              origin_slug: 'tehran',
              destination_slug: destination,
              distance_km: destination === 'tehran' ? 30 : 440,
              tiers: [{ min_tonnes: '0', rate_per_tonne: rate }],
            },
          ]
        : [],
    ),
  };
};
const shippingRules = { 'GET /shipping-cities': { body: cities }, 'GET /shipping-routes': routes };
const slugsAndQuantities = () => basketLines().map((line) => [line.product.slug, line.quantity]);

beforeEach(() => localStorage.clear());
afterEach(unmountInquiry);

describe('the basket kept in the account', () => {
  it("merges the browser's lines with the account's on sign-in, then writes each change back", async () => {
    addToBasket(slotProduct('ir-12', { name: 'میلگرد ۱۲' }), 2);
    addToBasket(slotProduct('ir-16', { name: 'میلگرد ۱۶' }), 1);
    const cms = scriptedCms({
      'GET /inquiry-basket/mine': {
        body: {
          data: {
            lines: [
              { product_slug: 'ir-14', quantity: 3 },
              { product_slug: 'ir-12', quantity: 5 },
            ],
          },
        },
      },
      'GET /products': { body: cmsList([record('ir-14', 'میلگرد ۱۴')]) },
      'PUT /inquiry-basket/mine': { body: { data: {} } },
      ...shippingRules,
    });
    const context = await mountInquiryAt('/inquiry', cms.fetch);

    // The product only the account had is described by the CMS; the same product keeps the larger quantity.
    expect(await screen.findByRole('link', { name: 'میلگرد ۱۴' })).toHaveAttribute('href', '/rebar/kalaf/ir-14');
    expect(slugsAndQuantities()).toEqual([
      ['ir-12', 5],
      ['ir-16', 1],
      ['ir-14', 3],
    ]);
    expect(cms.made('GET /products')[0]!.path).toContain('filters[slug][$in][0]=ir-14');
    await waitFor(() => expect(cms.made('PUT /inquiry-basket/mine')).toHaveLength(1));
    expect(cms.made('PUT /inquiry-basket/mine')[0]!.body).toEqual({
      data: {
        lines: [
          { product_slug: 'ir-12', quantity: 5 },
          { product_slug: 'ir-16', quantity: 1 },
          { product_slug: 'ir-14', quantity: 3 },
        ],
      },
    });

    // A burst of changes is one write, of the basket as it ends up.
    setQuantity('ir-14', 4);
    setQuantity('ir-14', 40);
    await waitFor(() => expect(cms.made('PUT /inquiry-basket/mine')).toHaveLength(2));
    expect(cms.made('PUT /inquiry-basket/mine')[1]!.body).toEqual({
      data: {
        lines: [
          { product_slug: 'ir-12', quantity: 5 },
          { product_slug: 'ir-16', quantity: 1 },
          { product_slug: 'ir-14', quantity: 40 },
        ],
      },
    });
    expect(JSON.parse(localStorage.getItem(SYNC_STATE_KEY) ?? 'null')).toEqual({ user: '3', synced: true });

    // Signed out, the browser's copy is the account's: emptied, so the next person here does not see it.
    context.session.clear();
    await waitFor(() => expect(basketLines()).toEqual([]));
    expect(localStorage.getItem(SYNC_STATE_KEY)).toBeNull();
  });

  it('keeps lines whose write failed, sends them with the next change, and does not drop them at sign-out', async () => {
    addToBasket(slotProduct('ir-12', { name: 'میلگرد ۱۲' }), 2);
    let accountAnswers = 500;
    const cms = scriptedCms({
      'GET /inquiry-basket/mine': { body: { data: { lines: [] } } },
      'PUT /inquiry-basket/mine': () =>
        accountAnswers === 200
          ? { body: { data: {} } }
          : { status: 500, body: { data: null, error: { status: 500, name: 'InternalServerError', message: 'down' } } },
      ...shippingRules,
    });
    const context = await mountInquiryAt('/inquiry', cms.fetch);
    await waitFor(() => expect(cms.made('PUT /inquiry-basket/mine')).toHaveLength(1));
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem(SYNC_STATE_KEY) ?? 'null')).toEqual({ user: '3', synced: false }),
    );
    expect(slugsAndQuantities()).toEqual([['ir-12', 2]]);

    // The next change tries again, with every line (the merge first: the account may hold others by now).
    accountAnswers = 200;
    addToBasket(slotProduct('ir-16', { name: 'میلگرد ۱۶' }), 1);
    await waitFor(() => expect(cms.made('PUT /inquiry-basket/mine')).toHaveLength(2));
    expect(cms.made('PUT /inquiry-basket/mine')[1]!.body).toEqual({
      data: {
        lines: [
          { product_slug: 'ir-12', quantity: 2 },
          { product_slug: 'ir-16', quantity: 1 },
        ],
      },
    });
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem(SYNC_STATE_KEY) ?? 'null')).toEqual({ user: '3', synced: true }),
    );

    // A change that never reached the account outlives the sign-out, as a signed-out basket.
    accountAnswers = 500;
    setQuantity('ir-16', 9);
    await waitFor(() => expect(cms.made('PUT /inquiry-basket/mine')).toHaveLength(3));
    context.session.clear();
    await waitFor(() => expect(localStorage.getItem(SYNC_STATE_KEY)).toBeNull());
    expect(slugsAndQuantities()).toEqual([
      ['ir-12', 2],
      ['ir-16', 9],
    ]);
  });

  it('on a later visit defers to the account: a line removed on another device stays removed', async () => {
    addToBasket(slotProduct('ir-12', { name: 'میلگرد ۱۲' }), 2);
    addToBasket(slotProduct('ir-14', { name: 'میلگرد ۱۴' }), 3);
    localStorage.setItem(SYNC_STATE_KEY, JSON.stringify({ user: '3', synced: true }));
    const cms = scriptedCms({
      'GET /inquiry-basket/mine': { body: { data: { lines: [{ product_slug: 'ir-14', quantity: 3 }] } } },
      ...shippingRules,
    });
    await mountInquiryAt('/inquiry', cms.fetch);
    await waitFor(() => expect(slugsAndQuantities()).toEqual([['ir-14', 3]]));
    expect(cms.made('PUT /inquiry-basket/mine')).toEqual([]);
  });

  it('asks a signed-out visitor to sign in and come back, and leaves the account alone', async () => {
    addToBasket(slotProduct('ir-12', { name: 'میلگرد ۱۲' }), 2);
    const cms = scriptedCms({});
    await mountInquiryAt('/inquiry', cms.fetch, null);
    expect(await screen.findByRole('link', { name: 'برای ارسال استعلام وارد شوید' })).toHaveAttribute(
      'href',
      '/login?redirect=/inquiry',
    );
    expect(screen.queryByRole('form', { name: 'ارسال استعلام قیمت' })).not.toBeInTheDocument();
    expect(cms.calls).toEqual([]);
  });
});

describe('sending the basket', () => {
  const sendingCms = (inquiryAnswer: { status?: number; body: unknown }) =>
    scriptedCms({
      'GET /inquiry-basket/mine': { body: { data: { lines: [] } } },
      'PUT /inquiry-basket/mine': { body: { data: {} } },
      ...shippingRules,
      'POST /inquiries': inquiryAnswer,
    });

  it('shows the shipping estimate for the chosen city, sends lines with weights, empties the basket and opens the inquiry', async () => {
    addToBasket(slotProduct('ir-12', { name: 'میلگرد ۱۲' }), 100); // 100 branches × 12 m × 0.888 kg = 1 065.6 kg
    const cms = sendingCms({ status: 201, body: { data: { documentId: 'inq1', number: 'RQ-1001' } } });
    const context = await mountInquiryAt('/inquiry', cms.fetch);

    const city = await screen.findByLabelText('شهر محل تحویل');
    await screen.findByRole('option', { name: 'اصفهان' });
    fireEvent.change(city, { target: { value: 'tehran' } });
    // 1.0656 t × 1 200 000 toman, the route's one tier.
    expect(await screen.findByText(/هزینهٔ تقریبی حمل از تهران به تهران: ۱٬۲۷۸٬۷۲۰ تومان/)).toBeInTheDocument();
    fireEvent.change(city, { target: { value: 'isfahan' } });
    expect(await screen.findByText(/هزینهٔ تقریبی حمل از تهران به اصفهان: ۱٬۵۹۸٬۴۰۰ تومان/)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('توضیحات (اختیاری)'), { target: { value: 'تحویل در کارگاه' } });
    fireEvent.click(screen.getByRole('button', { name: 'ارسال استعلام' }));

    await waitFor(() => expect(context.navigations).toEqual(['/inquiry/requests/inq1']));
    expect(cms.made('POST /inquiries')[0]!.body).toEqual({
      data: {
        city_slug: 'isfahan',
        note: 'تحویل در کارگاه',
        lines: [{ product_slug: 'ir-12', quantity: 100, weight_kg: 1065.6 }],
      },
    });
    expect(basketLines()).toEqual([]);
    expect(cms.made('PUT /inquiry-basket/mine').at(-1)!.body).toEqual({ data: { lines: [] } });
  });

  it('says in Persian why a send failed and keeps the values and the basket', async () => {
    addToBasket(slotProduct('ir-12', { name: 'میلگرد ۱۲' }), 2);
    const cms = sendingCms({
      status: 429,
      body: {
        data: null,
        error: {
          status: 429,
          name: 'RateLimitError',
          message: 'در ۲۴ ساعت گذشته بیش از ۱۰ استعلام از حساب شما ثبت شده است. لطفاً بعداً دوباره ارسال کنید.',
        },
      },
    });
    const context = await mountInquiryAt('/inquiry', cms.fetch);
    fireEvent.click(await screen.findByRole('button', { name: 'ارسال استعلام' }));
    expect(await screen.findByText('شهر محل تحویل را انتخاب کنید')).toBeInTheDocument();

    await screen.findByRole('option', { name: 'تهران' });
    fireEvent.change(screen.getByLabelText('شهر محل تحویل'), { target: { value: 'tehran' } });
    fireEvent.change(screen.getByLabelText('توضیحات (اختیاری)'), { target: { value: 'فوری' } });
    fireEvent.click(screen.getByRole('button', { name: 'ارسال استعلام' }));
    expect(await screen.findByText(/بیش از ۱۰ استعلام از حساب شما ثبت شده است/)).toBeInTheDocument();
    expect(screen.getByLabelText('توضیحات (اختیاری)')).toHaveValue('فوری');
    expect(screen.getByLabelText('شهر محل تحویل')).toHaveValue('tehran');
    expect(slugsAndQuantities()).toEqual([['ir-12', 2]]);
    expect(context.navigations).toEqual([]);
  });
});
