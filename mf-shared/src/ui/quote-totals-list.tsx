import type { ReactNode } from 'react';
import { formatNumber, formatToman } from '@steel/shared/remote-core';
import type { QuoteTotals } from '../price/quote-totals.cjs';

/**
 * A quote's totals as a pro-forma states them — lines, shipping, tax at its rate, the total — one
 * list for every page that shows a quoted price: the pro-forma and the order an accepted quote made.
 * `children` follow the total (a validity date). Data attributes go on the list.
 */
export function QuoteTotalsList({
  totals,
  className = '',
  children,
  ...data
}: {
  totals: QuoteTotals;
  className?: string;
  children?: ReactNode;
} & { [attribute: `data-${string}`]: string | number | null | undefined }) {
  const rule = 'border-t border-slate-400 pt-1 font-bold dark:border-slate-500';
  return (
    <dl className={`grid max-w-sm grid-cols-[1fr_auto] gap-x-4 gap-y-1 ${className}`} {...data}>
      <dt>جمع اقلام</dt>
      <dd>{formatToman(totals.lines)}</dd>
      <dt>هزینهٔ حمل</dt>
      <dd>{formatToman(totals.shipping)}</dd>
      <dt>مالیات بر ارزش افزوده ({formatNumber(totals.taxRatePercent)}٪)</dt>
      <dd>{formatToman(totals.tax)}</dd>
      <dt className={rule}>مبلغ کل</dt>
      <dd className={rule}>{formatToman(totals.total)}</dd>
      {children}
    </dl>
  );
}
