/**
 * Today's price table of a category, group or sub-category (docs/behaviour.md, "Price tables"):
 * one row per product with what a buyer compares — size, grade, producer, unit, today's price in
 * toman, the change against the previous day, and when the price was last written (Tehran time).
 * The screen and both downloads read these rows and `PRICE_TABLE_COLUMNS`: a file holds exactly
 * what the table shows.
 */
import {
  PRICE_DIRECTIONS,
  canonicalProductPath,
  formatPersianDateTime,
  priceChangeFrom,
  rialToToman,
  unitLabelFa,
  type PriceChange,
} from '@steel/shared';
import { allSubcategoryPaths } from '../../entities/category/category-tree';
import type { ListedProduct } from '../../entities/product/listing-queries';
import type { ExportColumn } from '../../lib/table-export/table-export';

/** A product of a price table as the CMS lists it: a listed product with its sub-category's path. */
export type PriceTableProduct = Omit<ListedProduct, 'image'> & { sub_category: { path: string } | null };

export interface PriceTableRow {
  slug: string;
  /** The product's page. */
  href: string;
  name: string;
  /** A single dimension as a number (`12`), several as text (`40 × 5`); null when the product has none. */
  size: number | string | null;
  grade: string | null;
  producer: string | null;
  /** The unit's Persian name (kilogram, branch, sheet…). */
  unit: string;
  /** Toman per unit; null = «call us». */
  priceToman: number | null;
  change: PriceChange | null;
  /** When the CMS last wrote the product's price (ISO). */
  changedAt: string;
}

/**
 * The attributes that make a product's size: its lengths in millimetres or inches and named sizes
 * (`diameter_mm`, `outer_diameter_inch`, `size`) — not its length in metres or weights.
 */
const isSizeAttribute = (attribute: string) =>
  /(_mm|_inch)$/.test(attribute) || attribute === 'size' || attribute === 'profile';

const attributesByPath = new Map(
  allSubcategoryPaths().map(({ path, subcategory }) => [path.slice(1), subcategory.attributes]),
);

/** A product's size from its sub-category's size attributes, in the sub-category's order. */
export function sizeOf(attributes: ListedProduct['attributes'], listed: readonly string[]): number | string | null {
  const values = listed
    .filter(isSizeAttribute)
    .map((attribute) => attributes?.[attribute])
    .filter((value): value is string | number => value !== null && value !== undefined && value !== '');
  if (values.length === 0) return null;
  if (values.length === 1) {
    const [only] = values;
    return typeof only === 'number' ? only : (only ?? null);
  }
  return values.join(' × ');
}

const textOf = (value: string | number | null | undefined) =>
  value === null || value === undefined || value === '' ? null : String(value);

export function priceTableRows(products: readonly PriceTableProduct[]): PriceTableRow[] {
  return products.map((product) => {
    const path = product.sub_category?.path ?? '';
    return {
      slug: product.slug,
      href: canonicalProductPath(product) ?? `/product/${product.slug}`,
      name: product.name,
      size: sizeOf(product.attributes, attributesByPath.get(path) ?? []),
      grade: textOf(product.attributes?.['grade']),
      producer: product.producer?.name ?? product.producer_name,
      unit: unitLabelFa(product.unit),
      priceToman: product.price ? rialToToman(product.price) : null,
      change: priceChangeFrom(product.change),
      changedAt: product.updatedAt,
    };
  });
}

/** The change in toman, signed: what a spreadsheet adds up. */
const changeToman = (row: PriceTableRow) => (row.change ? rialToToman(row.change.amount) : null);

/** The columns of the table and of its files, in reading order, with their Persian headers. */
export const PRICE_TABLE_COLUMNS: readonly ExportColumn<PriceTableRow>[] = [
  { header: 'محصول', value: (row) => row.name, width: 40 },
  { header: 'سایز', value: (row) => row.size, width: 12 },
  { header: 'گرید', value: (row) => row.grade, width: 12 },
  { header: 'تولیدکننده', value: (row) => row.producer, width: 22 },
  { header: 'واحد', value: (row) => row.unit, width: 10 },
  { header: 'قیمت امروز (تومان)', value: (row) => row.priceToman, width: 18 },
  { header: 'تغییر', value: (row) => PRICE_DIRECTIONS[row.change?.direction ?? 'unchanged'].word, width: 12 },
  { header: 'تغییر (تومان)', value: changeToman, width: 14 },
  { header: 'تغییر (درصد)', value: (row) => row.change?.percent ?? null, width: 12 },
  { header: 'آخرین تغییر (به وقت تهران)', value: (row) => formatPersianDateTime(row.changedAt), width: 28 },
];
