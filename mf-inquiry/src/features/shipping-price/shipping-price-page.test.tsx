import { fireEvent, screen, waitFor } from '@testing-library/react';
import '@testing-library/jest-dom';
import { mountInquiryAt, unmountInquiry } from '../../testing/mount-inquiry';
import { cmsList, scriptedCms } from '../../testing/scripted-cms';
import { readShippingPriceRequest, shippingPriceHref } from './shipping-price-request';

const city = (slug: string, name: string, provinceName: string, isOrigin = false) => ({
  documentId: `c-${slug}`,
  slug,
  name,
  province_slug: slug,
  province_name: provinceName,
  is_origin: isOrigin,
  inquiry_origin: slug === 'tehran',
});
const CITIES = [
  city('tehran', 'تهران', 'تهران', true),
  city('isfahan', 'اصفهان', 'اصفهان', true),
  city('shiraz', 'شیراز', 'فارس'),
];
// Isfahan → Shiraz, 460 km: 940 000 toman a tonne below 10 t, 850 000 from 10 t, 760 000 from 22 t.
const ISFAHAN_SHIRAZ = {
  documentId: 'r1',
  origin_slug: 'isfahan',
  destination_slug: 'shiraz',
  distance_km: 460,
  tiers: [
    { min_tonnes: '0', rate_per_tonne: '9400000' },
    { min_tonnes: '10', rate_per_tonne: '8500000' },
    { min_tonnes: '22', rate_per_tonne: '7600000' },
  ],
};
const cms = () =>
  scriptedCms({
    'GET /shipping-cities': { body: cmsList(CITIES) },
    'GET /shipping-routes': ({ path }) => ({
      body: cmsList(path.includes('[origin_slug][$eq]=isfahan') && path.includes('=shiraz') ? [ISFAHAN_SHIRAZ] : []),
    }),
  });

describe('the shipping calculator', () => {
  afterEach(unmountInquiry);

  it('shows the estimate with its basis for a route and a tonnage typed in Persian digits', async () => {
    await mountInquiryAt(
      `/inquiry/shipping-price?from=isfahan&to=shiraz&tonnes=${encodeURIComponent('۱۲٫۵')}`,
      cms().fetch,
      null,
    );
    const estimate = await screen.findByRole('heading', { name: /هزینهٔ تقریبی حمل/ });
    // 12.5 t × 850 000 toman, the 10 t tier.
    expect(estimate).toHaveTextContent('۱۰٬۶۲۵٬۰۰۰ تومان');
    const section = estimate.closest('[data-shipping-price]')!;
    expect(section).toHaveAttribute('data-total', '106250000');
    expect(section).toHaveTextContent('اصفهان به شیراز، حدود ۴۶۰ کیلومتر');
    expect(section).toHaveTextContent('از ۱۰ تا کمتر از ۲۲ تن');
    expect(section).toHaveTextContent('۸۵۰٬۰۰۰ تومان');
    expect(screen.getByLabelText('وزن بار (تن)')).toHaveValue('۱۲٫۵');
    expect(screen.getByLabelText('شهر مقصد')).toHaveValue('shiraz');
  });

  it('says in Persian what is wrong, beside each field', async () => {
    await mountInquiryAt('/inquiry/shipping-price?from=qom&tonnes=abc', cms().fetch, null);
    expect(await screen.findByText('شهر مبدأ را از فهرست انتخاب کنید.')).toBeInTheDocument();
    expect(screen.getByText('شهر مقصد را از فهرست انتخاب کنید.')).toBeInTheDocument();
    expect(screen.getByText(/وزن بار را با عدد بنویسید/)).toBeInTheDocument();
    expect(screen.getByLabelText('وزن بار (تن)')).toHaveAttribute('aria-invalid', 'true');
    expect(document.querySelector('[data-shipping-price]')).toBeNull();
  });

  it('says so when the route has no rate', async () => {
    await mountInquiryAt('/inquiry/shipping-price?from=tehran&to=shiraz&tonnes=5', cms().fetch, null);
    expect(await screen.findByRole('alert')).toHaveTextContent('برای مسیر تهران به شیراز نرخی ثبت نشده است');
  });

  it('submits to the page’s canonical address', async () => {
    const context = await mountInquiryAt('/inquiry/shipping-price', cms().fetch, null);
    await screen.findByRole('option', { name: 'شیراز (فارس)' });
    fireEvent.change(screen.getByLabelText('شهر مبدأ'), { target: { value: 'isfahan' } });
    fireEvent.change(screen.getByLabelText('شهر مقصد'), { target: { value: 'shiraz' } });
    fireEvent.change(screen.getByLabelText('وزن بار (تن)'), { target: { value: ' ٣ ' } });
    fireEvent.click(screen.getByRole('button', { name: 'محاسبهٔ هزینهٔ حمل' }));
    await waitFor(() =>
      expect(context.navigations).toEqual([`/inquiry/shipping-price?from=isfahan&to=shiraz&tonnes=%D9%A3`]),
    );
  });
});

describe('reading the request', () => {
  it('takes an origin only among the origin cities, and asks nothing of a bare page', () => {
    const cities = CITIES;
    expect(readShippingPriceRequest(new URLSearchParams(''), cities)).toMatchObject({ asked: false, errors: {} });
    const fromShiraz = readShippingPriceRequest(new URLSearchParams('from=shiraz&to=tehran&tonnes=1'), cities);
    expect(fromShiraz.origin).toBeNull();
    expect(fromShiraz.errors.from).toBe('شهر مبدأ را از فهرست انتخاب کنید.');
    expect(fromShiraz.destination?.slug).toBe('tehran');
    expect(readShippingPriceRequest(new URLSearchParams('from=tehran&to=tehran&tonnes=0'), cities).errors.tonnes).toBe(
      'وزن بار باید بیشتر از صفر باشد.',
    );
  });

  it('writes the parameters in the declared order, leaving out empty ones', () => {
    expect(shippingPriceHref({ tonnes: '2', to: 'shiraz', from: '' })).toBe(
      '/inquiry/shipping-price?to=shiraz&tonnes=2',
    );
    expect(shippingPriceHref({ from: '', to: '', tonnes: ' ' })).toBe('/inquiry/shipping-price');
  });
});
