import { useId, useMemo } from 'react';
import { useSuspenseQuery } from '@tanstack/react-query';
import {
  Link,
  PRICE_DIRECTIONS,
  PageHeader,
  PriceChangeIndicator,
  documentTitle,
  formatNumber,
  formatPersianDateTime,
  secondaryButton,
  useHydrated,
  useShell,
  type BreadcrumbItem,
} from '@steel/shared';
import { EmptyListing, ListingFilters } from '../../entities/product/listing/listing-controls';
import {
  listingSearch,
  toggleFilter,
  type ListingSort,
  type ListingState,
} from '../../entities/product/listing/listing-url';
import { TableDownloads } from '../../lib/table-export/table-downloads';
import { cmsPath } from '../../entities/product/product-queries';
import { priceTableQuery } from './price-table-query';
import { PRICE_TABLE_COLUMNS, priceTableRows, type PriceTableRow } from './price-table-rows';
import { PRICE_TABLE_PRINT_STYLE } from './price-table-print-style';

const SITE_NAME = documentTitle({ title: '' });
const cell = 'border-b border-slate-200 px-2 py-2 dark:border-slate-700';
const headCell = `${cell} sticky top-0 z-10 bg-slate-100 text-start font-semibold whitespace-nowrap dark:bg-slate-800`;

/** A column the table sorts by: which sort each click asks for, and how `aria-sort` names the current one. */
const SORTABLE = {
  name: {
    next: (): ListingSort => 'name',
    current: (sort: ListingSort | null) => (sort === 'name' ? 'ascending' : 'none'),
  },
  price: {
    next: (sort: ListingSort | null): ListingSort => (sort === 'price-asc' ? 'price-desc' : 'price-asc'),
    current: (sort: ListingSort | null) =>
      sort === 'price-asc' ? 'ascending' : sort === 'price-desc' ? 'descending' : 'none',
  },
} as const;

/**
 * Today's price table (جدول قیمت روز) of a category, group or sub-category: every product in one
 * real table — sortable by name and price from its headers, filtered as the listing is (a
 * sub-category's), scrolled inside itself on a phone with its header in view, printable as an A4
 * price list and downloadable as CSV or Excel with exactly these rows (docs/behaviour.md, "Price tables").
 */
export function PriceTableView({
  title,
  breadcrumb,
  treePath,
  attributes,
  state,
}: {
  title: string;
  breadcrumb: BreadcrumbItem[];
  /** `/rebar/kalaf`, `/sheet/coldplate`, `/rebar`. */
  treePath: string;
  /** The attributes the table filters by (a sub-category's; none for a category or group). */
  attributes: readonly string[];
  state: ListingState;
}) {
  const { api, navigate } = useShell();
  const { data: table } = useSuspenseQuery(priceTableQuery(api, treePath, state));
  const rows = useMemo(() => priceTableRows(table.products), [table.products]);
  const shown: ListingState = { filters: table.filters, sort: table.sort, page: 1, view: 'prices' };
  const hrefOf = (next: ListingState) => `${treePath}${listingSearch(next, attributes)}`;
  const hasFilters = Object.keys(shown.filters).length > 0;
  const captionId = useId();
  // The date on paper is the day it is printed: known once the page runs in the browser.
  const hydrated = useHydrated();
  const heading = `جدول قیمت روز ${title}`;

  return (
    <section data-price-table>
      <style>{PRICE_TABLE_PRINT_STYLE}</style>
      <div className="print:hidden">
        <PageHeader title={heading} breadcrumb={breadcrumb}>
          <p className="text-slate-600 dark:text-slate-300">
            قیمت امروز همهٔ محصولات {title} در یک جدول، با تغییر نسبت به روز قبل و ساعت آخرین تغییر (به وقت تهران).
          </p>
        </PageHeader>
      </div>
      <p className="hidden print:mb-2 print:block print:text-sm" data-print-heading>
        <strong>{SITE_NAME}</strong> — {heading}
        {hydrated && ` — ${formatPersianDateTime(new Date())}`}
      </p>
      <div data-price-table-controls className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600 dark:text-slate-300" role="status">
          {formatNumber(table.total)} محصول · قیمت‌ها به تومان و نمایشی (تقریبی) هستند
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <Link
            to={hrefOf({ ...shown, view: null })}
            className="text-sm text-primary-700 underline dark:text-primary-300"
          >
            نمایش کارتی
          </Link>
          <button type="button" className={`${secondaryButton} min-h-11 text-sm`} onClick={() => window.print()}>
            چاپ
          </button>
          <TableDownloads
            columns={PRICE_TABLE_COLUMNS}
            rows={rows}
            fileName={`price-table-${cmsPath(treePath).replace(/\//g, '-')}`}
            sheetName={heading}
            label={`دانلود ${heading}`}
          />
        </div>
      </div>
      {table.facets.length > 0 && (
        <details
          data-price-table-controls
          className="mb-3 rounded-lg border border-slate-200 p-3 dark:border-slate-700"
        >
          <summary className="min-h-11 cursor-pointer content-center font-semibold">
            فیلترها{hasFilters && ` (${formatNumber(Object.values(shown.filters).flat().length)})`}
          </summary>
          <ListingFilters
            facets={table.facets}
            selected={shown.filters}
            sort={shown.sort}
            hasFilters={hasFilters}
            onToggle={(attribute, value) => navigate(hrefOf(toggleFilter(shown, attribute, value)))}
            onClear={() => navigate(hrefOf({ ...shown, filters: {} }))}
          />
        </details>
      )}
      {table.total === 0 ? (
        <EmptyListing />
      ) : (
        // Scrolls inside itself (a phone keeps the page still). Positioned, so the screen-reader
        // texts in its cells (absolutely placed) stay inside it rather than widening the page.
        <div
          data-price-table-scroll
          className="relative max-h-[75vh] overflow-auto rounded-lg border border-slate-200 dark:border-slate-700"
          role="region"
          aria-labelledby={captionId}
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region: focused, the arrow keys scroll it (WCAG 2.1.1)
          tabIndex={0}
        >
          <table className="w-full min-w-[56rem] border-collapse text-sm">
            <caption id={captionId} className="sr-only">
              {heading}؛ {formatNumber(table.total)} محصول
            </caption>
            <thead>
              <tr>
                <SortableHeader label="محصول" column="name" sort={shown.sort} href={hrefOf} state={shown} />
                <th scope="col" className={headCell}>
                  سایز
                </th>
                <th scope="col" className={headCell}>
                  گرید
                </th>
                <th scope="col" className={headCell}>
                  تولیدکننده
                </th>
                <th scope="col" className={headCell}>
                  واحد
                </th>
                <SortableHeader
                  label="قیمت امروز (تومان)"
                  column="price"
                  sort={shown.sort}
                  href={hrefOf}
                  state={shown}
                />
                <th scope="col" className={headCell}>
                  تغییر
                </th>
                <th scope="col" className={headCell}>
                  آخرین تغییر
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <PriceRow key={row.slug} row={row} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function SortableHeader({
  label,
  column,
  sort,
  state,
  href,
}: {
  label: string;
  column: keyof typeof SORTABLE;
  sort: ListingSort | null;
  state: ListingState;
  href: (state: ListingState) => string;
}) {
  const current = SORTABLE[column].current(sort);
  const next = SORTABLE[column].next(sort);
  const arrow = current === 'ascending' ? '▲' : current === 'descending' ? '▼' : '↕';
  return (
    <th scope="col" className={headCell} aria-sort={current} data-sort-column={column}>
      <Link to={href({ ...state, sort: next })} className="inline-flex min-h-8 items-center gap-1 hover:underline">
        {label}
        <span aria-hidden="true" className="text-xs text-slate-500 print:hidden dark:text-slate-400">
          {arrow}
        </span>
        <span className="sr-only">
          (مرتب‌سازی{' '}
          {next === 'price-desc' ? 'از گران به ارزان' : next === 'price-asc' ? 'از ارزان به گران' : 'به ترتیب نام'})
        </span>
      </Link>
    </th>
  );
}

const valueText = (value: string | number | null) =>
  value === null ? '—' : typeof value === 'number' ? formatNumber(value) : value;

function PriceRow({ row }: { row: PriceTableRow }) {
  const direction = row.change?.direction ?? 'unchanged';
  return (
    <tr data-product={row.slug} className="even:bg-slate-50 dark:even:bg-slate-900">
      <th scope="row" className={`${cell} text-start font-normal`}>
        <Link to={row.href} className="text-primary-800 hover:underline dark:text-primary-300">
          {row.name}
        </Link>
      </th>
      <td className={cell}>
        <bdi>{valueText(row.size)}</bdi>
      </td>
      <td className={cell}>
        <bdi>{valueText(row.grade)}</bdi>
      </td>
      <td className={cell}>{valueText(row.producer)}</td>
      <td className={`${cell} whitespace-nowrap`}>{row.unit}</td>
      <td className={`${cell} whitespace-nowrap font-semibold`} data-price-toman={row.priceToman ?? ''}>
        {row.priceToman === null ? 'تماس بگیرید' : formatNumber(row.priceToman)}
      </td>
      <td className={`${cell} whitespace-nowrap`}>
        <PriceChangeIndicator change={row.change} since="نسبت به روز قبل" />{' '}
        <span aria-hidden="true" className="text-xs text-slate-600 dark:text-slate-400">
          {PRICE_DIRECTIONS[direction].word}
        </span>
      </td>
      <td className={`${cell} whitespace-nowrap`} data-changed-at={row.changedAt}>
        {formatPersianDateTime(row.changedAt)}
      </td>
    </tr>
  );
}
