import { useSuspenseQuery } from '@tanstack/react-query';
import { panelLinks } from '@steel/contract';
import {
  Link,
  PageHeader,
  StatusBadge,
  formatNumber,
  formatPersianDate,
  statusLook,
  statusVocabulary,
  useShell,
  type PageUrl,
} from '@steel/shared';
import {
  filterOffers,
  filtersOf,
  recentOffersQuery,
  type ExchangeOffer,
  type OfferFilters,
  type TradeStatus,
} from './exchange-offer-queries';
import { inputClass } from '@steel/shared/forms';
import { useSetSearchParam } from '../../lib/share/use-set-search-param';
import { BoursePriceChart } from './bourse-price-chart';
import { QUERY, TITLE } from './bourse-paths';

/** An offer's trade status on the exchange (the kit's status vocabularies). */
const TRADE_STATUS = statusVocabulary<TradeStatus>(
  {
    scheduled: { name: 'در انتظار عرضه', tone: 'info' },
    traded: { name: 'معامله شد', tone: 'success' },
    partly_traded: { name: 'معامله بخشی', tone: 'warning' },
    no_trade: { name: 'بدون معامله', tone: 'neutral' },
  },
  'neutral',
);

function TradeStatusBadge({ status }: { status: string }) {
  const { name, tone } = statusLook(TRADE_STATUS, status);
  return <StatusBadge label={name} tone={tone} />;
}

/** The columns of (data/domain/bourse.md, "Suggested table for the site"), right to left. */
const COLUMNS = [
  'تاریخ عرضه',
  'نام کالا',
  'تولیدکننده',
  'مشخصات (سایز/گرید)',
  'نوع قرارداد',
  'محل تحویل',
  'تاریخ تحویل',
  'حجم عرضه (تن)',
  'قیمت پایه (ریال/کیلوگرم)',
  'تقاضا (تن)',
  'حجم معامله (تن)',
  'قیمت پایانی میانگین موزون',
  'وضعیت',
];

/** The exchange's offers, filters and price chart: the page's own chunk. */
export default function BoursePage({ url }: { url: PageUrl }) {
  const { api } = useShell();
  const { data: offers } = useSuspenseQuery(recentOffersQuery(api));
  const filters = filtersOf(url.search);
  const shown = filterOffers(offers, filters);
  const upcoming = shown.filter((offer) => offer.trade_status === 'scheduled');
  const results = shown.filter((offer) => offer.trade_status !== 'scheduled');
  return (
    <article>
      <PageHeader title={TITLE} breadcrumb={[{ label: 'بورس کالا' }]}>
        <p className="text-slate-600 dark:text-slate-300">
          عرضه‌های فولاد و مواد اولیه در تالار محصولات صنعتی و معدنی بورس کالای ایران. قیمت‌ها ریال بر کیلوگرم و حجم‌ها
          به تن است؛ داده‌ها نمایشی است.
        </p>
      </PageHeader>
      <OfferFiltersForm offers={offers} filters={filters} url={url} />
      <section aria-labelledby="bourse-upcoming" className="mb-8">
        <h2 id="bourse-upcoming" className="mb-3 text-xl font-bold">
          عرضه‌های امروز و آینده
        </h2>
        <OfferTable offers={upcoming} withAction caption="عرضه‌های امروز و آینده" />
      </section>
      <section aria-labelledby="bourse-results" className="mb-8">
        <h2 id="bourse-results" className="mb-3 text-xl font-bold">
          نتایج معاملات اخیر
        </h2>
        <OfferTable offers={results} caption="نتایج معاملات اخیر" />
      </section>
      {/* Every recent session, whatever the filters: a trend needs all of a commodity's days. */}
      <BoursePriceChart offers={offers} />
      <HowBuyingWorks />
    </article>
  );
}

const distinct = (values: Array<string | null>) => [
  ...new Set(values.filter((value): value is string => Boolean(value))),
];

function OfferFiltersForm({ offers, filters, url }: { offers: ExchangeOffer[]; filters: OfferFilters; url: PageUrl }) {
  const set = useSetSearchParam(url, QUERY);
  const select = (
    name: keyof OfferFilters,
    label: string,
    all: string,
    options: Array<{ value: string; label: string }>,
  ) => (
    <label className="flex flex-col gap-1 text-sm font-medium">
      {label}
      <select
        name={name}
        className={inputClass}
        value={filters[name]}
        onChange={(event) => set(name, event.target.value)}
      >
        <option value="">{all}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <form
      className="mb-6 grid gap-3 sm:grid-cols-3"
      aria-label="فیلتر عرضه‌ها"
      onSubmit={(event) => event.preventDefault()}
    >
      {select(
        'group',
        'گروه کالا',
        'همه گروه‌ها',
        distinct(offers.map((offer) => offer.commodity_group)).map((group) => ({ value: group, label: group })),
      )}
      {select(
        'producer',
        'تولیدکننده',
        'همه تولیدکنندگان',
        distinct(offers.map((offer) => offer.producer)).map((producer) => ({ value: producer, label: producer })),
      )}
      {select(
        'date',
        'تاریخ عرضه',
        'همه روزها',
        distinct(offers.map((offer) => offer.offer_date)).map((date) => ({
          value: date,
          label: formatPersianDate(date),
        })),
      )}
    </form>
  );
}

const volume = (value: number | string | null) =>
  value === null || value === undefined ? '—' : formatNumber(Number(value));

function OfferTable({
  offers,
  withAction,
  caption,
}: {
  offers: ExchangeOffer[];
  withAction?: boolean;
  caption: string;
}) {
  if (offers.length === 0)
    return (
      <p className="rounded-md bg-slate-100 p-4 text-slate-700 dark:bg-slate-800 dark:text-slate-200">
        عرضه‌ای مطابق با فیلترها نیست.
      </p>
    );
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-700">
      <table className="w-full text-sm" data-offer-table>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-slate-700 dark:bg-slate-800 dark:text-slate-200">
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col" className="p-2 text-start whitespace-nowrap">
                {column}
              </th>
            ))}
            {withAction && (
              <th scope="col" className="p-2 text-start whitespace-nowrap">
                خرید
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {offers.map((offer) => (
            <tr
              key={offer.documentId}
              className="border-t border-slate-200 dark:border-slate-700"
              data-offer-code={offer.offer_code}
            >
              <td className="p-2 whitespace-nowrap">{formatPersianDate(offer.offer_date)}</td>
              <th scope="row" className="p-2 text-start font-medium whitespace-nowrap">
                {offer.commodity}
              </th>
              <td className="p-2 whitespace-nowrap">{offer.producer ?? '—'}</td>
              <td className="p-2">{offer.specification ?? '—'}</td>
              <td className="p-2 whitespace-nowrap">{offer.contract_type ?? '—'}</td>
              <td className="p-2 whitespace-nowrap">{offer.delivery_place ?? '—'}</td>
              <td className="p-2 whitespace-nowrap">{formatPersianDate(offer.delivery_date) || '—'}</td>
              <td className="p-2">{volume(offer.offered_volume)}</td>
              <td className="p-2">{volume(offer.base_price)}</td>
              <td className="p-2">{volume(offer.demand)}</td>
              <td className="p-2">{volume(offer.traded_volume)}</td>
              <td className="p-2">{volume(offer.weighted_average_price)}</td>
              <td className="p-2">
                <TradeStatusBadge status={offer.trade_status} />
              </td>
              {withAction && (
                <td className="p-2 whitespace-nowrap">
                  {/* The panel's purchase-request form; a signed-out visitor signs in first and comes back to it. */}
                  <Link
                    to={panelLinks.requestOffer(offer.documentId)}
                    className="font-semibold text-primary-700 underline dark:text-primary-300"
                    data-request-offer
                  >
                    درخواست خرید
                  </Link>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function HowBuyingWorks() {
  return (
    <section aria-labelledby="bourse-how" className="max-w-3xl">
      <h2 id="bourse-how" className="mb-3 text-xl font-bold">
        خرید از بورس کالا چگونه است؟
      </h2>
      <ol className="list-decimal ps-6 leading-8">
        <li>
          کارخانه‌ها محصول خود را با قیمت پایه و حجم مشخص، از طریق کارگزار، چند روز پیش از روز معامله در بورس کالا عرضه
          می‌کنند.
        </li>
        <li>خریدار با کد معاملاتی و از طریق کارگزار خود سفارش خرید ثبت می‌کند و درصد پیش‌پرداخت را واریز می‌کند.</li>
        <li>
          در روز عرضه، قیمت در رقابت میان خریداران از قیمت پایه بالاتر می‌رود (حراج) و حجم میان برندگان تخصیص می‌یابد.
        </li>
        <li>پس از تسویه (نقدی یا سلف)، کالا در محل و تاریخ تحویل اعلام‌شده تحویل می‌شود.</li>
      </ol>
      <p className="mt-3 text-slate-700 dark:text-slate-200">
        کد معاملاتی ندارید؟ درخواست خرید خود را برای هر عرضه ثبت کنید تا کارشناسان ما از طرف شما از بورس خرید کنند.
        درخواست‌ها در{' '}
        <Link to="/panel/bourse" className="text-primary-700 underline dark:text-primary-300">
          پنل کاربری
        </Link>{' '}
        دیده می‌شوند.
      </p>
    </section>
  );
}
