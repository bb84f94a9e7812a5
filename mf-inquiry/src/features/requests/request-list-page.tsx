import { useLocation, useSearchParams } from '@steel/shared/router';
import {
  formatNumber,
  formatPersianDate,
  hrefWithPage,
  Link,
  PageHeader,
  Pagination,
  pageFromQuery,
  QueryState,
  StatusBadge,
  card,
  linkInText,
  linkText,
} from '@steel/shared';
import { useInquiryList } from '../../entities/inquiry/inquiry-queries';
import { currentStatus, inquiryStatusLook } from '../../entities/inquiry/inquiry-status';
import { useFocusHeading } from '../../ui/use-focus-heading';
import { REQUESTS_CRUMB } from './crumbs';

/** `/inquiry/requests`: the buyer's inquiries, newest first, each with its status; the page lives in the URL. */
export function RequestListPage() {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const page = pageFromQuery(searchParams);
  const query = useInquiryList(page);
  useFocusHeading();
  const hrefOf = (n: number) => hrefWithPage(location.pathname, new URLSearchParams(location.search), n);
  return (
    <section>
      <PageHeader title="استعلام‌های من" breadcrumb={[REQUESTS_CRUMB.basket, { label: 'استعلام‌های من' }]}>
        <p className="text-slate-600 dark:text-slate-300">
          استعلام‌هایی که فرستاده‌اید؛ وقتی قیمت‌گذاری شد، پیش‌فاکتور هر کدام را همین‌جا می‌بینید و می‌پذیرید.
        </p>
      </PageHeader>
      <QueryState query={query}>
        {(list) => {
          const pageCount = list.meta.pagination?.pageCount ?? 1;
          if (list.data.length === 0 && page > 1 && page > pageCount) {
            return (
              <div role="alert" className="flex flex-col items-start gap-3 py-6">
                <p>
                  صفحهٔ {formatNumber(page)} در این فهرست یافت نشد؛ این فهرست {formatNumber(pageCount)} صفحه دارد.
                </p>
                <Link to={hrefOf(Math.max(pageCount, 1))} className={linkInText}>
                  رفتن به صفحهٔ آخر
                </Link>
              </div>
            );
          }
          if (list.data.length === 0) {
            return (
              <p className="py-6 text-slate-600 dark:text-slate-300">
                هنوز استعلامی نفرستاده‌اید.{' '}
                <Link to="/inquiry" className={linkInText}>
                  سبد استعلام
                </Link>
              </p>
            );
          }
          return (
            <>
              <ul aria-label="فهرست استعلام‌ها" className="flex flex-col gap-3" aria-busy={query.isFetching}>
                {list.data.map((inquiry) => {
                  const look = inquiryStatusLook(currentStatus(inquiry));
                  return (
                    <li
                      key={inquiry.documentId}
                      className={`${card} flex flex-wrap items-center justify-between gap-3`}
                      data-inquiry-number={inquiry.number}
                    >
                      <div className="flex flex-col gap-1">
                        <Link to={`/inquiry/requests/${inquiry.documentId}`} className={`${linkText} font-semibold`}>
                          استعلام <bdi>{inquiry.number}</bdi>
                        </Link>
                        <span className="text-sm text-slate-600 dark:text-slate-300">
                          {formatPersianDate(inquiry.createdAt)} · {formatNumber(inquiry.lines?.length ?? 0)} قلم
                        </span>
                      </div>
                      <StatusBadge label={look.name} tone={look.tone} />
                    </li>
                  );
                })}
              </ul>
              <Pagination page={page} pageCount={pageCount} hrefOf={hrefOf} label="صفحه‌های استعلام‌ها" />
            </>
          );
        }}
      </QueryState>
    </section>
  );
}
