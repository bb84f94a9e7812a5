import { Link } from '@steel/shared';
import { Table2 } from 'lucide-react';

/** The way from a category, group or listing to its price table (the same filters and sort). */
export function PriceTableLink({ href }: { href: string }) {
  return (
    <Link
      to={href}
      className="inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-primary-700 underline underline-offset-2 dark:text-primary-300"
      data-price-table-link
    >
      <Table2 aria-hidden="true" className="size-4" />
      جدول قیمت روز
    </Link>
  );
}
