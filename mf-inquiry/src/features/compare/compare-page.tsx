import type { ReactNode } from 'react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { textParameter } from '@steel/contract';
import {
  Link,
  PageHeader,
  PriceChangeIndicator,
  TableScroller,
  formatNumber,
  formatToman,
  unitLabelFa,
  useShell,
  type PageDefinition,
  type PageUrl,
} from '@steel/shared';
import { attributeLabelFa } from '@steel/shared/attribute-labels';
import { MAX_COMPARED, compareHref, slugsFromQuery } from './compare-list';
import { comparedProductsQuery, comparison, dailyPriceChange, type ComparedRecord } from './compare-queries';

const TITLE = 'مقایسهٔ محصولات';
const linkText = 'text-primary-700 hover:underline dark:text-primary-300';
const linkInText = 'text-primary-700 underline underline-offset-2 dark:text-primary-300';
const cell = 'p-3 align-top';
// The row headings stay in view while the products' columns scroll under them (a phone shows one
// or two of four at a time).
const rowHeading =
  'sticky start-0 z-10 w-28 min-w-28 bg-slate-50 p-3 text-start font-normal text-slate-600 shadow-[inset_1px_0_0] shadow-slate-200 dark:bg-slate-800 dark:text-slate-300 dark:shadow-slate-700';

const pathOf = (product: ComparedRecord) =>
  product.sub_category ? `/${product.sub_category.path}/${product.slug}` : null;

const attributeText = (value: string | number | null | undefined) =>
  value === null || value === undefined || value === '' ? '—' : typeof value === 'number' ? formatNumber(value) : value;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <tr className="border-t border-slate-200 dark:border-slate-700">
      <th scope="row" className={rowHeading}>
        {label}
      </th>
      {children}
    </tr>
  );
}

function ComparePage({ url }: { url: PageUrl }) {
  const { api } = useShell();
  const slugs = slugsFromQuery(url.search);
  const { data: products } = useSuspenseQuery(comparedProductsQuery(api, slugs));
  const { shown, left, keys, subCategoryTitle } = comparison(products);
  const missing = slugs.length - products.length;
  return (
    // The table scrolls inside its own box (TableScroller), so four products never make the page
    // wider than a 360 px screen.
    <section className="flex flex-col gap-4">
      <PageHeader title={TITLE} breadcrumb={[{ label: TITLE }]}>
        <p className="text-slate-600 dark:text-slate-300">
          {subCategoryTitle
            ? `${formatNumber(shown.length)} محصول از «${subCategoryTitle}» کنار هم. قیمت‌ها نمایشی‌اند.`
            : 'تا چهار محصول از یک زیردسته را کنار هم ببینید: در فهرست محصولات «مقایسه» را بزنید.'}
        </p>
      </PageHeader>
      {(missing > 0 || left.length > 0) && (
        <p
          role="note"
          className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm dark:border-amber-700 dark:bg-slate-800"
        >
          {missing > 0 && `${formatNumber(missing)} محصول این پیوند دیگر در فهرست نیست. `}
          {left.length > 0 &&
            `${left.map((product) => `«${product.name}»`).join('، ')} از زیردستهٔ دیگری است و کنار گذاشته شد.`}
        </p>
      )}
      {shown.length === 0 ? (
        <p className="rounded-md border border-slate-200 p-4 dark:border-slate-700">
          محصولی برای مقایسه انتخاب نشده است.{' '}
          <Link to="/" className={linkInText}>
            دیدن محصولات
          </Link>
        </p>
      ) : (
        <TableScroller bordered label="جدول مقایسه؛ ستون‌ها به پهلو جابه‌جا می‌شوند">
          <table className="w-full text-sm" data-compare-table>
            <caption className="sr-only">مقایسهٔ مشخصات، قیمت، تغییر قیمت و تولیدکنندهٔ محصولات</caption>
            <thead>
              <tr>
                <td className="sticky start-0 z-10 bg-white p-3 dark:bg-slate-900" />
                {shown.map((product) => {
                  const path = pathOf(product);
                  const others = shown.filter((other) => other !== product).map((other) => other.slug);
                  return (
                    <th key={product.slug} scope="col" className="min-w-36 p-3 text-start align-top font-semibold">
                      {path ? (
                        <Link to={path} className={linkText}>
                          {product.name}
                        </Link>
                      ) : (
                        product.name
                      )}
                      <Link
                        to={compareHref(others)}
                        className="mt-1 block text-xs font-normal text-slate-600 underline dark:text-slate-300"
                        aria-label={`برداشتن «${product.name}» از مقایسه`}
                      >
                        برداشتن
                      </Link>
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody>
              <Row label="قیمت (نمایشی)">
                {shown.map((product) => (
                  <td key={product.slug} className={`${cell} font-semibold`} data-price-rial={product.price ?? ''}>
                    {product.price ? `${formatToman(product.price)} / ${unitLabelFa(product.unit)}` : 'تماس بگیرید'}
                  </td>
                ))}
              </Row>
              <Row label="تغییر نسبت به روز قبل">
                {shown.map((product) => (
                  <td key={product.slug} className={cell}>
                    <PriceChangeIndicator change={dailyPriceChange(product)} since="نسبت به روز قبل" />
                  </td>
                ))}
              </Row>
              <Row label="تولیدکننده">
                {shown.map((product) => (
                  <td key={product.slug} className={cell}>
                    {product.producer ? (
                      <Link to={`/factories/${product.producer.slug}`} className={linkText}>
                        {product.producer.name}
                      </Link>
                    ) : (
                      (product.producer_name ?? '—')
                    )}
                  </td>
                ))}
              </Row>
              {keys.map((key) => (
                <Row key={key} label={attributeLabelFa(key)}>
                  {shown.map((product) => (
                    <td key={product.slug} className={cell}>
                      <bdi>{attributeText(product.attributes?.[key])}</bdi>
                    </td>
                  ))}
                </Row>
              ))}
            </tbody>
          </table>
        </TableScroller>
      )}
    </section>
  );
}

/**
 * `/inquiry/compare?p=slug1,slug2`: up to four products of one sub-category side by side, public
 * and rendered on the server from the URL alone (shareable); a query-string page, so not indexed.
 */
export const comparePage: PageDefinition = {
  path: '/inquiry/compare',
  // Up to four slugs of at most 200 characters, comma-separated.
  query: [textParameter('p', { maxLength: MAX_COMPARED * 201 })],
  sample: '/inquiry/compare',
  data: (url, { api }) => [comparedProductsQuery(api, slugsFromQuery(url.search))],
  head: (url, read, { api }) => {
    const products = read(comparedProductsQuery(api, slugsFromQuery(url.search)));
    const { shown } = comparison(products);
    return {
      title: shown.length ? `${TITLE}: ${shown.map((product) => product.name).join('، ')}` : TITLE,
      description: 'مقایسهٔ مشخصات، قیمت و تولیدکنندهٔ محصولات فولادی کنار هم.',
      canonical: compareHref(slugsFromQuery(url.search)),
      noindex: true,
    };
  },
  Page: ComparePage,
};
