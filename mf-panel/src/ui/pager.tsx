import { formatNumber } from '@steel/shared';
import { secondaryButton } from './styles';

/** «قبلی / صفحه ۲ از ۵ / بعدی» under a list; hidden when everything fits on one page. */
export function Pager({ page, pageCount, onPage }: { page: number; pageCount: number; onPage: (page: number) => void }) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="صفحه‌بندی" className="mt-4 flex items-center justify-center gap-3 text-sm">
      <button type="button" className={secondaryButton} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        قبلی
      </button>
      <span aria-current="page">
        صفحه {formatNumber(page)} از {formatNumber(pageCount)}
      </span>
      <button type="button" className={secondaryButton} disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
        بعدی
      </button>
    </nav>
  );
}
