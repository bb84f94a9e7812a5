/**
 * Sale units (a branch, a sheet, a coil, a tonne…): what one weighs and costs, from a product's
 * attributes and its price per kg. In the kit because every app that shows a quantity of steel —
 * the catalogue's product page, an inquiry basket — must compute the same figures.
 */
type Attributes = Record<string, string | number | null> | null | undefined;

/** A product's price fields as the CMS holds them. */
export interface SaleUnitProduct {
  /** The unit `price` is per. */
  unit: string;
  sale_unit: string | null;
  /** Rial per `unit`; null when given on request. */
  price: number | null;
  attributes: Attributes;
}

const UNIT_FA: Record<string, string> = {
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
export const unitLabelFa = (unit: string) => UNIT_FA[unit] ?? unit;

/** The price of one sale unit (a branch, a sheet, a tonne…) derived from the price per kg. */
export interface SaleUnitPrice {
  saleUnit: string;
  /** Kilograms in one sale unit, as the attributes give them. */
  kgPerSaleUnit: number;
  /** Rial per sale unit, rounded to a whole rial. */
  rial: number;
}

/**
 * A weight or length the data states plainly: a number, or a numeric text (`"12"`). Values the
 * domain data marks as uncertain (`"1.77 ⚠"`, `"≈ 24 ⚠"`) or ranges (`"6-12"`) give no figure:
 * a per-unit price must not look more certain than its data.
 */
function plainNumber(value: unknown): number | null {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(value)
        ? Number(value)
        : NaN;
  return Number.isFinite(n) && n > 0 ? n : null;
}

const product = (a: number | null, b: number | null) => (a !== null && b !== null ? a * b : null);

/** `"1.25×2.5"` (metres) → 3.125 m². */
function sheetArea(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const sides = value.split(/[×x*]/).map((side) => plainNumber(side));
  return sides.length === 2 ? product(sides[0] ?? null, sides[1] ?? null) : null;
}

/** Kilograms in one sale unit, from the attributes that say so; null where they do not. */
export function kgPerSaleUnit(saleUnit: string, attributes: Attributes): number | null {
  const a = (key: string) => plainNumber(attributes?.[key]);
  const perMetre = () => product(a('weight_per_m_kg'), a('length_m'));
  switch (saleUnit) {
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

/**
 * The price per sale unit where the data allows it: prices are per kg, so a product sold by the
 * branch costs price × weight per metre × length (or × the branch's stated weight). Null when
 * the product is priced by its sale unit already, has no price, or its weights are not plain.
 */
export function saleUnitPrice({ unit, sale_unit: saleUnit, price, attributes }: SaleUnitProduct): SaleUnitPrice | null {
  const rialPerKg = Number(price);
  if (unit !== 'kg' || !saleUnit || saleUnit === unit || !Number.isFinite(rialPerKg) || rialPerKg <= 0) return null;
  const kg = kgPerSaleUnit(saleUnit, attributes);
  return kg === null ? null : { saleUnit, kgPerSaleUnit: kg, rial: Math.round(rialPerKg * kg) };
}
