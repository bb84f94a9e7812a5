import { slotProduct } from '../../testing/slot-products';
import { MAX_BASKET_LINES, type BasketLine } from './basket-store';
import { sameLines, toBasketLines, unionOfBaskets } from './basket-merge';
import { basketToKeep } from './basket-sync';
import { basketWeight, inquiryLines, sendInquirySchema } from './send-inquiry-schema';

const basketLine = (slug: string, quantity: number): BasketLine => ({
  product: slotProduct(slug),
  quantity,
  addedAt: '2026-11-01T00:00:00.000Z',
});
const line = (product_slug: string, quantity: number) => ({ product_slug, quantity });

describe("merging the browser's basket into the account's", () => {
  it('keeps every product of either, the same product at the larger quantity, browser lines first', () => {
    expect(unionOfBaskets([line('a', 2), line('b', 5)], [line('c', 1), line('b', 7), line('a', 1)])).toEqual([
      line('a', 2),
      line('b', 7),
      line('c', 1),
    ]);
    expect(unionOfBaskets([], [line('c', 1)])).toEqual([line('c', 1)]);
  });

  it('stops at the basket limit and ignores a quantity that is not one', () => {
    const many = Array.from({ length: MAX_BASKET_LINES }, (_, i) => line(`p${i}`, 1));
    expect(unionOfBaskets(many, [line('extra', 1)])).toHaveLength(MAX_BASKET_LINES);
    expect(unionOfBaskets([line('a', 0)], [line('b', -1)])).toEqual([]);
  });

  it("defers to the account when the browser's copy was in step with one; merges anything else", () => {
    const local = [line('a', 3)];
    const account = [line('b', 1)];
    expect(basketToKeep({ user: '3', synced: true }, local, account)).toEqual(account);
    expect(basketToKeep({ user: '3', synced: false }, local, account)).toEqual([line('a', 3), line('b', 1)]);
    expect(basketToKeep(null, local, account)).toEqual([line('a', 3), line('b', 1)]);
  });

  it('describes account lines with what the browser knows, else what the CMS found; drops what neither has', () => {
    const found = new Map([['c', slotProduct('c')]]);
    const lines = toBasketLines([line('a', 4), line('c', 1), line('gone', 2)], [basketLine('a', 2)], found);
    expect(lines.map((l) => [l.product.slug, l.quantity, l.addedAt === '2026-11-01T00:00:00.000Z'])).toEqual([
      ['a', 4, true],
      ['c', 1, false],
    ]);
  });

  it('tells equal baskets in any order apart from changed ones', () => {
    expect(sameLines([line('a', 1), line('b', 2)], [line('b', 2), line('a', 1)])).toBe(true);
    expect(sameLines([line('a', 1)], [line('a', 2)])).toBe(false);
    expect(sameLines([line('a', 1)], [])).toBe(false);
  });
});

describe('the send form', () => {
  it('asks for a province and at most 1000 characters of note, trimmed', () => {
    expect(sendInquirySchema.safeParse({ city_slug: '', note: '' }).error?.issues[0]?.message).toBe(
      'شهر محل تحویل را انتخاب کنید',
    );
    expect(sendInquirySchema.safeParse({ city_slug: 'tehran', note: 'x'.repeat(1001) }).success).toBe(false);
    expect(sendInquirySchema.parse({ city_slug: 'tehran', note: ` ${'x'.repeat(1000)} ` }).note).toHaveLength(1000);
  });

  it("sends each line's weight by the sale-unit rules, and weighs the basket", () => {
    const lines = [basketLine('a', 10), { ...basketLine('b', 2), product: { ...slotProduct('b'), attributes: {} } }];
    expect(inquiryLines(lines)).toEqual([
      { product_slug: 'a', quantity: 10, weight_kg: 106.56 },
      { product_slug: 'b', quantity: 2, weight_kg: 0 },
    ]);
    expect(basketWeight(lines)).toEqual({ kg: expect.closeTo(106.56, 5) as number, complete: false });
  });
});
