/**
 * The chart's data, free of the charting library: a series of `{date, value}` points (what the
 * product page and the exchange page have) turned into what lightweight-charts draws, and its
 * time values turned back into dates for the Persian axis and readout.
 */
import type { Time, UTCTimestamp } from 'lightweight-charts';

/** One value on one day; `date` is `YYYY-MM-DD` (a calendar day, as the CMS stores it). */
export interface PricePoint {
  date: string;
  value: number;
}

export interface ChartPoint {
  time: UTCTimestamp;
  value: number;
}

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `YYYY-MM-DD` → seconds since the epoch at that day's UTC midnight; null for anything else. */
export function dayToTimestamp(day: string): UTCTimestamp | null {
  const match = DAY_PATTERN.exec(day);
  if (!match) return null;
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(ms) ? null : ((ms / 1000) as UTCTimestamp);
}

/**
 * The points the chart and its table show: valid days with finite values, oldest first, one per
 * day (the last given wins). The chart library requires ascending, unique times.
 */
export function normalisePoints(points: readonly PricePoint[]): PricePoint[] {
  const byDay = new Map<string, number>();
  for (const point of points) {
    const value = Number(point.value);
    if (dayToTimestamp(point.date) !== null && Number.isFinite(value)) byDay.set(point.date, value);
  }
  return [...byDay.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([date, value]) => ({ date, value }));
}

/** Normalised points as lightweight-charts series data. */
export function toChartPoints(points: readonly PricePoint[]): ChartPoint[] {
  return normalisePoints(points).map(({ date, value }) => ({ time: dayToTimestamp(date) as UTCTimestamp, value }));
}

/** A time as the library hands it to formatters and events (timestamp, business day or string) → Date. */
export function timeToDate(time: Time): Date {
  if (typeof time === 'number') return new Date(time * 1000);
  if (typeof time === 'string') return new Date((dayToTimestamp(time) ?? NaN) * 1000);
  return new Date(Date.UTC(time.year, time.month - 1, time.day));
}
