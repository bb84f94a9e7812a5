import { LoaderCircle } from 'lucide-react';

/**
 * A page that is taking long to come (docs/behaviour.md, "Page data on client navigation"). The
 * polite status is there from the start of the wait, empty, so screen readers announce the words
 * when they appear; the loading bar keeps running beside it. Sticky below the header (56 px on
 * phones, not sticky from md on): a list's next page keeps the visitor where they were, in view.
 */
export function StillLoadingNotice({ stillLoading }: { stillLoading: boolean }) {
  return (
    <div role="status" aria-live="polite" data-page-still-loading className="sticky top-16 z-20 md:top-2">
      {stillLoading && (
        <p className="mb-4 flex items-center gap-3 rounded-md border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-700 shadow-sm dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200">
          <LoaderCircle
            aria-hidden="true"
            className="size-5 shrink-0 text-primary-600 motion-safe:animate-spin dark:text-primary-400"
          />
          <span>
            <strong className="font-bold">هنوز در حال بارگذاری…</strong> پاسخ سرور بیش از معمول طول کشیده است.
          </span>
        </p>
      )}
    </div>
  );
}
