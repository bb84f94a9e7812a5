import { RefreshCw } from 'lucide-react';

/** «تلاش مجدد» wherever something failed in place (a remote, a page's data): one look, one size. */
export function RetryButton({ onRetry }: { onRetry: () => void }) {
  return (
    <button
      type="button"
      onClick={onRetry}
      className="inline-flex min-h-11 items-center gap-2 rounded-md border border-primary-600 px-4 py-2 text-primary-700 hover:bg-primary-50 dark:hover:bg-primary-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600 dark:text-primary-300"
    >
      <RefreshCw aria-hidden="true" className="size-4" />
      تلاش مجدد
    </button>
  );
}
