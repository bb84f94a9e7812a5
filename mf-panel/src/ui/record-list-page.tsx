import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link, PageHeader, StatusBadge, type BadgeTone, card, linkText } from '@steel/shared';
import type { StrapiList } from '@steel/shared';
import { RecordList } from './record-list';
import { primaryButton } from '@steel/shared/forms';

/**
 * A section's list page (orders, tickets, purchase requests): the title under «پنل کاربری», a
 * toolbar with the link that starts a new record (and, before it, a filter or a line of help where
 * the section has one), then one page of the customer's records. The page number and any filter
 * live in the URL; the caller reads them and runs the query.
 */
export function RecordListPage<T extends { documentId: string }>({
  title,
  newRecord,
  toolbar,
  query,
  listLabel,
  page,
  children,
}: {
  /** The heading and the last crumb: «سفارش‌ها». */
  title: string;
  /** Where a new record starts, and the link's text: «ثبت سفارش جدید». */
  newRecord: { to: string; label: string };
  /** What stands before the link, if anything. */
  toolbar?: ReactNode;
  query: UseQueryResult<StrapiList<T>>;
  /** The list's accessible name, e.g. «فهرست سفارش‌ها». */
  listLabel: string;
  page: number;
  children: (record: T) => ReactNode;
}) {
  return (
    <section>
      <PageHeader title={title} breadcrumb={[{ label: 'پنل کاربری', to: '/panel' }, { label: title }]} />
      {/* The link alone keeps to the end of the line; with something before it, the two spread apart. */}
      <div className={toolbar ? 'mb-4 flex flex-wrap items-end justify-between gap-3' : 'mb-4 flex justify-end'}>
        {toolbar}
        <Link to={newRecord.to} className={primaryButton}>
          {newRecord.label}
        </Link>
      </div>
      <RecordList query={query} label={listLabel} page={page}>
        {children}
      </RecordList>
    </section>
  );
}

/** One record of a list: its name linking to its page, a line of details, and its status. */
export function RecordListItem({
  to,
  name,
  details,
  status,
}: {
  to: string;
  name: ReactNode;
  details: ReactNode;
  status: { label: string; tone: BadgeTone };
}) {
  return (
    <li className={`${card} flex flex-wrap items-center justify-between gap-3`}>
      <div className="flex flex-col gap-1">
        <Link to={to} className={`${linkText} font-semibold`}>
          {name}
        </Link>
        <span className="text-sm text-slate-600 dark:text-slate-300">{details}</span>
      </div>
      <StatusBadge label={status.label} tone={status.tone} />
    </li>
  );
}
