import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, canonicalProductPath, useShell } from '@steel/shared';
import { priceBoardQuery } from '../../../entities/product/listing-queries';
import { PriceCells } from '../../../entities/product/price-cells';

/** A few products of every category with today's price and the change since yesterday: one small table per category. */
export function PriceBoard() {
  const { api } = useShell();
  const { data } = useSuspenseQuery(priceBoardQuery(api));
  return (
    <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" data-price-board>
      {data.categories.map((category) => (
        <li key={category.slug} className="min-w-0 rounded-lg border border-slate-200 dark:border-slate-700">
          <table className="w-full text-sm">
            <caption className="border-b border-slate-200 bg-slate-50 px-3 py-2 text-start dark:border-slate-700 dark:bg-slate-800">
              <span className="flex flex-wrap items-center justify-between gap-2">
                <Link
                  to={`/${category.slug}`}
                  className="font-semibold text-primary-800 hover:underline dark:text-primary-300"
                >
                  قیمت {category.title}
                </Link>
                <Link
                  to={`/${category.slug}?view=prices`}
                  className="inline-flex min-h-11 items-center text-xs text-primary-700 underline md:min-h-0 dark:text-primary-300"
                  data-price-table-link
                >
                  جدول قیمت روز<span className="sr-only"> {category.title}</span>
                </Link>
              </span>
            </caption>
            <thead className="sr-only">
              <tr>
                <th scope="col">محصول</th>
                <th scope="col">قیمت (تومان، نمایشی)</th>
                <th scope="col">تغییر نسبت به روز قبل</th>
              </tr>
            </thead>
            <tbody>
              {category.products.map((product) => (
                <tr
                  key={product.slug}
                  className="border-t border-slate-100 first:border-t-0 dark:border-slate-800"
                  data-product={product.slug}
                >
                  <th scope="row" className="p-2 text-start font-normal sm:px-3">
                    <Link to={canonicalProductPath(product) ?? `/product/${product.slug}`} className="hover:underline">
                      {product.name}
                    </Link>
                  </th>
                  <PriceCells
                    product={product}
                    className={{ price: 'p-2 text-end', change: 'w-16 p-2 text-end sm:px-3' }}
                  />
                </tr>
              ))}
            </tbody>
          </table>
        </li>
      ))}
    </ul>
  );
}
