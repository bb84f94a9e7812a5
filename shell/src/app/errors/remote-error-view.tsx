import { RetryButton } from '@steel/shared';
import { ErrorContent } from './error-page';

/**
 * A remote that could not be loaded (and the reload guard already reloaded once): the error page's
 * content inside the layout, so the header, footer and other apps keep working (docs/architecture.md, "Failure stays contained"),
 * with a retry beside the way home.
 */
export function RemoteErrorView({
  onRetry,
  onHome,
  statusCode = 500,
}: {
  onRetry: () => void;
  onHome: () => void;
  statusCode?: number;
}) {
  return (
    <section
      role="alert"
      data-testid="remote-error"
      className="mx-auto flex max-w-3xl flex-col items-center gap-6 px-4 py-16 text-center"
    >
      <ErrorContent statusCode={statusCode} onHome={onHome} headingLevel={2}>
        <p className="font-bold">این بخش از سایت در حال حاضر بارگیری نشد</p>
        <p className="text-slate-600 dark:text-slate-300">
          اتصال خود را بررسی کنید و دوباره تلاش کنید. بخش‌های دیگر سایت در دسترس هستند.
        </p>
        <RetryButton onRetry={onRetry} />
      </ErrorContent>
    </section>
  );
}
