import { slotProduct } from '../../testing/slot-products';
import {
  addToBasket,
  basketLines,
  BASKET_STORAGE_KEY,
  MAX_BASKET_LINES,
  removeFromBasket,
  setQuantity,
} from './basket-store';
import { lineFigures } from './line-figures';
import { SLOT_CONDITION_EVENT } from '@steel/contract';

beforeEach(() => localStorage.clear());

describe('the inquiry basket', () => {
  it('keeps one line per product in localStorage, adding quantities to it', () => {
    expect(addToBasket(slotProduct('ir-12'), 2)).toBe(true);
    expect(addToBasket(slotProduct('ir-14'))).toBe(true);
    expect(addToBasket(slotProduct('ir-12'), 3)).toBe(true);
    expect(basketLines().map((line) => [line.product.slug, line.quantity])).toEqual([
      ['ir-12', 5],
      ['ir-14', 1],
    ]);
    expect(JSON.parse(localStorage.getItem(BASKET_STORAGE_KEY) ?? '[]')).toHaveLength(2);
    setQuantity('ir-14', 7);
    setQuantity('ir-14', 0); // not a quantity: the line keeps its last good one
    removeFromBasket('ir-12');
    expect(basketLines().map((line) => [line.product.slug, line.quantity])).toEqual([['ir-14', 7]]);
  });

  it("leaves no key once empty, and tells the page's slot hosts at each change (the header counter's condition)", () => {
    let announced = 0;
    const count = () => (announced += 1);
    window.addEventListener(SLOT_CONDITION_EVENT, count);
    addToBasket(slotProduct('ir-12'));
    expect(localStorage.getItem(BASKET_STORAGE_KEY)).not.toBeNull();
    removeFromBasket('ir-12');
    expect(localStorage.getItem(BASKET_STORAGE_KEY)).toBeNull();
    expect(basketLines()).toEqual([]);
    window.removeEventListener(SLOT_CONDITION_EVENT, count);
    expect(announced).toBe(2);
  });

  it('drops what it cannot read instead of breaking the page, and refuses a line past its limit', () => {
    localStorage.setItem(BASKET_STORAGE_KEY, '[{"product":{"slug":"ok"},"quantity":1},{"quantity":-1},"x"]');
    expect(basketLines().map((line) => line.product.slug)).toEqual(['ok']);
    localStorage.setItem(BASKET_STORAGE_KEY, 'not json');
    expect(basketLines()).toEqual([]);
    for (let i = 0; i < MAX_BASKET_LINES; i++) addToBasket(slotProduct(`p-${i}`));
    expect(addToBasket(slotProduct('one-more'))).toBe(false);
    expect(basketLines()).toHaveLength(MAX_BASKET_LINES);
  });
});

describe("a basket line's weight and indicative total", () => {
  it('follows the product page: a branch weighs its metres × weight per metre, priced per kg', () => {
    const figures = lineFigures(slotProduct('ir-12'), 10);
    expect(figures.kg).toBeCloseTo(0.888 * 12 * 10);
    expect(figures.rial).toBe(Math.round(395_000 * 0.888 * 12) * 10);
  });

  it('prices a product sold in the unit it is priced by, and gives no total without a price', () => {
    expect(lineFigures(slotProduct('t', { unit: 'tonne', saleUnit: 'tonne', price: 400_000_000 }), 2)).toEqual({
      kg: 2000,
      rial: 800_000_000,
    });
    expect(lineFigures(slotProduct('call', { price: null }), 2).rial).toBeNull();
  });
});
