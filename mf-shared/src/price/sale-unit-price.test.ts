import { kgPerSaleUnit, saleUnitPrice } from './sale-unit-price';

describe('saleUnitPrice', () => {
  it('prices a branch from its weight per metre × its length when no branch weight is given', () => {
    // تسمه ۳۰×۳ (catalogue.json): 0.706 kg/m × 6 m at 395,000 rial/kg.
    const price = saleUnitPrice({
      unit: 'kg',
      sale_unit: 'branch',
      price: 395000,
      attributes: { width_mm: 30, weight_per_m_kg: 0.706, length_m: 6 },
    });
    expect(price).toEqual({ saleUnit: 'branch', kgPerSaleUnit: 0.706 * 6, rial: Math.round(395000 * 0.706 * 6) });
  });

  it("prefers the branch's stated weight (the mill's table) to the computed one", () => {
    const price = saleUnitPrice({
      unit: 'kg',
      sale_unit: 'branch',
      price: 338000,
      attributes: { weight_per_m_kg: 0.888, length_m: 12, branch_weight_kg: 10.66 },
    });
    expect(price?.kgPerSaleUnit).toBe(10.66);
    expect(price?.rial).toBe(Math.round(338000 * 10.66));
  });

  it('prices a tonne as 1000 kg and a sheet from its area × weight per m²', () => {
    expect(saleUnitPrice({ unit: 'kg', sale_unit: 'tonne', price: 300000, attributes: {} })?.rial).toBe(300_000_000);
    expect(kgPerSaleUnit('sheet', { weight_per_m2_kg: 16, sheet_size_m: '1.25×2.5' })).toBe(50);
  });

  it('accepts a plain numeric text but not an uncertain value or a range', () => {
    expect(kgPerSaleUnit('branch', { weight_per_m_kg: 2, length_m: '12' })).toBe(24);
    expect(kgPerSaleUnit('branch', { weight_per_m_kg: '1.77 ⚠', length_m: 6 })).toBeNull();
    expect(kgPerSaleUnit('branch', { weight_per_m_kg: 2, length_m: '6-12' })).toBeNull();
    expect(kgPerSaleUnit('sheet', { weight_per_sheet_kg: '≈ 1.6 ⚠' })).toBeNull();
  });

  it('gives nothing when the product is sold by its pricing unit, has no price, or lacks the weights', () => {
    expect(saleUnitPrice({ unit: 'kg', sale_unit: 'kg', price: 345000, attributes: {} })).toBeNull();
    expect(
      saleUnitPrice({ unit: 'kg', sale_unit: 'branch', price: 0, attributes: { branch_weight_kg: 10 } }),
    ).toBeNull();
    expect(
      saleUnitPrice({
        unit: 'kg',
        sale_unit: 'branch',
        price: 395000,
        attributes: { length_m: 'سفارشی', weight_per_m_kg: 1 },
      }),
    ).toBeNull();
    expect(saleUnitPrice({ unit: 'kg', sale_unit: 'meter', price: 395000, attributes: {} })).toBeNull();
  });
});
