import { screen } from '@testing-library/react';
import '@testing-library/jest-dom';
import { jsonResponse } from '@steel/shared/testing';
import { mountPanelAt, unmountPanel } from '../../../dev/mount-panel-alone';

afterEach(unmountPanel);

/** An order the CMS made from an accepted quote: its figures are the quote's, in rial. */
const quotedOrder = {
  id: 9,
  documentId: 'oq1',
  number: 'SO-Q1',
  status: 'proforma_issued',
  status_history: [{ status: 'proforma_issued', at: '2026-03-01T08:00:00.000Z' }],
  items: [
    {
      id: 1,
      product_slug: 'billet',
      product_name: 'شمش فولاد',
      quantity: '2',
      sale_unit: 'tonne',
      unit_price: '400000',
      quoted_unit_price: '400000000',
      illustrative: false,
    },
    {
      id: 2,
      product_slug: 'rebar-12',
      product_name: 'میلگرد ۱۲',
      quantity: '30',
      sale_unit: 'branch',
      unit_price: '140766',
      quoted_unit_price: '1500000',
      illustrative: false,
    },
  ],
  lines_total: '845000000',
  shipping_price: '30000000',
  tax_rate_percent: '10',
  tax_price: '87500000',
  total_price: '962500000',
  inquiry_number: 'RQ-ABC-1',
  note: 'پیش‌فاکتور استعلام RQ-ABC-1',
  delivery_address: 'استان تهران',
  contact_phone: null,
  createdAt: '2026-03-01T08:00:00.000Z',
};

describe('an order made from an accepted quote', () => {
  it('shows the quoted lines, shipping, tax and total, and nothing approximate', async () => {
    await mountPanelAt('/panel/order/oq1', async () => jsonResponse({ data: quotedOrder }));
    const total = await screen.findByText('۹۶٬۲۵۰٬۰۰۰ تومان');
    expect(total.closest('[data-quoted-order]')).toHaveTextContent('RQ-ABC-1');
    for (const figure of ['۴۰٬۰۰۰٬۰۰۰ تومان', '۸۰٬۰۰۰٬۰۰۰ تومان', '۱۵۰٬۰۰۰ تومان', '۴٬۵۰۰٬۰۰۰ تومان'])
      expect(screen.getByText(figure)).toBeInTheDocument();
    expect(screen.getByText('۸۴٬۵۰۰٬۰۰۰ تومان')).toBeInTheDocument();
    expect(screen.getByText('۳٬۰۰۰٬۰۰۰ تومان')).toBeInTheDocument();
    expect(screen.getByText('مالیات بر ارزش افزوده (۱۰٪)')).toBeInTheDocument();
    expect(screen.getByText('۸٬۷۵۰٬۰۰۰ تومان')).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/تقریبی/);
  });
});
