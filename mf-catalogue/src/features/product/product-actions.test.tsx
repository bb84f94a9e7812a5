import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import '@testing-library/jest-dom';
import { MemoryRouter } from 'react-router';
import type { ToastInput, User } from '@steel/contract';
import { ShellContextProvider } from '@steel/shared';
import { createFakeShellContext, jsonResponse, requestUrl } from '@steel/shared/testing';
import { ProductActions } from './product-actions';

const PRODUCT = { documentId: 'p1', slug: 'rebar-ribbed-rebar-1', name: 'میلگرد آجدار ۱۲ ذوب آهن A3' };
const CUSTOMER = { id: 7, username: 'demo', email: 'demo@example.com' } as User;

/** The product's actions with a fake shell whose CMS answers every write with `answer()`. */
function renderActions(user: User | null, answer: () => Response) {
  const writes: string[] = [];
  const context = createFakeShellContext({
    user,
    fetch: async (input, init) => {
      if (init?.method === 'POST') writes.push(requestUrl(input));
      return answer();
    },
  });
  const toasts: ToastInput[] = [];
  context.bus.on('toast:add', (toast) => toasts.push(toast));
  render(
    <ShellContextProvider value={context}>
      <MemoryRouter initialEntries={['/rebar/ribbed-rebar/rebar-ribbed-rebar-1']}>
        <ProductActions product={PRODUCT} />
      </MemoryRouter>
    </ShellContextProvider>,
  );
  return { context, writes, toasts };
}

const orderButton = () => screen.getByRole('button', { name: 'استعلام قیمت / ثبت سفارش' });

it('sends a signed-out visitor to sign-in with this page and the action to resume', () => {
  const { context, writes } = renderActions(null, () => jsonResponse({}));
  fireEvent.click(orderButton());
  expect(context.navigations).toEqual(['/login?redirect=/rebar/ribbed-rebar/rebar-ribbed-rebar-1%3Faction%3Dorder']);
  expect(writes).toEqual([]);
});

it('makes one order request for a double click and confirms it with a toast', async () => {
  const { writes, toasts } = renderActions(CUSTOMER, () =>
    jsonResponse({ data: { documentId: 'o1', number: 'SO-1' } }),
  );
  const button = orderButton();
  fireEvent.click(button);
  fireEvent.click(button);
  await waitFor(() => expect(toasts.map((toast) => toast.title)).toEqual(['درخواست استعلام قیمت ثبت شد']));
  expect(writes).toHaveLength(1);
  expect(toasts[0]?.actions).toEqual([{ label: 'مشاهده سفارش', href: '/panel/order/o1' }]);
});

it('says in Persian why the CMS refused, and leaves the buttons usable', async () => {
  const refusal = () =>
    jsonResponse({ data: null, error: { status: 403, name: 'ForbiddenError', message: 'Forbidden' } }, { status: 403 });
  const { toasts } = renderActions(CUSTOMER, refusal);
  fireEvent.click(screen.getByRole('button', { name: 'افزودن به لیست پیگیری' }));
  await waitFor(() => expect(toasts).toHaveLength(1));
  expect(toasts[0]).toMatchObject({
    title: 'افزودن به لیست پیگیری ممکن نشد',
    description: 'این تغییر برای شما مجاز نیست',
    color: 'error',
  });
  await waitFor(() => expect(orderButton()).toBeEnabled());
});
