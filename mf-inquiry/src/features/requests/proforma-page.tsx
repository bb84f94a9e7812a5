import { useParams } from '@steel/shared/router';
import {
  documentTitle,
  formatNumber,
  formatPersianDate,
  formatPersianDateTime,
  formatToman,
  Link,
  toPersianDigits,
  unitLabelFa,
  useSessionUser,
  useShell,
  QueryState,
  QuoteTotalsList,
  linkInText,
  secondaryButton,
  TableScroller,
} from '@steel/shared';
import type { Inquiry, Seller } from '../../entities/inquiry/inquiry';
import { useInquiry, useSeller } from '../../entities/inquiry/inquiry-queries';
import { currentStatus, hasQuote } from '../../entities/inquiry/inquiry-status';
import { quotedLineTotal, quoteTotals } from '../../entities/inquiry/inquiry-totals';
import { useFocusHeading } from '../../ui/use-focus-heading';
import { PdfDownloadLink } from './pdf-download-link';
import { PROFORMA_PRINT_STYLE } from './proforma-print-style';

/** The site's name, as it names itself in every title (the seller's brand beside its legal name). */
const SITE_NAME = documentTitle({ title: '' });

// A size such as «۳۰×۳» or «2.5x1250×6000» reads left to right inside a Persian name: isolated so,
// on screen and in the PDF, whose text (pdftotext, a screen reader) keeps the figures in their order.
const SIZE = /([0-9۰-۹٠-٩]+(?:[.٫][0-9۰-۹٠-٩]+)?(?:\s*[×x*]\s*[0-9۰-۹٠-٩]+(?:[.٫][0-9۰-۹٠-٩]+)?)+)/;

function ProductName({ name }: { name: string }) {
  return (
    <>
      {name.split(SIZE).map((part, index) =>
        index % 2 === 1 ? (
          <bdi key={index} dir="ltr">
            {part}
          </bdi>
        ) : (
          part
        ),
      )}
    </>
  );
}

const cell = 'border border-slate-300 p-2 text-start dark:border-slate-600 print:border-slate-400';

/**
 * `/inquiry/requests/:documentId/proforma`: the pro-forma (پیش‌فاکتور), printable on A4 (its print
 * style leaves the site's header and footer off paper). Once its figures
 * are on screen it carries `data-print-ready`, which the app server's PDF waits for.
 */
export function ProformaPage() {
  const { documentId = '' } = useParams();
  const query = useInquiry(documentId);
  const seller = useSeller();
  useFocusHeading(!query.isPending);
  return (
    <section>
      <QueryState query={query}>
        {(inquiry) => (
          <QueryState query={seller}>{(found) => <Proforma inquiry={inquiry} seller={found} />}</QueryState>
        )}
      </QueryState>
    </section>
  );
}

/** The seller's legal details as an Iranian pro-forma states them (kept in the CMS), and the site's address. */
function SellerDetails({ seller, siteHost }: { seller: Seller; siteHost: string }) {
  const figure = (value: string | null) => (value ? <bdi>{toPersianDigits(value)}</bdi> : null);
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-2 gap-y-0.5" data-seller>
      <dt className="sr-only">نام</dt>
      <dd className="col-span-2 font-semibold">
        {seller.legal_name} <span className="font-normal">({SITE_NAME})</span>
      </dd>
      <dt>شناسهٔ ملی:</dt>
      <dd data-seller-national-id={seller.national_id}>{figure(seller.national_id)}</dd>
      <dt>کد اقتصادی:</dt>
      <dd>{figure(seller.economic_code)}</dd>
      {seller.registration_number && (
        <>
          <dt>شمارهٔ ثبت:</dt>
          <dd>{figure(seller.registration_number)}</dd>
        </>
      )}
      <dt>نشانی:</dt>
      <dd>
        {seller.address}
        {seller.postal_code && <>، کد پستی {figure(seller.postal_code)}</>}
      </dd>
      <dt>تلفن:</dt>
      <dd>{figure(seller.phone)}</dd>
      <dt>وب‌سایت:</dt>
      <dd dir="ltr" className="text-end">
        {siteHost}
      </dd>
    </dl>
  );
}

function Proforma({ inquiry, seller }: { inquiry: Inquiry; seller: Seller }) {
  const { config } = useShell();
  const buyer = useSessionUser();
  const status = currentStatus(inquiry);
  const totals = hasQuote(status) ? quoteTotals(inquiry) : null;
  const path = `/inquiry/requests/${inquiry.documentId}/proforma`;
  const siteHost = (() => {
    try {
      return new URL(config.siteUrl).host;
    } catch {
      return config.siteUrl;
    }
  })();

  return (
    <article data-proforma className="mx-auto flex max-w-4xl flex-col gap-5 text-sm print:max-w-none print:text-xs">
      <style>{PROFORMA_PRINT_STYLE}</style>
      <div data-proforma-actions className="flex flex-wrap items-center gap-3 print:hidden">
        <Link to={`/inquiry/requests/${inquiry.documentId}`} className={linkInText}>
          بازگشت به استعلام
        </Link>
        {totals && (
          <>
            <PdfDownloadLink path={path} fileName={`proforma-${inquiry.number}.pdf`} />
            <button type="button" className={secondaryButton} onClick={() => window.print()}>
              چاپ
            </button>
          </>
        )}
      </div>

      <header className="flex flex-wrap items-start justify-between gap-4 border-b border-slate-300 pb-4 dark:border-slate-600">
        <div>
          <h1 className="text-2xl font-bold">پیش‌فاکتور</h1>
          <p className="mt-1 text-slate-600 dark:text-slate-300 print:text-slate-700">
            شمارهٔ <bdi data-proforma-number>{inquiry.number}</bdi>
          </p>
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          <dt className="font-semibold">تاریخ:</dt>
          <dd>{formatPersianDate(inquiry.quoted_at ?? inquiry.createdAt)}</dd>
          {inquiry.quote_expires_at && (
            <>
              <dt className="font-semibold">اعتبار تا:</dt>
              <dd>{formatPersianDateTime(inquiry.quote_expires_at)}</dd>
            </>
          )}
        </dl>
      </header>

      <div className="grid gap-4 sm:grid-cols-2 print:grid-cols-2">
        <section
          aria-labelledby="proforma-seller"
          className="rounded-md border border-slate-300 p-3 dark:border-slate-600"
        >
          <h2 id="proforma-seller" className="mb-1 font-bold">
            فروشنده
          </h2>
          <SellerDetails seller={seller} siteHost={siteHost} />
        </section>
        <section
          aria-labelledby="proforma-buyer"
          className="rounded-md border border-slate-300 p-3 dark:border-slate-600"
        >
          <h2 id="proforma-buyer" className="mb-1 font-bold">
            خریدار
          </h2>
          {buyer ? (
            <>
              <p>{buyer.username}</p>
              {buyer.mobile && (
                <p>
                  <bdi>{toPersianDigits(buyer.mobile)}</bdi>
                </p>
              )}
              <p dir="ltr" className="text-end">
                {buyer.email}
              </p>
            </>
          ) : null}
          <p>محل تحویل: {inquiry.city_name ?? inquiry.province_name ?? inquiry.province_slug}</p>
        </section>
      </div>

      {!totals ? (
        <p role="status" className="rounded-md border border-slate-300 p-4 dark:border-slate-600">
          {status === 'cancelled' || status === 'declined'
            ? 'این استعلام پیش‌فاکتوری ندارد.'
            : 'پیش‌فاکتور پس از قیمت‌گذاری اقلام صادر می‌شود.'}
        </p>
      ) : (
        <>
          <TableScroller>
            <table className="w-full border-collapse">
              <caption className="sr-only">اقلام پیش‌فاکتور {inquiry.number}</caption>
              <thead className="bg-slate-50 dark:bg-slate-800 print:bg-slate-100">
                <tr>
                  <th scope="col" className={cell}>
                    ردیف
                  </th>
                  <th scope="col" className={cell}>
                    شرح کالا
                  </th>
                  <th scope="col" className={cell}>
                    مقدار
                  </th>
                  <th scope="col" className={cell}>
                    وزن (کیلوگرم)
                  </th>
                  <th scope="col" className={cell}>
                    بهای واحد (تومان)
                  </th>
                  <th scope="col" className={cell}>
                    بهای کل (تومان)
                  </th>
                </tr>
              </thead>
              <tbody>
                {(inquiry.lines ?? []).map((line, index) => (
                  <tr key={line.id ?? index} data-proforma-line={line.product_slug}>
                    <td className={cell}>{formatNumber(index + 1)}</td>
                    <th scope="row" className={`${cell} font-medium`}>
                      <ProductName name={line.product_name ?? line.product_slug} />
                    </th>
                    <td className={cell}>
                      {formatNumber(line.quantity)} {unitLabelFa(line.sale_unit ?? line.unit ?? '')}
                    </td>
                    <td className={cell}>
                      {Number(line.weight_kg) > 0 ? formatNumber(Math.round(Number(line.weight_kg))) : '—'}
                    </td>
                    <td className={cell}>{formatToman(line.quoted_unit_price)}</td>
                    <td className={cell}>{formatToman(quotedLineTotal(line))}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroller>

          <QuoteTotalsList totals={totals} className="ms-auto w-full" data-proforma-total={totals.total} />

          <footer className="flex flex-col gap-1 border-t border-slate-300 pt-3 text-xs text-slate-600 dark:border-slate-600 dark:text-slate-300 print:text-slate-700">
            {inquiry.quote_expires_at && (
              <p>
                این پیش‌فاکتور تا {formatPersianDateTime(inquiry.quote_expires_at)} معتبر است
                {status === 'expired' ? ' و مهلت آن گذشته است.' : '.'}
              </p>
            )}
            <p>وزن‌ها تقریبی‌اند و بر پایهٔ وزن استاندارد هر واحد فروش محاسبه شده‌اند؛ مبالغ به تومان است.</p>
          </footer>
        </>
      )}
      {/* Rendered with the figures: the PDF is made from exactly what is on screen. */}
      <span data-print-ready hidden />
    </article>
  );
}
