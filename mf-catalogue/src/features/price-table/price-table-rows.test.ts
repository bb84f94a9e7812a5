import { PRICE_TABLE_COLUMNS, priceTableRows, sizeOf, type PriceTableProduct } from './price-table-rows';
import { tableCsv } from '../../lib/table-export/table-export';

const product = (overrides: Partial<PriceTableProduct>): PriceTableProduct => ({
  documentId: 'd1',
  slug: 'kalaf-12-a3',
  name: 'میلگرد کلاف ۱۲ A3',
  unit: 'kg',
  sale_unit: null,
  price: 362_870,
  illustrative: true,
  producer_name: 'ذوب آهن اصفهان',
  producer: null,
  attributes: { diameter_mm: 12, grade: 'A3', length_m: 12, weight_per_m_kg: 0.888 },
  updatedAt: '2026-11-29T06:45:00.000Z',
  change: { previous: 360_000, delta: 2_870, percent: 0.8 },
  sub_category: { path: 'rebar/kalaf' },
  ...overrides,
});

describe("today's price table", () => {
  it("a row: the product's page, its size and grade, producer, unit, price in toman, change and hour", () => {
    const [row] = priceTableRows([product({})]);
    expect(row).toEqual({
      slug: 'kalaf-12-a3',
      href: '/rebar/kalaf/kalaf-12-a3',
      name: 'میلگرد کلاف ۱۲ A3',
      size: 12,
      grade: 'A3',
      producer: 'ذوب آهن اصفهان',
      unit: 'کیلوگرم',
      priceToman: 36_287,
      change: { amount: 2_870, percent: 0.8, direction: 'rising' },
      changedAt: '2026-11-29T06:45:00.000Z',
    });
    // 06:45 UTC is 10:15 in Tehran.
    expect(PRICE_TABLE_COLUMNS.map((column) => column.value(row!))).toEqual([
      'میلگرد کلاف ۱۲ A3',
      12,
      'A3',
      'ذوب آهن اصفهان',
      'کیلوگرم',
      36_287,
      'افزایش',
      287,
      0.8,
      '۸ آذر ۱۴۰۵ ساعت ۱۰:۱۵',
    ]);
  });

  it('«call us» and no change: empty price, «no change»; the linked producer is named as the CMS names it', () => {
    const [row] = priceTableRows([
      product({ price: null, change: null, producer: { slug: 'esfahan', name: 'ذوب‌آهن اصفهان' } }),
    ]);
    expect(row?.priceToman).toBeNull();
    expect(PRICE_TABLE_COLUMNS[6]!.value(row!)).toBe('بدون تغییر');
    expect(row?.producer).toBe('ذوب‌آهن اصفهان');
  });

  it("size: the sub-category's dimensions in its order, a lone one as a number", () => {
    expect(sizeOf({ width_mm: 40, thickness_mm: 5, length_m: 6 }, ['width_mm', 'thickness_mm', 'length_m'])).toBe(
      '40 × 5',
    );
    expect(sizeOf({ size: 'IPE 14', grade: 'St37' }, ['size', 'grade'])).toBe('IPE 14');
    expect(sizeOf({ grade: 'A3' }, ['grade'])).toBeNull();
  });

  it('the CSV holds the rows as the table shows them, Persian headers first', () => {
    const csv = tableCsv(PRICE_TABLE_COLUMNS, priceTableRows([product({})]));
    const [header, line] = csv.slice(1).split('\r\n');
    expect(header).toBe(
      'محصول,سایز,گرید,تولیدکننده,واحد,قیمت امروز (تومان),تغییر,تغییر (تومان),تغییر (درصد),آخرین تغییر (به وقت تهران)',
    );
    expect(line).toBe('میلگرد کلاف ۱۲ A3,12,A3,ذوب آهن اصفهان,کیلوگرم,36287,افزایش,287,0.8,۸ آذر ۱۴۰۵ ساعت ۱۰:۱۵');
  });
});
