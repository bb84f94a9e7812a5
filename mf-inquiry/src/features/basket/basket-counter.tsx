import { ClipboardList } from 'lucide-react';
import { Link, formatNumber } from '@steel/shared';
import { useBasket } from './use-basket';

/** The header's counter: the basket's lines, a link to it. Nothing until the basket has a line. */
export function BasketCounter() {
  const count = useBasket().length;
  if (count === 0) return null;
  return (
    <Link
      to="/inquiry"
      className="relative inline-flex size-11 items-center justify-center rounded-md text-primary-700 hover:bg-primary-50 dark:text-primary-300 dark:hover:bg-slate-800"
      aria-label={`سبد استعلام، ${formatNumber(count)} قلم`}
      data-inquiry-count={count}
    >
      <ClipboardList aria-hidden="true" className="size-5" />
      <span
        aria-hidden="true"
        className="absolute -top-0.5 -end-0.5 min-w-5 rounded-full bg-primary-700 px-1 text-center text-xs font-bold text-white"
      >
        {formatNumber(count)}
      </span>
    </Link>
  );
}
