import { formatNumber, formatToman } from '@steel/shared';
import type { DailyChange } from '../api/listing-queries';

const percentText = (percent: number) => `${formatNumber(Math.abs(percent))}٪`;

/**
 * Change against the previous day: an arrow and colour for the eye (green up, red down), and
 * the same in words for screen readers and for anyone who does not tell red from green.
 */
export function PriceChange({ change }: { change: DailyChange | null }) {
  if (!change || change.delta === 0) {
    return (
      <span className="text-slate-500 dark:text-slate-400" data-change="none">
        <span aria-hidden="true">—</span>
        <span className="sr-only">بدون تغییر نسبت به روز قبل</span>
      </span>
    );
  }
  const up = change.delta > 0;
  const description = `${up ? 'افزایش' : 'کاهش'} ${percentText(change.percent)} (${formatToman(Math.abs(change.delta))}) نسبت به روز قبل`;
  return (
    <span
      className={`inline-flex items-center gap-1 whitespace-nowrap font-medium ${up ? 'text-green-700 dark:text-green-400' : 'text-red-700 dark:text-red-400'}`}
      data-change={up ? 'up' : 'down'}
      title={description}
    >
      <span aria-hidden="true">{up ? '▲' : '▼'}</span>
      <span aria-hidden="true">{percentText(change.percent)}</span>
      <span className="sr-only">{description}</span>
    </span>
  );
}
