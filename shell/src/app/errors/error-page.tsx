import type { ReactNode } from 'react';
import { toPersianDigits } from '@steel/shared';
import brokenBeam from './broken-beam.svg';

/** The error page's content (docs/behaviour.md, "Error pages"): status code beside «خطا», illustration, message, way home. */
/** Shown instead of the general sentence when the server could not be reached (the CMS stopped, the network down). */
export const CONNECTION_FAILED_MESSAGE = 'ارتباط با سرور برقرار نشد؛ چند لحظه دیگر دوباره تلاش کنید';

export function ErrorContent({
  statusCode,
  onHome,
  headingLevel = 1,
  connectionFailed = false,
  children,
}: {
  statusCode: number;
  onHome: () => void;
  headingLevel?: 1 | 2;
  connectionFailed?: boolean;
  children?: ReactNode;
}) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <>
      <img src={brokenBeam} alt="" width={240} height={160} className="h-40 w-60" />
      <Heading className="flex items-baseline gap-3 text-3xl font-extrabold">
        <span>خطا</span>
        <span className="text-error-600" data-testid="error-status">
          {toPersianDigits(String(statusCode))}
        </span>
      </Heading>
      <p className="text-lg text-slate-600 dark:text-slate-300">
        {connectionFailed ? CONNECTION_FAILED_MESSAGE : 'با خطا مواجه شدید. صفحه مورد نظر در دسترس نیست'}
      </p>
      {children}
      <div className="flex flex-wrap justify-center gap-3">
        <button
          type="button"
          onClick={onHome}
          className="rounded-md bg-primary-700 px-5 py-2.5 font-medium text-white hover:bg-primary-800"
        >
          بازگشت به صفحه اصلی
        </button>
      </div>
    </>
  );
}

/** A fatal error replaces the whole app with this page. */
export function ErrorPage({
  statusCode,
  onHome,
  connectionFailed,
}: {
  statusCode: number;
  onHome: () => void;
  connectionFailed?: boolean;
}) {
  return (
    // The page's main landmark holds the announcement: `main` itself may not take the alert role.
    <main className="flex min-h-screen flex-col items-center justify-center px-4 text-center">
      <div role="alert" className="flex flex-col items-center gap-6">
        <ErrorContent statusCode={statusCode} onHome={onHome} connectionFailed={connectionFailed} />
      </div>
    </main>
  );
}
