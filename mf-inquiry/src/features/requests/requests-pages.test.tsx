import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import '@testing-library/jest-dom';
import { requestUrl } from '@steel/shared/testing';
import { mountInquiryAt, unmountInquiry } from '../../testing/mount-inquiry';
import { scriptedCms } from '../../testing/scripted-cms';

const HOUR = 3_600_000;

/** A quoted inquiry: 10 branches at 4 210 000 rial each, 25 000 000 rial shipping, 10 % tax. */
const quoted = (overrides: Record<string, unknown> = {}) => ({
  id: 1,
  documentId: 'inq1',
  number: 'RQ-1001',
  status: 'quoted',
  status_history: [],
  province_slug: 'tehran',
  province_name: 'تهران',
  note: 'تحویل در کارگاه',
  shipping_estimate: '12787200',
  quoted_shipping: '25000000',
  tax_rate_percent: 10,
  quoted_at: '2026-11-27T08:00:00.000Z',
  quote_expires_at: new Date(Date.now() + 48 * HOUR).toISOString(),
  createdAt: '2026-11-26T08:00:00.000Z',
  lines: [
    {
      id: 11,
      product_slug: 'ir-12',
      product_name: 'میلگرد ۱۲ ذوب آهن',
      quantity: 10,
      sale_unit: 'branch',
      unit: 'kg',
      indicative_unit_price: '395000',
      weight_kg: '106.56',
      illustrative: true,
      quoted_unit_price: '4210000',
    },
  ],
  ...overrides,
});

beforeEach(() => localStorage.clear());
afterEach(unmountInquiry);

const basket = { 'GET /inquiry-basket/mine': { body: { data: { lines: [] } } } };

describe('my inquiries', () => {
  it('lists them newest first with their status in Persian, a page at a time', async () => {
    const cms = scriptedCms({
      ...basket,
      'GET /inquiries': {
        body: {
          data: [
            quoted(),
            { ...quoted(), documentId: 'inq0', number: 'RQ-1000', status: 'sent', quote_expires_at: null },
          ],
          meta: { pagination: { page: 1, pageSize: 10, pageCount: 2, total: 11 } },
        },
      },
    });
    await mountInquiryAt('/inquiry/requests', cms.fetch);
    const items = within(await screen.findByRole('list', { name: 'فهرست استعلام‌ها' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/استعلام RQ-1001.*۱ قلم.*قیمت‌گذاری شد/),
      expect.stringMatching(/استعلام RQ-1000.*در انتظار قیمت/),
    ]);
    expect(within(items[0]!).getByRole('link', { name: 'استعلام RQ-1001' })).toHaveAttribute(
      'href',
      '/inquiry/requests/inq1',
    );
    expect(screen.getByRole('link', { name: 'صفحه ۲' })).toHaveAttribute('href', '/inquiry/requests?page=2');
    expect(cms.made('GET /inquiries')[0]!.path).toContain('sort[0]=createdAt:desc');
  });
});

describe('an inquiry with its quote', () => {
  it('shows the quote beside the indicative prices, the totals and the expiry; accepting asks first, then links the order', async () => {
    const cms = scriptedCms({
      ...basket,
      'GET /inquiries/inq1': { body: { data: quoted() } },
      'POST /inquiries/inq1/accept': {
        body: {
          data: {
            inquiry: quoted({ status: 'accepted', order_number: 'SO-2001', order_document_id: 'ord1' }),
            order: { documentId: 'ord1', number: 'SO-2001' },
          },
        },
      },
    });
    await mountInquiryAt('/inquiry/requests/inq1', cms.fetch);

    expect(await screen.findByRole('heading', { level: 1, name: 'استعلام RQ-1001' })).toBeInTheDocument();
    const row = screen.getByRole('row', { name: /میلگرد ۱۲ ذوب آهن/ });
    // Indicative: 395 000 rial/kg × 106.56 kg; quoted: 10 × 4 210 000 rial.
    expect(row).toHaveTextContent('۴٬۲۰۹٬۱۲۰ تومان');
    expect(row).toHaveTextContent('۴٬۲۱۰٬۰۰۰ تومان');
    expect(row).toHaveTextContent('هر شاخه ۴۲۱٬۰۰۰ تومان');
    // Lines 42 100 000 + shipping 25 000 000 = 67 100 000; tax 6 710 000; total 73 810 000 rial.
    expect(screen.getByText('مبلغ کل').nextSibling).toHaveTextContent('۷٬۳۸۱٬۰۰۰ تومان');
    expect(screen.getByText('اعتبار پیش‌فاکتور تا').nextSibling).toHaveTextContent(/ساعت/);
    expect(await screen.findByText(/تحویل در: تهران/)).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'پذیرش پیش‌فاکتور' }));
    expect(cms.made('POST /inquiries/inq1/accept')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'تأیید و ثبت سفارش' }));
    expect(await screen.findByRole('link', { name: 'مشاهدهٔ سفارش' })).toHaveAttribute('href', '/panel/order/ord1');
    expect(screen.getByRole('status')).toHaveTextContent('پیش‌فاکتور پذیرفته شد و سفارش SO-2001 ثبت شد');
    expect(cms.made('POST /inquiries/inq1/accept')).toHaveLength(1);
  });

  it('says a lapsed quote has expired and offers no acceptance', async () => {
    const cms = scriptedCms({
      ...basket,
      'GET /inquiries/inq1': {
        body: { data: quoted({ quote_expires_at: new Date(Date.now() - HOUR).toISOString() }) },
      },
    });
    await mountInquiryAt('/inquiry/requests/inq1', cms.fetch);
    expect(await screen.findByText('مهلت این پیش‌فاکتور گذشته است')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'پذیرش پیش‌فاکتور' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'لغو استعلام' })).not.toBeInTheDocument();
  });

  it('withdraws a sent inquiry after asking, and says why a refused acceptance failed', async () => {
    const cms = scriptedCms({
      ...basket,
      'GET /inquiries/inq1': { body: { data: quoted() } },
      'POST /inquiries/inq1/accept': {
        status: 409,
        body: {
          data: null,
          error: { status: 409, name: 'ConflictError', message: 'This quote has already been accepted' },
        },
      },
      'PUT /inquiries/inq1': { body: { data: quoted({ status: 'cancelled' }) } },
    });
    await mountInquiryAt('/inquiry/requests/inq1', cms.fetch);
    fireEvent.click(await screen.findByRole('button', { name: 'پذیرش پیش‌فاکتور' }));
    fireEvent.click(screen.getByRole('button', { name: 'تأیید و ثبت سفارش' }));
    expect(await screen.findByText(/این پیش‌فاکتور دیگر پذیرفتنی نیست/)).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'لغو استعلام' }));
    fireEvent.click(screen.getByRole('button', { name: 'تأیید لغو استعلام' }));
    await waitFor(() => expect(cms.made('PUT /inquiries/inq1')).toHaveLength(1));
    expect(cms.made('PUT /inquiries/inq1')[0]!.body).toEqual({ data: { status: 'cancelled' } });
  });
});

describe('the pro-forma', () => {
  /** Who sells, as the CMS keeps it (data/domain/seller.json's shape). */
  const seller = {
    'GET /seller': {
      body: {
        data: {
          legal_name: 'شرکت نمونه (سهامی خاص)',
          national_id: '10320765438',
          economic_code: '411132965487',
          registration_number: '589214',
          address: 'تهران، خیابان آزادی',
          postal_code: '1345673813',
          phone: '02166012345',
        },
      },
    },
  };

  it('prints the lines, the totals at the held tax rate and the validity, and says when it is ready for the PDF', async () => {
    const cms = scriptedCms({
      ...basket,
      ...seller,
      'GET /inquiries/inq1': { body: { data: quoted() } },
    });
    await mountInquiryAt('/inquiry/requests/inq1/proforma', cms.fetch);
    expect(await screen.findByRole('heading', { level: 1, name: 'پیش‌فاکتور' })).toBeInTheDocument();
    await waitFor(() => expect(document.querySelector('[data-print-ready]')).not.toBeNull());

    const line = screen.getByRole('row', { name: /میلگرد ۱۲ ذوب آهن/ });
    expect(
      within(line)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['۱', '۱۰ شاخه', '۱۰۷', '۴۲۱٬۰۰۰ تومان', '۴٬۲۱۰٬۰۰۰ تومان']);
    expect(screen.getByText('مالیات بر ارزش افزوده (۱۰٪)').nextSibling).toHaveTextContent('۶۷۱٬۰۰۰ تومان');
    expect(screen.getByText('مبلغ کل').nextSibling).toHaveTextContent('۷٬۳۸۱٬۰۰۰ تومان');
    expect(screen.getByText(/این پیش‌فاکتور تا .* معتبر است/)).toBeInTheDocument();
    expect(screen.getByText('demo')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'دریافت PDF' })).toHaveAttribute(
      'href',
      '/_/print.pdf?path=%2Finquiry%2Frequests%2Finq1%2Fproforma',
    );
    expect(screen.getByRole('button', { name: 'چاپ' })).toBeInTheDocument();
    // The seller's legal details from the CMS, and the site's own address.
    const sellerBlock = screen.getByRole('region', { name: 'فروشنده' });
    expect(sellerBlock).toHaveTextContent('شرکت نمونه (سهامی خاص)');
    expect(sellerBlock).toHaveTextContent('شناسهٔ ملی:۱۰۳۲۰۷۶۵۴۳۸');
    expect(sellerBlock).toHaveTextContent('کد اقتصادی:۴۱۱۱۳۲۹۶۵۴۸۷');
    expect(sellerBlock).toHaveTextContent('کد پستی ۱۳۴۵۶۷۳۸۱۳');
    expect(sellerBlock).toHaveTextContent('localhost:8080'); // the runtime config's siteUrl (SITE_URL)
  });

  /** Where the browser went: the clicks on links whose default no handler stopped (jsdom itself cannot navigate). */
  const navigations: string[] = [];
  const followLink = (event: MouseEvent) => {
    const link = (event.target as Element).closest('a');
    if (!link || event.defaultPrevented) return;
    navigations.push(link.getAttribute('href') ?? '');
    event.preventDefault();
  };
  beforeEach(() => {
    navigations.length = 0;
    window.addEventListener('click', followLink);
  });
  afterEach(() => window.removeEventListener('click', followLink));

  /** The quoted pro-forma, with the CMS's answer to «who is this?» held until the test lets it go. */
  async function proformaWithSessionCheck(answer: { status?: number; body: unknown }) {
    const cms = scriptedCms({
      ...basket,
      ...seller,
      'GET /inquiries/inq1': { body: { data: quoted() } },
      'GET /users/me': answer,
    });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const fetch: typeof globalThis.fetch = async (input, init) => {
      if (requestUrl(input).includes('/users/me')) await held;
      return cms.fetch(input, init);
    };
    await mountInquiryAt('/inquiry/requests/inq1/proforma', fetch);
    fireEvent.click(await screen.findByRole('link', { name: 'دریافت PDF' }));
    expect(await screen.findByRole('status')).toHaveTextContent('در حال آماده‌سازی PDF…');
    expect(navigations).toEqual([]);
    release();
    return cms;
  }

  it('«دریافت PDF» first has the session confirmed (renewed if it expired), then goes to the print', async () => {
    const cms = await proformaWithSessionCheck({ body: { id: 3, username: 'demo' } });
    await waitFor(() => expect(navigations).toEqual(['/_/print.pdf?path=%2Finquiry%2Frequests%2Finq1%2Fproforma']));
    expect(cms.made('GET /users/me')).toHaveLength(1);
    expect(screen.queryByText('در حال آماده‌سازی PDF…')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('«دریافت PDF» with the session over says so in Persian and offers the sign-in, printing nothing', async () => {
    await proformaWithSessionCheck({ status: 401, body: { data: null, error: { status: 401, message: 'x' } } });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'نشست شما به پایان رسیده است؛ برای دریافت PDF دوباره وارد حساب خود شوید.',
    );
    expect(screen.getByRole('link', { name: 'ورود به حساب' })).toHaveAttribute(
      'href',
      '/login?redirect=/inquiry/requests/inq1/proforma',
    );
    expect(navigations).toEqual([]);
  });
});
