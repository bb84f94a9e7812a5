import { estimatedLineTotal, estimatedOrderTotal, saleUnitName } from './order-lines';

describe('order lines', () => {
  it('estimates lines counted by weight: quantity × kg per unit × rial per kg', () => {
    expect(estimatedLineTotal({ quantity: 2, sale_unit: 'tonne', unit_price: '345000' })).toBe(690_000_000);
    expect(estimatedLineTotal({ quantity: '150', sale_unit: 'kg', unit_price: 400000 })).toBe(60_000_000);
  });

  it('leaves lines counted in branches, sheets… and lines without a price to the proforma', () => {
    expect(estimatedLineTotal({ quantity: 20, sale_unit: 'branch', unit_price: 345000 })).toBeNull();
    expect(estimatedLineTotal({ quantity: 1, sale_unit: 'tonne', unit_price: null })).toBeNull();
    expect(estimatedLineTotal({ quantity: 1, sale_unit: 'tonne', unit_price: 0 })).toBeNull();
  });

  it('sums what it can and says whether the sum is the whole order', () => {
    expect(
      estimatedOrderTotal([
        { quantity: 1, sale_unit: 'tonne', unit_price: 1000 },
        { quantity: 1, sale_unit: 'kg', unit_price: 1000 },
      ]),
    ).toEqual({ total: 1_001_000, complete: true });
    expect(
      estimatedOrderTotal([
        { quantity: 1, sale_unit: 'tonne', unit_price: 1000 },
        { quantity: 3, sale_unit: 'sheet', unit_price: 1000 },
      ]),
    ).toEqual({ total: 1_000_000, complete: false });
    expect(estimatedOrderTotal([])).toEqual({ total: 0, complete: false });
  });

  it('names sale units in Persian', () => {
    expect(saleUnitName('branch')).toBe('شاخه');
    expect(saleUnitName('m2')).toBe('متر مربع');
    expect(saleUnitName(null)).toBe('');
  });
});
