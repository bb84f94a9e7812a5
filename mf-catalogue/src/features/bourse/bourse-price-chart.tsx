import { useId, useMemo, useState } from 'react';
import { formatNumber, formatPersianDate } from '@steel/shared';
import { inputClass } from '@steel/shared/forms';
import { PriceChart } from '../../lib/price-chart/price-chart';
import { weightedAveragePerDay, type ExchangeOffer } from './exchange-offer-queries';

const rialPerKg = (value: number) => `${formatNumber(Math.round(value))} ریال`;

/**
 * The weighted-average price per trading day of one commodity, on the site's one price chart
 * (the product page's: lightweight-charts in the browser, a hidden table of the same data on the
 * server and for screen readers).
 */
export function BoursePriceChart({ offers }: { offers: ExchangeOffer[] }) {
  const commodities = [
    ...new Set(offers.filter((offer) => Number(offer.weighted_average_price) > 0).map((offer) => offer.commodity)),
  ];
  const [commodity, setCommodity] = useState(commodities[0] ?? '');
  const series = useMemo(() => weightedAveragePerDay(offers, commodity), [offers, commodity]);
  const points = useMemo(() => series.map((point) => ({ date: point.date, value: point.price })), [series]);
  const selectId = useId();

  if (commodities.length === 0) return null;
  const latest = series[series.length - 1];
  return (
    <section aria-labelledby="bourse-chart-heading" className="mb-8">
      <h2 id="bourse-chart-heading" className="mb-3 text-xl font-bold">
        روند قیمت میانگین موزون
      </h2>
      <label htmlFor={selectId} className="mb-3 flex max-w-xs flex-col gap-1 text-sm font-medium">
        کالا
        <select
          id={selectId}
          className={inputClass}
          value={commodity}
          onChange={(event) => setCommodity(event.target.value)}
        >
          {commodities.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </label>
      {latest && (
        <p className="mb-2 text-sm text-slate-700 dark:text-slate-200" data-chart-latest>
          آخرین میانگین موزون {commodity}: {formatNumber(latest.price)} ریال بر کیلوگرم (
          {formatPersianDate(latest.date)}، {formatNumber(series.length)} روز معاملاتی)
        </p>
      )}
      <div data-bourse-chart>
        <PriceChart
          points={points}
          title={`قیمت میانگین موزون ${commodity} در روزهای معاملاتی`}
          valueLabel="میانگین موزون (ریال بر کیلوگرم)"
          formatValue={rialPerKg}
          height={256}
        />
      </div>
    </section>
  );
}
