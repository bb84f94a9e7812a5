import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import '@testing-library/jest-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { ShellContextProvider, type User } from '@steel/shared';
import { createFakeShellContext, jsonResponse, requestUrl } from '@steel/shared/testing';
import { alertsPage } from './alerts-page';
import type { PriceAlert, PriceNotification } from './alert-queries';

const CUSTOMER = { id: 7, username: 'buyer', email: 'buyer@example.com' } as User;
const ALERT: PriceAlert = {
  documentId: 'a1',
  product_slug: 'rebar-kalaf-1',
  product_name: 'میلگرد آجدار ۱۲',
  product_path: '/rebar/kalaf/rebar-kalaf-1',
  below_price: '350000',
  active: true,
  last_fired_at: null,
  createdAt: '2026-03-01T08:00:00.000Z',
};
const NOTIFICATION: PriceNotification = {
  documentId: 'n1',
  kind: 'price_alert',
  title: 'قیمت «میلگرد آجدار ۱۲» به ۳۴٬۰۰۰ تومان رسید',
  body: 'قیمت اکنون ۳۴٬۰۰۰ تومان است.',
  product_slug: 'rebar-kalaf-1',
  product_path: '/rebar/kalaf/rebar-kalaf-1',
  read_at: null,
  createdAt: '2026-03-02T08:00:00.000Z',
};

/** The alerts page with a CMS that answers the lists and records every write. */
function renderPage() {
  const writes: string[] = [];
  const context = createFakeShellContext({
    user: CUSTOMER,
    fetch: async (input, init) => {
      const url = decodeURIComponent(requestUrl(input));
      const method = init?.method ?? 'GET';
      if (method !== 'GET') {
        writes.push(`${method} ${url.replace(/^.*\/api/, '')} ${(init?.body as string | undefined) ?? ''}`);
        return method === 'DELETE' ? jsonResponse(undefined, { status: 204 }) : jsonResponse({ data: {} });
      }
      const data = url.includes('/price-alerts') ? [ALERT] : [NOTIFICATION];
      return jsonResponse({ data, meta: { pagination: { page: 1, pageSize: 50, pageCount: 1, total: 1 } } });
    },
  });
  const { Page } = alertsPage;
  const url = {
    pathname: '/inquiry/alerts',
    pathWithQuery: '/inquiry/alerts',
    params: {},
    search: new URLSearchParams(),
  };
  render(
    <ShellContextProvider value={context}>
      <QueryClientProvider client={context.queryClient}>
        <Page url={url} />
      </QueryClientProvider>
    </ShellContextProvider>,
  );
  return { writes };
}

it('lists the alerts with their threshold and state, and pauses and deletes one', async () => {
  const { writes } = renderPage();
  const row = (await screen.findByRole('link', { name: 'میلگرد آجدار ۱۲' })).closest('tr') as HTMLElement;
  expect(within(row).getByText('کمتر از ۳۵٬۰۰۰ تومان')).toBeInTheDocument();
  expect(within(row).getByText('هنوز نه')).toBeInTheDocument();
  expect(within(row).getByText('فعال')).toBeInTheDocument();
  fireEvent.click(within(row).getByRole('button', { name: 'توقف اعلان «میلگرد آجدار ۱۲»' }));
  await waitFor(() => expect(writes).toEqual(['PUT /price-alerts/a1 {"data":{"active":false}}']));
  fireEvent.click(within(row).getByRole('button', { name: 'حذف اعلان «میلگرد آجدار ۱۲»' }));
  await waitFor(() => expect(writes).toHaveLength(2));
  expect(writes[1]).toMatch(/^DELETE \/price-alerts\/a1/);
});

it('lists the notifications and marks one read', async () => {
  const { writes } = renderPage();
  expect(await screen.findByRole('heading', { name: `خوانده‌نشده: ${NOTIFICATION.title}` })).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: `علامت خوانده‌شده برای «${NOTIFICATION.title}»` }));
  await waitFor(() => expect(writes).toHaveLength(1));
  expect(writes[0]).toMatch(/^PUT \/notifications\/n1 \{"data":\{"read_at":"/);
});
