import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, formatNumber, formatPersianDate, formatRial, useShell } from '@steel/shared';
import { comingOffersQuery } from '../api/home-queries';

/** Today's and the next offers on the commodity exchange, linking to the exchange page. */
export function ExchangeTeaser() {
  const { api } = useShell();
  const { data: offers } = useSuspenseQuery(comingOffersQuery(api));
  return (
    <div>
      {offers.length === 0 ? (
        <p className="text-slate-600 dark:text-slate-300">برای امروز عرضه‌ای ثبت نشده است.</p>
      ) : (
        <ul className="grid gap-2 sm:grid-cols-2" data-offers>
          {offers.map((offer) => (
            <li key={offer.documentId} className="rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-700">
              <p className="font-semibold">{offer.commodity}</p>
              <p className="text-slate-600 dark:text-slate-300">{offer.producer}</p>
              <p className="mt-1 flex flex-wrap justify-between gap-2">
                <span>{formatPersianDate(offer.offer_date)}</span>
                {offer.offered_volume !== null && (
                  <span>
                    {formatNumber(offer.offered_volume)} {offer.unit}
                  </span>
                )}
              </p>
              {offer.base_price && (
                <p className="mt-1">قیمت پایه هر کیلوگرم: {formatRial(offer.base_price)} (نمایشی)</p>
              )}
            </li>
          ))}
        </ul>
      )}
      <Link
        to="/landing/bourse"
        className="mt-3 inline-flex min-h-11 items-center font-semibold text-primary-800 hover:underline dark:text-primary-300"
      >
        همه عرضه‌های بورس کالا ←
      </Link>
    </div>
  );
}
