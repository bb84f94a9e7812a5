/**
 * The drawn chart (lightweight-charts), loaded only in the browser after hydration: its own
 * chunk, never in a page's first JS. Persian dates on the time axis and in the readout, Persian
 * digits on the price axis; the readout follows the pointer (crosshair) and the keyboard (the
 * chart is focusable: arrow keys move one day, Home/End jump to the ends).
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import {
  AreaSeries,
  ColorType,
  TickMarkType,
  createChart,
  type IChartApi,
  type ISeriesApi,
  type MouseEventParams,
  type Time,
} from 'lightweight-charts';
import { formatPersianDate, formatPersianDayMonth, useColourMode } from '@steel/shared';
import { chartColours, type ChartColours } from './chart-colours';
import { dayToTimestamp, timeToDate, toChartPoints, type PricePoint } from './price-series';

export interface CanvasChartProps {
  /** Normalised points (oldest first, one per day). */
  points: readonly PricePoint[];
  /** Names the chart for assistive technology: what it shows and how to move through it. */
  label: string;
  height: number;
  formatValue: (value: number) => string;
  formatAxisValue: (value: number) => string;
}

// Ticks fall on Gregorian day, month and year starts: a Persian day and month reads right on any
// of them (a Persian month name alone would sit on the wrong day); a year start shows the year too.
const tickMark = (time: Time, type: TickMarkType) =>
  type === TickMarkType.Year ? formatPersianDate(timeToDate(time)) : formatPersianDayMonth(timeToDate(time));

function themed(colours: ChartColours) {
  return {
    layout: { background: { type: ColorType.Solid, color: 'transparent' }, textColor: colours.text },
    grid: { vertLines: { color: colours.grid }, horzLines: { color: colours.grid } },
    crosshair: {
      vertLine: { color: colours.crosshair, labelBackgroundColor: colours.crosshair },
      horzLine: { color: colours.crosshair, labelBackgroundColor: colours.crosshair },
    },
  };
}

export default function CanvasChart({ points, label, height, formatValue, formatAxisValue }: CanvasChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const series = useRef<ISeriesApi<'Area'> | null>(null);
  const [active, setActive] = useState<number | null>(null);
  const mode = useColourMode().value;
  const readoutId = useId();
  // The chart is made once per series; a new formatter function needs no new chart.
  const axisFormat = useRef(formatAxisValue);
  useEffect(() => {
    axisFormat.current = formatAxisValue;
  }, [formatAxisValue]);
  const colours = chartColours[mode === 'dark' ? 'dark' : 'light'];

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const created = createChart(element, {
      autoSize: true,
      localization: {
        locale: 'fa-IR',
        priceFormatter: (value: number) => axisFormat.current(value),
        timeFormatter: (time: Time) => formatPersianDate(timeToDate(time)),
      },
      layout: { fontFamily: 'Vazirmatn, Tahoma, sans-serif', fontSize: 12 },
      timeScale: { tickMarkFormatter: tickMark, borderVisible: false, fixLeftEdge: true, fixRightEdge: true },
      rightPriceScale: { borderVisible: false },
      // The page scrolls with a finger on phones; the chart only follows it (no pan or zoom).
      handleScroll: false,
      handleScale: false,
    });
    const area = created.addSeries(AreaSeries, { lineWidth: 2, priceLineVisible: false, lastValueVisible: true });
    area.setData(toChartPoints(points));
    created.timeScale().fitContent();
    const onMove = (param: MouseEventParams) => {
      // Pointer moves set the readout; leaving the chart clears it unless the keyboard holds a point.
      if (param.time === undefined) {
        if (document.activeElement !== element) setActive(null);
        return;
      }
      const time = timeToDate(param.time).getTime() / 1000;
      setActive(points.findIndex((point) => dayToTimestamp(point.date) === time));
    };
    created.subscribeCrosshairMove(onMove);
    chart.current = created;
    series.current = area;
    return () => {
      created.unsubscribeCrosshairMove(onMove);
      created.remove();
      chart.current = null;
      series.current = null;
    };
  }, [points]);

  useEffect(() => {
    chart.current?.applyOptions(themed(colours));
    series.current?.applyOptions({
      lineColor: colours.line,
      topColor: colours.areaTop,
      bottomColor: colours.areaBottom,
    });
  }, [colours]);

  const show = (index: number) => {
    const point = points[index];
    const time = point && dayToTimestamp(point.date);
    if (!point || !time || !chart.current || !series.current) return;
    setActive(index);
    chart.current.setCrosshairPosition(point.value, time, series.current);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const last = points.length - 1;
    const current = active ?? last;
    // Time runs left to right on the chart (as on every price chart), also on this RTL page.
    const next = {
      ArrowRight: current + 1,
      ArrowLeft: current - 1,
      ArrowUp: current + 1,
      ArrowDown: current - 1,
      Home: 0,
      End: last,
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    show(Math.min(last, Math.max(0, next)));
  };

  const point = active !== null && active >= 0 ? points[active] : undefined;
  return (
    <div className="relative" style={{ height }}>
      <p
        id={readoutId}
        aria-live="polite"
        data-chart-readout
        className="pointer-events-none absolute end-2 top-1 z-10 min-h-5 rounded bg-white/85 px-2 text-sm font-medium text-slate-800 dark:bg-slate-900/85 dark:text-slate-100"
      >
        {point ? `${formatPersianDate(timeToDate(point.date))}: ${formatValue(point.value)}` : ''}
      </p>
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- role="application": the chart's own keys */}
      <div
        ref={container}
        dir="ltr"
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a widget of its own (role="application") takes the focus
        tabIndex={0}
        // Arrow keys belong to the chart, also with a screen reader in browse mode.
        role="application"
        aria-label={label}
        aria-describedby={readoutId}
        onKeyDown={onKeyDown}
        onFocus={() => show(active ?? points.length - 1)}
        onBlur={() => {
          chart.current?.clearCrosshairPosition();
          setActive(null);
        }}
        className="h-full w-full rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600"
      />
    </div>
  );
}
