import type { FormEvent } from 'react';
import { useSuspenseQuery } from '@tanstack/react-query';
import {
  Link,
  PageHeader,
  breadcrumbJsonLd,
  formatNumber,
  formatToman,
  routeTiers,
  shippingPrice,
  useShell,
  type PageDefinition,
  type PageUrl,
} from '@steel/shared';
import { FormField, inputClass } from '@steel/shared/forms';
import { shippingCitiesQuery, shippingRouteQuery, type ShippingCity } from '../../entities/shipping/shipping-queries';
import {
  SHIPPING_PRICE_PATH,
  SHIPPING_PRICE_QUERY,
  SHIPPING_PRICE_TITLE,
  originCities,
  readShippingPriceRequest,
  shippingPriceHref,
  type ShippingPriceRequest,
} from './shipping-price-request';

const linkInText = 'text-primary-700 underline underline-offset-2 dark:text-primary-300';
const note = 'rounded-md border border-amber-300 bg-amber-50 p-3 text-sm dark:border-amber-700 dark:bg-slate-800';

const cityLabel = (city: ShippingCity) =>
  city.name === city.province_name ? city.name : `${city.name} (${city.province_name})`;

/** «تا کمتر از ۱۰ تن», «از ۱۰ تا کمتر از ۲۲ تن», «از ۲۲ تن به بالا». */
function tierLabel(minTonnes: number, maxTonnes: number | null): string {
  if (maxTonnes === null) return `از ${formatNumber(minTonnes)} تن به بالا`;
  if (minTonnes === 0) return `تا کمتر از ${formatNumber(maxTonnes)} تن`;
  return `از ${formatNumber(minTonnes)} تا کمتر از ${formatNumber(maxTonnes)} تن`;
}

/**
 * The form: a GET of the page itself, so it works before (or without) the app's code; once
 * hydrated, a submit is a navigation of the shell to the same canonical address. Uncontrolled
 * fields whose defaults are the URL's: the page's key renews them when the address changes.
 */
function ShippingPriceForm({ cities, request }: { cities: readonly ShippingCity[]; request: ShippingPriceRequest }) {
  const { navigate } = useShell();
  const origins = originCities(cities);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const fields = new FormData(event.currentTarget);
    const text = (name: string) => {
      const value = fields.get(name);
      return typeof value === 'string' ? value : '';
    };
    navigate(shippingPriceHref({ from: text('from'), to: text('to'), tonnes: text('tonnes') }));
  };
  return (
    <form
      action={SHIPPING_PRICE_PATH}
      method="get"
      onSubmit={submit}
      noValidate
      aria-label={SHIPPING_PRICE_TITLE}
      className="grid gap-3 rounded-lg border border-slate-200 p-4 sm:grid-cols-3 dark:border-slate-700"
    >
      <FormField label="شهر مبدأ" error={request.errors.from}>
        {(control) => (
          <select
            {...control}
            name="from"
            defaultValue={request.origin?.slug ?? origins[0]?.slug ?? ''}
            className={inputClass}
          >
            {origins.map((city) => (
              <option key={city.slug} value={city.slug}>
                {cityLabel(city)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label="شهر مقصد" error={request.errors.to}>
        {(control) => (
          <select {...control} name="to" defaultValue={request.destination?.slug ?? ''} className={inputClass}>
            <option value="">انتخاب شهر</option>
            {cities.map((city) => (
              <option key={city.slug} value={city.slug}>
                {cityLabel(city)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label="وزن بار (تن)" error={request.errors.tonnes} hint="مثلاً ۱۲٫۵؛ رقم فارسی یا انگلیسی.">
        {(control) => (
          <input
            {...control}
            name="tonnes"
            type="text"
            inputMode="decimal"
            autoComplete="off"
            defaultValue={request.tonnesText}
            className={inputClass}
          />
        )}
      </FormField>
      <div className="sm:col-span-3">
        <button
          type="submit"
          className="rounded-md bg-primary-700 px-4 py-2 font-medium text-white hover:bg-primary-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-700 dark:focus-visible:outline-primary-300"
        >
          محاسبهٔ هزینهٔ حمل
        </button>
      </div>
    </form>
  );
}

/** The estimate with its basis: the route and its distance, the tonnage's tier, the rate per tonne, the sum; and the route's tiers. */
function ShippingEstimate({
  origin,
  destination,
  tonnes,
}: {
  origin: ShippingCity;
  destination: ShippingCity;
  tonnes: number;
}) {
  const { api } = useShell();
  const { data: route } = useSuspenseQuery(shippingRouteQuery(api, origin.slug, destination.slug));
  const price = shippingPrice(route, tonnes);
  if (!route || !price)
    return (
      <p role="alert" className={note}>
        {route
          ? `برای ${formatNumber(tonnes)} تن در مسیر ${origin.name} به ${destination.name} نرخی ثبت نشده است؛`
          : `برای مسیر ${origin.name} به ${destination.name} نرخی ثبت نشده است؛`}{' '}
        هزینهٔ حمل را در{' '}
        <Link to="/inquiry" className={linkInText}>
          استعلام قیمت
        </Link>{' '}
        بپرسید.
      </p>
    );
  const tiers = routeTiers(route);
  return (
    <section
      aria-labelledby="shipping-estimate-heading"
      aria-live="polite"
      className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4 dark:border-slate-700"
      data-shipping-price
      data-total={price.total}
      data-rate-per-tonne={price.ratePerTonne}
    >
      <h2 id="shipping-estimate-heading" className="text-lg font-bold">
        هزینهٔ تقریبی حمل: <span data-shipping-total>{formatToman(price.total)}</span>
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-600 dark:text-slate-300">مسیر</dt>
        <dd>
          {origin.name} به {destination.name}، حدود {formatNumber(price.distanceKm)} کیلومتر
        </dd>
        <dt className="text-slate-600 dark:text-slate-300">وزن بار</dt>
        <dd>{formatNumber(price.tonnes)} تن</dd>
        <dt className="text-slate-600 dark:text-slate-300">پلهٔ وزنی</dt>
        <dd>{tierLabel(price.tier.minTonnes, price.tier.maxTonnes)}</dd>
        <dt className="text-slate-600 dark:text-slate-300">نرخ هر تن</dt>
        <dd data-shipping-rate>{formatToman(price.ratePerTonne)}</dd>
        <dt className="text-slate-600 dark:text-slate-300">محاسبه</dt>
        <dd>
          {formatNumber(price.tonnes)} تن × {formatToman(price.ratePerTonne)} = {formatToman(price.total)}
        </dd>
      </dl>
      <div>
        <h3 className="mb-1 text-sm font-bold">نرخ‌های این مسیر</h3>
        <ul className="text-sm">
          {tiers.map((tier, index) => {
            const current = tier.minTonnes === price.tier.minTonnes;
            return (
              <li
                key={tier.minTonnes}
                className={current ? 'font-bold' : undefined}
                aria-current={current || undefined}
              >
                {tierLabel(tier.minTonnes, tiers[index + 1]?.minTonnes ?? null)}: {formatToman(tier.ratePerTonne)} هر تن
              </li>
            );
          })}
        </ul>
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        نرخ‌ها نمایشی‌اند و به بارنامه، نوع کامیون و زمان بارگیری بستگی دارند؛ هزینهٔ قطعی حمل را با{' '}
        <Link to="/inquiry" className={linkInText}>
          استعلام قیمت
        </Link>{' '}
        بگیرید.
      </p>
    </section>
  );
}

function ShippingPricePage({ url }: { url: PageUrl }) {
  const { api } = useShell();
  const { data: cities } = useSuspenseQuery(shippingCitiesQuery(api));
  const request = readShippingPriceRequest(url.search, cities);
  const { origin, destination, tonnes } = request;
  return (
    <section className="flex max-w-3xl flex-col gap-4">
      <PageHeader title={SHIPPING_PRICE_TITLE} breadcrumb={[{ label: SHIPPING_PRICE_TITLE }]}>
        <p className="text-slate-600 dark:text-slate-300">
          شهر مبدأ و مقصد و وزن بار را بدهید: هزینهٔ تقریبی حمل جاده‌ای را با نرخ هر تن و مبنای آن می‌بینید.
        </p>
      </PageHeader>
      <ShippingPriceForm key={url.search.toString()} cities={cities} request={request} />
      {origin && destination && tonnes !== null && (
        <ShippingEstimate origin={origin} destination={destination} tonnes={tonnes} />
      )}
    </section>
  );
}

/** `/inquiry/shipping-price`: the public shipping calculator, rendered on the server with its estimate. */
export const shippingPricePage: PageDefinition = {
  path: SHIPPING_PRICE_PATH,
  query: SHIPPING_PRICE_QUERY,
  sitemap: [{ path: SHIPPING_PRICE_PATH }],
  nav: { places: ['drawer', 'footer'], label: 'محاسبهٔ هزینهٔ حمل', order: 7.5 },
  // The cities, and the asked route (its CMS read is the same whether or not the cities exist).
  data: (url, { api }) => {
    const from = url.search.get('from');
    const to = url.search.get('to');
    return [shippingCitiesQuery(api), ...(from && to ? [shippingRouteQuery(api, from, to)] : [])];
  },
  head: () => ({
    title: SHIPPING_PRICE_TITLE,
    description: 'هزینهٔ تقریبی حمل آهن‌آلات از شهر مبدأ تا شهر مقصد بر پایهٔ وزن بار، با نرخ هر تن و پلهٔ وزنی آن.',
    canonical: SHIPPING_PRICE_PATH,
    jsonLd: [breadcrumbJsonLd([{ label: SHIPPING_PRICE_TITLE }], SHIPPING_PRICE_PATH)],
  }),
  Page: ShippingPricePage,
};
