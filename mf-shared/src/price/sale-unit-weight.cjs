'use strict';

/**
 * What one sale unit (a branch, a sheet, a coil, a tonne…) weighs, from a product's attributes, and
 * the units' Persian names. Plain CommonJS because the CMS runs it too (an inquiry's limits are
 * weights): the apps import it through sale-unit-price.ts, the CMS requires this file.
 */

const UNIT_FA = {
  kg: 'کیلوگرم',
  tonne: 'تن',
  branch: 'شاخه',
  sheet: 'برگ',
  m2: 'متر مربع',
  roll: 'رول',
  coil: 'کلاف',
  piece: 'عدد',
  meter: 'متر',
};

/** A unit's Persian name (`branch` → «شاخه»); an unknown unit as it is. */
const unitLabelFa = (unit) => UNIT_FA[unit] ?? unit;

/**
 * A weight or length the data states plainly: a number, or a numeric text (`"12"`). Values the
 * domain data marks as uncertain (`"1.77 ⚠"`, `"≈ 24 ⚠"`) or ranges (`"6-12"`) give no figure:
 * a per-unit figure must not look more certain than its data.
 */
function plainNumber(value) {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(value)
        ? Number(value)
        : NaN;
  return Number.isFinite(n) && n > 0 ? n : null;
}

const product = (a, b) => (a !== null && b !== null ? a * b : null);

/** `"1.25×2.5"` (metres) → 3.125 m². */
function sheetArea(value) {
  if (typeof value !== 'string') return null;
  const sides = value.split(/[×x*]/).map((side) => plainNumber(side));
  return sides.length === 2 ? product(sides[0] ?? null, sides[1] ?? null) : null;
}

/** Kilograms in one sale unit, from the attributes that say so; null where they do not. */
function kgPerSaleUnit(saleUnit, attributes) {
  const a = (key) => plainNumber(attributes?.[key]);
  const perMetre = () => product(a('weight_per_m_kg'), a('length_m'));
  switch (saleUnit) {
    case 'kg':
      return 1;
    case 'tonne':
      return 1000;
    case 'branch':
      return a('branch_weight_kg') ?? perMetre();
    case 'piece':
      return a('weight_per_piece_kg') ?? perMetre();
    case 'sheet':
      return a('weight_per_sheet_kg') ?? product(a('weight_per_m2_kg'), sheetArea(attributes?.['sheet_size_m']));
    case 'coil':
      return a('coil_weight_kg');
    case 'roll':
      return a('roll_weight_kg');
    case 'm2':
      return a('weight_per_m2_kg');
    case 'meter':
      return a('weight_per_m_kg');
    default:
      return null;
  }
}

/** The unit a product is asked for in: its sale unit (branch, sheet, coil, tonne…), else the unit it is priced by. */
const quantityUnit = (item) => item.sale_unit || item.unit;

/** Kilograms in one unit of what is asked for (`quantityUnit`); null where the data gives no plain figure. */
const kgPerQuantityUnit = (item) => kgPerSaleUnit(quantityUnit(item), item.attributes);

module.exports = { UNIT_FA, unitLabelFa, kgPerSaleUnit, quantityUnit, kgPerQuantityUnit };
