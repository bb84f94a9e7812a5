import { fireEvent, screen, waitFor } from '@testing-library/react';
import '@testing-library/jest-dom';
import type { User } from '@steel/contract';
import { jsonResponse, requestUrl } from '@steel/shared/testing';
import { DEMO_BUYER } from '../../testing/mount-inquiry';
import { renderInShell } from '../../testing/render-in-shell';
import { REBAR_12 } from '../../testing/slot-products';
import { PriceAlertForm } from './price-alert-form';
import { AlertsCard } from './alerts-card';
import { readThreshold } from './threshold';

describe('a threshold as the buyer types it', () => {
  it('reads toman in any digits, with separators, and sends rial', () => {
    expect(readThreshold('۳۵٬۰۰۰', null)).toEqual({ rial: 350_000 });
    expect(readThreshold('35,000', 395_000)).toEqual({ rial: 350_000 });
    expect(readThreshold('٣٥٠٠٠', 395_000)).toEqual({ rial: 350_000 });
  });

  it('refuses what is no whole positive figure, and a figure not below the price now', () => {
    for (const text of ['', '  ', 'سی هزار', '35.5', '-3', '0', '35,00', '3.5e4', ' 35000 ', '۳۵۰۰۰ تومان'])
      expect(readThreshold(text, 395_000)).toHaveProperty('error');
    expect(readThreshold('39500', 395_000)).toEqual({
      error: 'قیمت فعلی ۳۹٬۵۰۰ تومان است؛ مبلغی کمتر از آن وارد کنید.',
    });
    expect(readThreshold('39499', 395_000)).toEqual({ rial: 394_990 });
  });
});

function renderForm(user: User | null, answer: (body: unknown) => Response) {
  const writes: unknown[] = [];
  const { context } = renderInShell(<PriceAlertForm product={REBAR_12} />, {
    user,
    fetch: async (input, init) => {
      if (init?.method === 'POST') writes.push({ url: requestUrl(input), body: JSON.parse(init.body as string) });
      return answer(init?.body);
    },
  });
  return { context, writes };
}

describe('«خبرم کن وقتی قیمت کمتر از … شد» on the product page', () => {
  it('asks a signed-out visitor to sign in and come back to this product', () => {
    renderForm(null, () => jsonResponse({}));
    expect(screen.getByText('خبرم کن وقتی قیمت کمتر از … شد')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'وارد حساب خود شوید' })).toHaveAttribute(
      'href',
      '/login?redirect=/rebar/kalaf/rebar-kalaf-1',
    );
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('sets the alert in rial and says so', async () => {
    const { writes } = renderForm(DEMO_BUYER, () =>
      jsonResponse({ data: { documentId: 'a1', below_price: '350000', product_slug: REBAR_12.slug } }, { status: 201 }),
    );
    fireEvent.change(screen.getByRole('textbox', { name: /قیمت کمتر از/ }), { target: { value: '۳۵۰۰۰' } });
    fireEvent.click(screen.getByRole('button', { name: 'خبرم کن' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('ثبت شد'));
    expect(writes).toEqual([
      {
        url: expect.stringMatching(/\/api\/price-alerts$/) as string,
        body: { data: { product_slug: REBAR_12.slug, below_price: 350_000 } },
      },
    ]);
  });

  it('says why in Persian and keeps the figure typed, on its own check and on the CMS refusal', async () => {
    const { writes } = renderForm(DEMO_BUYER, () =>
      jsonResponse(
        {
          data: null,
          error: { status: 403, name: 'PolicyError', message: 'At most 20 active price alerts per account' },
        },
        { status: 403 },
      ),
    );
    const input = screen.getByRole('textbox', { name: /قیمت کمتر از/ });
    fireEvent.change(input, { target: { value: '50000' } });
    fireEvent.click(screen.getByRole('button', { name: 'خبرم کن' }));
    expect(screen.getByRole('alert')).toHaveTextContent('قیمت فعلی ۳۹٬۵۰۰ تومان است');
    expect(writes).toEqual([]);

    fireEvent.change(input, { target: { value: '30000' } });
    fireEvent.click(screen.getByRole('button', { name: 'خبرم کن' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('حداکثر ۲۰ اعلان قیمت فعال'));
    expect(input).toHaveValue('30000');
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('the dashboard card', () => {
  it('renders nothing for nobody signed in', () => {
    const { container } = renderInShell(<AlertsCard />, { user: null });
    expect(container).toBeEmptyDOMElement();
  });

  it('shows the unread count and the latest notifications, and links to the alerts page', async () => {
    const notification = {
      documentId: 'n1',
      kind: 'price_alert',
      title: 'قیمت «میلگرد آجدار ۱۲» به ۳۴٬۰۰۰ تومان رسید',
      body: null,
      product_slug: REBAR_12.slug,
      product_path: REBAR_12.path,
      read_at: null,
      createdAt: '2026-03-01T08:00:00.000Z',
    };
    // As a slot gives it: the host's query client (the kit's contribution providers).
    renderInShell(<AlertsCard />, {
      user: DEMO_BUYER,
      fetch: async (input) => {
        const url = decodeURIComponent(requestUrl(input));
        const total = url.includes('[read_at][$null]') ? 2 : 5;
        return jsonResponse({
          data: [notification],
          meta: { pagination: { page: 1, pageSize: 3, pageCount: 1, total } },
        });
      },
    });
    expect(screen.getByRole('heading', { name: 'اعلان‌های قیمت' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('۲ پیام خوانده‌نشده')).toBeInTheDocument());
    expect(screen.getByText(notification.title)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'همه و تنظیم اعلان‌ها' })).toHaveAttribute('href', '/inquiry/alerts');
  });
});
