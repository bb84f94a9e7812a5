import { fireEvent, screen } from '@testing-library/react';
import '@testing-library/jest-dom';
import type { ToastInput, SlotProduct } from '@steel/contract';
import { renderInShell } from '../../testing/render-in-shell';
import { slotProduct } from '../../testing/slot-products';
import {
  COMPARE_STORAGE_KEY,
  MAX_COMPARED,
  compareHref,
  comparedProducts,
  slugsFromQuery,
  toggleCompared,
  toggleInList,
  type ComparedProduct,
} from './compare-list';
import { comparison, dailyPriceChange, type ComparedRecord } from './compare-queries';
import { CompareCounter, CompareToggle } from './compare-toggle';

const item = (slug: string, subCategory = 'rebar/kalaf'): ComparedProduct => ({
  slug,
  name: `محصول ${slug}`,
  subCategory,
});

beforeEach(() => localStorage.clear());

describe('the compare list', () => {
  it('adds, removes, and refuses a fifth or another sub-category', () => {
    let list: readonly ComparedProduct[] = [];
    for (const slug of ['a', 'b', 'c', 'd']) {
      const decision = toggleInList(list, item(slug));
      expect(decision.kind).toBe('added');
      list = decision.list;
    }
    expect(list).toHaveLength(MAX_COMPARED);
    expect(toggleInList(list, item('e'))).toEqual({ kind: 'full', list });
    expect(toggleInList(list, item('x', 'sheet/hot-rolled'))).toEqual({ kind: 'other-sub-category', list });
    const removed = toggleInList(list, item('b'));
    expect(removed.kind).toBe('removed');
    expect(removed.list.map((entry) => entry.slug)).toEqual(['a', 'c', 'd']);
    // Emptied, the list takes any sub-category again.
    expect(toggleInList([], item('x', 'sheet/hot-rolled')).kind).toBe('added');
  });

  it('leaves no key in storage once emptied (the header link is loaded only while there is one)', () => {
    toggleCompared(item('a'));
    expect(localStorage.getItem(COMPARE_STORAGE_KEY)).not.toBeNull();
    toggleCompared(item('a'));
    expect(localStorage.getItem(COMPARE_STORAGE_KEY)).toBeNull();
    expect(comparedProducts()).toEqual([]);
  });

  it('writes one shareable URL and reads it back in order, each slug once, at most four', () => {
    expect(compareHref(['a-1', 'b-2'])).toBe('/inquiry/compare?p=a-1%2Cb-2');
    expect(compareHref([])).toBe('/inquiry/compare');
    expect(slugsFromQuery(new URLSearchParams('p=b-2,a-1,b-2, c ,../x,d,e'))).toEqual(['b-2', 'a-1', 'c', 'd']);
    expect(slugsFromQuery(new URLSearchParams(''))).toEqual([]);
  });

  it('drops what it cannot read from storage', () => {
    localStorage.setItem(COMPARE_STORAGE_KEY, JSON.stringify([item('a'), { slug: 3 }, 'x']));
    expect(comparedProducts().map((entry) => entry.slug)).toEqual(['a']);
    localStorage.setItem(COMPARE_STORAGE_KEY, '{');
    expect(comparedProducts()).toEqual([]);
  });
});

describe('what the compare page shows', () => {
  const record = (slug: string, overrides: Partial<ComparedRecord> = {}): ComparedRecord => ({
    documentId: `doc-${slug}`,
    slug,
    name: `محصول ${slug}`,
    unit: 'kg',
    sale_unit: null,
    price: 100_000,
    illustrative: true,
    producer_name: null,
    attributes: null,
    price_history: null,
    sub_category: { path: 'rebar/kalaf', title: 'میلگرد کلاف' },
    producer: null,
    ...overrides,
  });

  it('compares the first product’s sub-category on the union of attribute keys, and names what it left out', () => {
    const { shown, left, keys, subCategoryTitle } = comparison([
      record('a', { attributes: { diameter_mm: 8, grade: 'A3', producer: 'x' } }),
      record('b', { attributes: { diameter_mm: 10, standard: 'ISIRI', grade: null } }),
      record('s', { sub_category: { path: 'sheet/hot', title: 'ورق' }, attributes: { thickness_mm: 2 } }),
    ]);
    expect(shown.map((product) => product.slug)).toEqual(['a', 'b']);
    expect(left.map((product) => product.slug)).toEqual(['s']);
    expect(keys).toEqual(['diameter_mm', 'grade', 'standard']);
    expect(subCategoryTitle).toBe('میلگرد کلاف');
  });

  it('takes the change against the previous day of the price history, as the catalogue does', () => {
    const history = [
      { date: '2026-02-27', price: 90_000 },
      { date: '2026-02-28', price: 80_000 },
      { date: '2026-03-01', price: 100_000 },
    ];
    expect(dailyPriceChange(record('a', { price: '100000', price_history: history }))).toEqual({
      amount: 20_000,
      percent: 25,
      direction: 'rising',
    });
    expect(dailyPriceChange(record('a', { price_history: history.slice(0, 1) }))).toBeNull();
  });
});

describe('«مقایسه» on a listing row', () => {
  function renderRows(products: SlotProduct[]) {
    const { context } = renderInShell(
      <>
        <CompareCounter />
        {products.map((product) => (
          <CompareToggle key={product.slug} product={product} />
        ))}
      </>,
      { user: null },
    );
    const toasts: ToastInput[] = [];
    context.bus.on('toast:add', (toast) => toasts.push(toast));
    return { toasts };
  }

  it('toggles a product in and out, links to the comparison and counts in the header', () => {
    renderRows([slotProduct('a'), slotProduct('b')]);
    const toggleA = screen.getByRole('button', { name: 'مقایسهٔ «محصول a»' });
    expect(toggleA).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByRole('link')).toBeNull();
    fireEvent.click(toggleA);
    fireEvent.click(screen.getByRole('button', { name: 'مقایسهٔ «محصول b»' }));
    expect(toggleA).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('link', { name: 'مقایسهٔ محصولات، ۲ محصول' })).toHaveAttribute(
      'href',
      '/inquiry/compare?p=a%2Cb',
    );
    expect(screen.getAllByRole('link', { name: 'دیدن مقایسهٔ ۲ محصول' })).toHaveLength(2);
    fireEvent.click(toggleA);
    expect(toggleA).toHaveAttribute('aria-pressed', 'false');
    expect(JSON.parse(localStorage.getItem(COMPARE_STORAGE_KEY) ?? '[]')).toEqual([item('b')]);
  });

  it('refuses a product of another sub-category with a Persian reason, and keeps the list', () => {
    const { toasts } = renderRows([
      slotProduct('a'),
      slotProduct('s', { subCategory: 'sheet/hot', path: '/sheet/hot/s' }),
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'مقایسهٔ «محصول a»' }));
    fireEvent.click(screen.getByRole('button', { name: 'مقایسهٔ «محصول s»' }));
    expect(toasts).toHaveLength(1);
    expect(toasts[0]?.description).toMatch(/فقط محصولات یک زیردسته/);
    expect(screen.getByRole('button', { name: 'مقایسهٔ «محصول s»' })).toHaveAttribute('aria-pressed', 'false');
  });
});
