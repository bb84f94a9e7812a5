/**
 * A price time series as a chart (lightweight-charts) plus a visually hidden table of the same
 * data for screen readers. Reused by the product page (90 days of a product's price) and the
 * exchange page (weighted-average prices): give it `{date, value}` points and the labels.
 *
 * The server renders the table and a fixed-height placeholder (nothing shifts when the chart
 * arrives); the chart library is a separate chunk, loaded after hydration and only once the chart
 * comes near the screen: on a phone it sits below the fold, and evaluating lightweight-charts
 * costs a slow phone ~200 ms the first screen does not need.
 */
import { Suspense, lazy, useEffect, useId, useMemo, useRef, useState } from 'react';
import { formatNumber, formatPersianDate, onceVisible, useHydrated } from '@steel/shared';
import { normalisePoints, type PricePoint } from './price-series';

export type { PricePoint } from './price-series';

const CanvasChart = lazy(() =>
  import(/* webpackChunkName: "price-chart" */ './canvas-chart').catch(() => ({
    // Without its code the chart is missing, never the page: the table still carries the data.
    default: () => (
      <p className="p-4 text-sm text-slate-600 dark:text-slate-300">نمودار بارگذاری نشد؛ صفحه را دوباره باز کنید.</p>
    ),
  })),
);

export interface PriceChartProps {
  /** One value per day (`YYYY-MM-DD`); order and duplicates do not matter. */
  points: readonly PricePoint[];
  /** The chart's visible title, also the hidden table's caption. */
  title: string;
  /** The value column's header in the table (unit included), e.g. «قیمت (تومان / کیلوگرم)». */
  valueLabel: string;
  /** A value as the readout and the table show it (unit included); default: Persian digits. */
  formatValue?: (value: number) => string;
  /** A value on the price axis (short: no unit); default: Persian digits, rounded. */
  formatAxisValue?: (value: number) => string;
  /** Height of the chart in pixels; the placeholder has the same. */
  height?: number;
}

const roundedNumber = (value: number) => formatNumber(Math.round(value));

/**
 * How far below the screen the chart starts loading. Small: on a phone the chart is a few hundred
 * pixels below the first screen, and its library (~53 KB gzip, ~300 ms of a throttled phone's
 * main thread) loaded at start-up then; the placeholder shows for the moment it takes.
 */
const LOAD_MARGIN = '100px';

/**
 * False on the server, during hydration and while the element is far from the screen; true from
 * the first time it comes within `LOAD_MARGIN` of it (and for good).
 */
function useNearScreen<T extends Element>() {
  const ref = useRef<T>(null);
  const [seen, setSeen] = useState(false);
  const hydrated = useHydrated();
  // Without IntersectionObserver there is no telling: near as soon as hydrated.
  const near = seen || (hydrated && typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    return onceVisible(element, () => setSeen(true), { margin: LOAD_MARGIN });
  }, [near]);
  return [ref, near] as const;
}

/** The box the chart will fill: its background pulses, not its text (fading text would be too faint to read). */
function ChartPlaceholder() {
  return (
    <div
      role="status"
      className="relative flex h-full items-center justify-center text-sm text-slate-600 dark:text-slate-300"
    >
      <span
        aria-hidden="true"
        className="absolute inset-0 rounded-md bg-slate-100 motion-safe:animate-pulse dark:bg-slate-800"
      />
      <span className="relative">در حال بارگذاری نمودار…</span>
    </div>
  );
}

export function PriceChart({
  points,
  title,
  valueLabel,
  formatValue = formatNumber,
  formatAxisValue = roundedNumber,
  height = 280,
}: PriceChartProps) {
  const normalised = useMemo(() => normalisePoints(points), [points]);
  const [chartBox, nearScreen] = useNearScreen<HTMLDivElement>();
  const titleId = useId();
  if (normalised.length === 0) return null;
  const first = normalised[0];
  const last = normalised[normalised.length - 1];
  const label = `${title}، از ${formatPersianDate(first?.date)} تا ${formatPersianDate(last?.date)}؛ با کلیدهای جهت‌نما روزها را مرور کنید`;
  return (
    <figure aria-labelledby={titleId} className="my-6">
      <figcaption id={titleId} className="mb-2 font-semibold">
        {title}
      </figcaption>
      <div ref={chartBox} style={{ height }} data-price-chart>
        {nearScreen ? (
          <Suspense fallback={<ChartPlaceholder />}>
            <CanvasChart
              points={normalised}
              label={label}
              height={height}
              formatValue={formatValue}
              formatAxisValue={formatAxisValue}
            />
          </Suspense>
        ) : (
          <ChartPlaceholder />
        )}
      </div>
      {/* The chart's figures for screen readers. `sr-only` sits on a wrapper, not the table: a
          table ignores `width: 1px` and stuck out past a 360 px screen's edge (RTL: to the left),
          which made phones zoom the whole page out. */}
      <div className="sr-only">
        <table data-price-history>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">تاریخ</th>
              <th scope="col">{valueLabel}</th>
            </tr>
          </thead>
          <tbody>
            {normalised.map((point) => (
              <tr key={point.date}>
                <th scope="row">{formatPersianDate(point.date)}</th>
                <td>{formatValue(point.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
