import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { apiErrorMessage } from '../api/api-error-message';
import { secondaryButton } from './account-styles';
import { Progress } from './progress';
import { usePageLoading } from './use-page-loading';

/** «در حال بارگذاری…» with an indeterminate bar, announced politely to screen readers. */
export function LoadingBlock({ label = 'در حال بارگذاری…' }: { label?: string }) {
  return (
    <div role="status" className="flex flex-col gap-2 py-6 text-sm text-slate-600 dark:text-slate-300">
      <span>{label}</span>
      <Progress label={label} value={null} />
    </div>
  );
}

export function ErrorBlock({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-3 rounded-md border border-error-500 bg-error-50 px-3 py-2 text-sm text-error-700 dark:border-error-600 dark:bg-slate-900 dark:text-red-200"
    >
      <span>{apiErrorMessage(error)}</span>
      {onRetry && (
        <button type="button" className={secondaryButton} onClick={onRetry}>
          تلاش مجدد
        </button>
      )}
    </div>
  );
}

export function EmptyBlock({ children }: { children?: ReactNode }) {
  return <p className="py-6 text-slate-600 dark:text-slate-300">{children ?? 'موردی برای نمایش وجود ندارد'}</p>;
}

/**
 * A query's three waits in one place, as every account page shows them: progress while loading (and the shell's loading bar),
 * the failure in Persian with a retry, then the content.
 */
export function QueryState<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  usePageLoading(query.isFetching, query.isError);
  if (query.isPending) return <LoadingBlock />;
  if (query.isError) return <ErrorBlock error={query.error} onRetry={() => void query.refetch()} />;
  return <>{children(query.data)}</>;
}
