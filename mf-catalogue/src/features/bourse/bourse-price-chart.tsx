import { useEffect, useId, useRef, useState } from 'react';
import { formatNumber, formatPersianDate } from '@steel/shared';
import { inputClass } from '@steel/shared/forms';
import { weightedAveragePerDay, type ExchangeOffer } from './exchange-offer-queries';

/**
 * The weighted-average price per trading day of one commodity, drawn with lightweight-charts
 * (the site's one charting library), loaded in the browser only; the server renders the picker
 * and the latest figure. Minimal on purpose: the product page's price chart may absorb it.
 */
export function BoursePriceChart({ offers }: { offers: ExchangeOffer[] }) {
  const commodities = [...new Set(offers.filter((offer) => Number(offer.weighted_average_price) > 0).map((offer) => offer.commodity))];
  const [commodity, setCommodity] = useState(commodities[0] ?? '');
  const series = weightedAveragePerDay(offers, commodity);
  const container = useRef<HTMLDivElement>(null);
  const selectId = useId();
  const seriesKey = JSON.stringify(series);

  useEffect(() => {
    const element = container.current;
    if (!element || series.length === 0) return undefined;
    let disposed = false;
    let remove: (() => void) | undefined;
    void import('lightweight-charts').then(({ createChart, LineSeries }) => {
      if (disposed) return;
      const colour = getComputedStyle(element).color;
      const chart = createChart(element, {
        autoSize: true,
        layout: { background: { color: 'transparent' }, textColor: colour, fontFamily: 'inherit' },
        grid: { vertLines: { visible: false }, horzLines: { color: 'rgba(148, 163, 184, 0.25)' } },
        localization: { locale: 'fa-IR', priceFormatter: (price: number) => formatNumber(Math.round(price)), timeFormatter: (time: string) => formatPersianDate(time) },
        timeScale: { borderVisible: false },
        rightPriceScale: { borderVisible: false },
      });
      chart.addSeries(LineSeries, { color: '#15803d', lineWidth: 2 }).setData(series.map((point) => ({ time: point.date, value: point.price })));
      chart.timeScale().fitContent();
      remove = () => chart.remove();
    });
    return () => {
      disposed = true;
      remove?.();
    };
    // seriesKey stands for series: a new array each render, the same points.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [seriesKey]);

  if (commodities.length === 0) return null;
  const latest = series[series.length - 1];
  return (
    <section aria-labelledby="bourse-chart-heading" className="mb-8">
      <h2 id="bourse-chart-heading" className="mb-3 text-xl font-bold">
        روند قیمت میانگین موزون
      </h2>
      <label htmlFor={selectId} className="mb-3 flex max-w-xs flex-col gap-1 text-sm font-medium">
        کالا
        <select id={selectId} className={inputClass} value={commodity} onChange={(event) => setCommodity(event.target.value)}>
          {commodities.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </label>
      {latest && (
        <p className="mb-2 text-sm text-slate-700 dark:text-slate-200" data-chart-latest>
          آخرین میانگین موزون {commodity}: {formatNumber(latest.price)} ریال بر کیلوگرم ({formatPersianDate(latest.date)}، {formatNumber(series.length)} روز معاملاتی)
        </p>
      )}
      <div ref={container} className="h-64 w-full text-slate-700 dark:text-slate-200" role="img" aria-label={`نمودار قیمت میانگین موزون ${commodity} در روزهای معاملاتی`} data-bourse-chart />
    </section>
  );
}
