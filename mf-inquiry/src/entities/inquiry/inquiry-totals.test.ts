import { indicativeLineTotal, quotedLineTotal, quoteTotals } from './inquiry-totals';
import { canAccept, canCancel, currentStatus } from './inquiry-status';

const line = (quantity: number | string, quoted: number | string | null) => ({
  quantity,
  quoted_unit_price: quoted,
});

describe("a quote's totals", () => {
  it('adds quantity × quoted price per sale unit, the shipping, and tax on both at the rate held with the quote', () => {
    const totals = quoteTotals({
      lines: [line(10, 4_210_000), line('2.5', '380000000')] as never,
      quoted_shipping: '25000000',
      tax_rate_percent: 10,
    });
    // 42 100 000 + 950 000 000 = 992 100 000; + 25 000 000 shipping; tax 10 % of 1 017 100 000.
    expect(totals).toEqual({
      lines: 992_100_000,
      shipping: 25_000_000,
      taxRatePercent: 10,
      tax: 101_710_000,
      total: 1_118_810_000,
    });
  });

  it('rounds a fractional line and the tax to the rial, and has no total while a line is unpriced', () => {
    expect(quotedLineTotal(line(1.333, 1000))).toBe(1333);
    expect(quoteTotals({ lines: [line(1, 333)] as never, quoted_shipping: null, tax_rate_percent: 9 })).toEqual({
      lines: 333,
      shipping: 0,
      taxRatePercent: 9,
      tax: 30,
      total: 363,
    });
    expect(
      quoteTotals({ lines: [line(1, 100), line(2, null)] as never, quoted_shipping: 0, tax_rate_percent: 10 }),
    ).toBeNull();
    expect(quoteTotals({ lines: [], quoted_shipping: 0, tax_rate_percent: 10 })).toBeNull();
  });
});

describe("a line's indicative total", () => {
  const base = { quantity: 10, sale_unit: 'branch', weight_kg: 106.56 };
  it('prices a product priced per kilogram or per tonne by its weight, one priced per sale unit by its count', () => {
    expect(indicativeLineTotal({ ...base, unit: 'kg', indicative_unit_price: 395_000 })).toBe(
      Math.round(395_000 * 106.56),
    );
    expect(indicativeLineTotal({ ...base, unit: 'tonne', indicative_unit_price: 400_000_000 })).toBe(42_624_000);
    expect(indicativeLineTotal({ ...base, sale_unit: 'sheet', unit: 'sheet', indicative_unit_price: '12000000' })).toBe(
      120_000_000,
    );
  });
  it('has none without a price, or for a unit neither a weight nor the sale unit', () => {
    expect(indicativeLineTotal({ ...base, unit: 'kg', indicative_unit_price: null })).toBeNull();
    expect(indicativeLineTotal({ ...base, unit: 'metre', indicative_unit_price: 1000 })).toBeNull();
  });
});

describe('what a buyer may do with an inquiry', () => {
  const now = new Date('2026-11-28T10:00:00Z');
  it('sees a quote past its expiry as expired, even before the CMS says so', () => {
    expect(currentStatus({ status: 'quoted', quote_expires_at: '2026-11-28T09:59:59Z' }, now)).toBe('expired');
    expect(currentStatus({ status: 'quoted', quote_expires_at: '2026-11-29T10:00:00Z' }, now)).toBe('quoted');
    expect(currentStatus({ status: 'sent', quote_expires_at: null }, now)).toBe('sent');
  });
  it('accepts only a live quote, and withdraws only what is not settled', () => {
    expect([canAccept('quoted'), canAccept('expired'), canAccept('sent')]).toEqual([true, false, false]);
    expect(['sent', 'quoted', 'accepted', 'expired', 'cancelled'].map((s) => canCancel(s as never))).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
  });
});
