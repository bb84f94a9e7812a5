import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import '@testing-library/jest-dom';
import { DEMO_BUYER } from '../../testing/mount-inquiry';
import { renderInShell } from '../../testing/render-in-shell';
import { cmsList, scriptedCms } from '../../testing/scripted-cms';
import { alertsPage } from './alerts-page';
import type { PriceAlert, PriceNotification } from './alert-queries';

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
  const cms = scriptedCms({
    'GET /price-alerts': { body: cmsList([ALERT]) },
    'GET /': { body: cmsList([NOTIFICATION]) },
    'PUT /': { body: { data: {} } },
    'DELETE /': { status: 204, body: undefined },
  });
  const { Page } = alertsPage;
  const url = {
    pathname: '/inquiry/alerts',
    pathWithQuery: '/inquiry/alerts',
    params: {},
    search: new URLSearchParams(),
  };
  renderInShell(<Page url={url} />, { user: DEMO_BUYER, fetch: cms.fetch });
  return cms;
}

it('lists the alerts with their threshold and state, and pauses and deletes one', async () => {
  const cms = renderPage();
  const row = (await screen.findByRole('link', { name: 'میلگرد آجدار ۱۲' })).closest('tr') as HTMLElement;
  expect(within(row).getByText('کمتر از ۳۵٬۰۰۰ تومان')).toBeInTheDocument();
  expect(within(row).getByText('هنوز نه')).toBeInTheDocument();
  expect(within(row).getByText('فعال')).toBeInTheDocument();
  fireEvent.click(within(row).getByRole('button', { name: 'توقف اعلان «میلگرد آجدار ۱۲»' }));
  await waitFor(() =>
    expect(cms.made('PUT')).toEqual([{ method: 'PUT', path: '/price-alerts/a1', body: { data: { active: false } } }]),
  );
  fireEvent.click(within(row).getByRole('button', { name: 'حذف اعلان «میلگرد آجدار ۱۲»' }));
  await waitFor(() => expect(cms.made('DELETE /price-alerts/a1')).toHaveLength(1));
});

it('lists the notifications and marks one read', async () => {
  const cms = renderPage();
  expect(await screen.findByRole('heading', { name: `خوانده‌نشده: ${NOTIFICATION.title}` })).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: `علامت خوانده‌شده برای «${NOTIFICATION.title}»` }));
  await waitFor(() => expect(cms.made('PUT')).toHaveLength(1));
  expect(cms.made('PUT')[0]).toMatchObject({
    path: '/notifications/n1',
    body: { data: { read_at: expect.any(String) } },
  });
});
