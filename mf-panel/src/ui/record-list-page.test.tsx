import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import '@testing-library/jest-dom';
import { jsonResponse } from '@steel/shared/testing';
import { mountPanelAt, unmountPanel } from '../dev/mount-panel-alone';

/**
 * The orders and tickets pages share one list page (RecordListPage) and one status change
 * (useCustomerStatusChange); each keeps its own heading, toolbar, list name and rows. The panel is
 * mounted whole; `fetch` answers as the CMS does.
 */
afterEach(unmountPanel);

const onePage = { pagination: { page: 1, pageSize: 10, pageCount: 1, total: 1 } };

const order = {
  id: 1,
  documentId: 'o1',
  number: 'SO-1',
  status: 'awaiting_payment',
  status_history: [{ status: 'awaiting_payment', at: '2025-01-02T08:00:00.000Z' }],
  total_price: null,
  note: null,
  delivery_address: null,
  contact_phone: null,
  items: [{ id: 1, product_slug: 'rebar-1', product_name: 'میلگرد', quantity: 2, sale_unit: 'kg', unit_price: null }],
  createdAt: '2025-01-02T08:00:00.000Z',
};
const ticket = {
  id: 2,
  documentId: 't1',
  number: 'T-7',
  subject: 'زمان بارگیری',
  department: 'shipping',
  priority: 'urgent',
  status: 'open',
  messages: [{ id: 1, author: 'customer', author_name: null, body: 'کی؟', sent_at: '2025-01-02T08:00:00.000Z' }],
  createdAt: '2025-01-02T08:00:00.000Z',
  updatedAt: '2025-01-02T08:00:00.000Z',
};

/** Answers GETs of a collection with `records` (one, by documentId, or the list) and PUTs with the change. */
function cms(collection: string, records: Array<{ documentId: string }>) {
  return jest.fn(async (url: string, init?: RequestInit) => {
    const path = new URL(url).pathname.replace(/^\/api\//, '');
    if (init?.method === 'PUT')
      return jsonResponse({ data: (JSON.parse(init.body as string) as { data: unknown }).data });
    const [name, documentId] = path.split('/');
    if (name !== collection) return jsonResponse({ data: [], meta: onePage });
    if (documentId) return jsonResponse({ data: records.find((record) => record.documentId === documentId) });
    return jsonResponse({ data: records, meta: onePage });
  });
}

describe('the panel list pages', () => {
  it('lists orders under their heading, with the status filter before the new-order link', async () => {
    await mountPanelAt('/panel/order', cms('orders', [order]));
    expect(await screen.findByRole('heading', { level: 1, name: 'سفارش‌ها' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'فهرست سفارش‌ها' });
    const row = within(list).getByRole('listitem');
    expect(within(row).getByRole('link', { name: 'سفارش SO-1' })).toHaveAttribute('href', '/panel/order/o1');
    expect(row).toHaveTextContent('۱ قلم');
    expect(within(row).getByTestId('status-badge')).toHaveTextContent('در انتظار پرداخت');
    expect(screen.getByLabelText('وضعیت')).toHaveValue('');
    expect(screen.getByRole('link', { name: 'ثبت سفارش جدید' })).toHaveAttribute('href', '/panel/order/new');
  });

  it('lists tickets under their heading, with only the new-ticket link above them', async () => {
    await mountPanelAt('/panel/ticket', cms('tickets', [ticket]));
    expect(await screen.findByRole('heading', { level: 1, name: 'تیکت‌ها' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'فهرست تیکت‌ها' });
    const row = within(list).getByRole('listitem');
    expect(within(row).getByRole('link', { name: 'زمان بارگیری' })).toHaveAttribute('href', '/panel/ticket/t1');
    expect(row).toHaveTextContent('شماره T-7 · بخش حمل و نقل · اولویت فوری');
    expect(screen.queryByLabelText('وضعیت')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ارسال تیکت جدید' })).toHaveAttribute('href', '/panel/ticket/new');
  });
});

describe('a customer status change', () => {
  it.each([
    [
      'cancels an order',
      '/panel/order/o1',
      cms('orders', [order]),
      'لغو سفارش',
      'تأیید لغو سفارش',
      'orders/o1',
      'cancelled',
    ],
    ['closes a ticket', '/panel/ticket/t1', cms('tickets', [ticket]), 'بستن تیکت', 'تأیید', 'tickets/t1', 'closed'],
  ])('%s once confirmed, then reads the records again', async (_, path, fetch, label, confirm, record, status) => {
    await mountPanelAt(path, fetch);
    fireEvent.click(await screen.findByRole('button', { name: label }));
    fireEvent.click(within(screen.getByRole('group', { name: label })).getByRole('button', { name: confirm }));
    await waitFor(() => expect(fetch.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    const writes = fetch.mock.calls.filter(([, init]) => init?.method === 'PUT');
    expect(writes).toHaveLength(1);
    const [url, init] = writes[0] as [string, RequestInit];
    expect(url).toBe(`http://127.0.0.1:1337/api/${record}`);
    expect(JSON.parse(init.body as string)).toEqual({ data: { status } });
    const readsAfter = () => fetch.mock.calls.slice(fetch.mock.calls.indexOf(writes[0]!) + 1);
    await waitFor(() => expect(readsAfter().some(([url]) => String(url).includes(record))).toBe(true));
  });
});
