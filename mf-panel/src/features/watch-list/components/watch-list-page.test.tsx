import { screen, within } from '@testing-library/react';
import '@testing-library/jest-dom';
import { jsonResponse } from '@steel/shared/testing';
import { mountPanelAt, unmountPanel } from '../../../dev/mount-panel-alone';

afterEach(unmountPanel);

const entry = (documentId: string, added_price: number, product: { slug: string; name: string; price: number }) => ({
  id: Number(documentId.slice(1)),
  documentId,
  added_price,
  createdAt: '2026-11-20T08:00:00.000Z',
  product: { documentId: `p-${product.slug}`, sale_unit: 'tonne', illustrative: true, ...product },
});

describe('watch list', () => {
  it('shows each price change as the catalogue does: ▲ or ▼ in colour, told in Persian words', async () => {
    const list = [
      entry('w1', 340000, { slug: 'rebar-kalaf-1', name: 'میلگرد کلاف ۸', price: 345000 }),
      entry('w2', 400000, { slug: 'ipe-18', name: 'تیرآهن ۱۸', price: 380000 }),
    ];
    const fetch = jest
      .fn<Promise<Response>, [string, RequestInit?]>()
      .mockResolvedValue(
        jsonResponse({ data: list, meta: { pagination: { page: 1, pageSize: 100, pageCount: 1, total: 2 } } }),
      );
    await mountPanelAt('/panel/product', fetch);

    const items = within(await screen.findByRole('list', { name: 'محصولات من' })).getAllByRole('listitem');
    const [rise, fall] = items.map((item) => within(item).getByTestId('price-change'));
    expect(rise).toHaveAttribute('data-change', 'up');
    expect(within(rise!).getByText('▲')).toHaveAttribute('aria-hidden', 'true');
    expect(rise).toHaveClass('text-green-700', 'dark:text-green-400');
    expect(within(rise!).getByText('افزایش ۱٫۵٪ (۵۰۰ تومان) از زمان افزودن')).toHaveClass('sr-only');
    expect(fall).toHaveAttribute('data-change', 'down');
    expect(within(fall!).getByText('▼')).toBeInTheDocument();
    expect(fall).toHaveClass('text-red-700', 'dark:text-red-400');
    expect(within(fall!).getByText('کاهش ۵٪ (۲٬۰۰۰ تومان) از زمان افزودن')).toHaveClass('sr-only');
    // No status badge stands in for the change any more.
    expect(screen.queryByTestId('status-badge')).toBeNull();
    // The page is imported lazily, so compiled inside the test: on a fresh clone, beside the builds, that passed 30 s.
  }, 90_000);
});
