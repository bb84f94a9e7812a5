import { Link, attributeLabelsFa, formatNumber, formatToman } from '@steel/shared';
import type { ProductSummary } from '../api/product-queries';

const UNIT_FA: Record<string, string> = { kg: 'کیلوگرم', tonne: 'تن', branch: 'شاخه', sheet: 'برگ', m2: 'متر مربع', roll: 'رول', coil: 'کلاف', piece: 'عدد', meter: 'متر' };
export const unitLabelFa = (unit: string) => UNIT_FA[unit] ?? unit;

/** «۳۶٬۲۸۷ تومان / کیلوگرم», or «تماس بگیرید» without a price (persian-ui.md §8). */
export function PriceText({ rial, unit }: { rial: number | null; unit: string }) {
  if (!rial) return <>تماس بگیرید</>;
  return (
    <>
      {formatToman(rial)} <span className="text-slate-500 dark:text-slate-400">/ {unitLabelFa(unit)}</span>
    </>
  );
}

const attributeText = (value: string | number | null | undefined) => (typeof value === 'number' ? formatNumber(value) : (value ?? '—'));

/**
 * A sub-category's products as the CMS holds them: name, its listed attributes, price per unit.
 * The table scrolls inside its own box on narrow screens. Prices are illustrative (labelled).
 */
export function ProductTable({ products, total, basePath, attributes }: { products: ProductSummary[]; total: number; basePath: string; attributes: string[] }) {
  if (products.length === 0) return <p className="rounded-md bg-slate-100 p-4 text-slate-700 dark:bg-slate-800 dark:text-slate-200">داده‌ای مطابق با جستجو یافت نشد</p>;
  const shown = attributes.filter((attribute) => attribute !== 'producer').slice(0, 4);
  return (
    <div>
      <p className="mb-2 text-sm text-slate-600 dark:text-slate-300">
        {formatNumber(total)} محصول · قیمت‌ها نمایشی (تقریبی) هستند
      </p>
      <div className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-700">
        <table className="w-full min-w-[36rem] text-sm">
          <caption className="sr-only">فهرست محصولات و قیمت روز</caption>
          <thead className="bg-slate-50 text-slate-700 dark:bg-slate-800 dark:text-slate-200">
            <tr>
              <th scope="col" className="p-3 text-start">نام محصول</th>
              {shown.map((attribute) => (
                <th key={attribute} scope="col" className="p-3 text-start">
                  {attributeLabelsFa[attribute] ?? attribute}
                </th>
              ))}
              <th scope="col" className="p-3 text-start">تولیدکننده</th>
              <th scope="col" className="p-3 text-start">قیمت (نمایشی)</th>
            </tr>
          </thead>
          <tbody>
            {products.map((product) => (
              <tr key={product.slug} className="border-t border-slate-200 dark:border-slate-700">
                <th scope="row" className="p-3 text-start font-medium">
                  <Link to={`${basePath}/${product.slug}`} className="text-primary-800 hover:underline dark:text-primary-300">
                    {product.name}
                  </Link>
                </th>
                {shown.map((attribute) => (
                  <td key={attribute} className="p-3">
                    {attributeText(product.attributes?.[attribute])}
                  </td>
                ))}
                <td className="p-3">{product.producer_name ?? '—'}</td>
                <td className="p-3 whitespace-nowrap" data-price-rial={product.price}>
                  <PriceText rial={product.price} unit={product.unit} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
