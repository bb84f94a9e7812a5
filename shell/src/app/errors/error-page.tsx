import { toPersianDigits } from '@steel/shared';
import brokenBeam from './broken-beam.svg';

/** The full-page error (behaviour §4): status code beside «خطا», illustration, message, way home. */
export function ErrorPage({ statusCode, onHome }: { statusCode: number; onHome: () => void }) {
  return (
    <main role="alert" className="flex min-h-screen flex-col items-center justify-center gap-6 px-4 text-center">
      <img src={brokenBeam} alt="" width={240} height={160} className="h-40 w-60" />
      <h1 className="flex items-baseline gap-3 text-3xl font-extrabold">
        <span>خطا</span>
        <span className="text-error-600" data-testid="error-status">
          {toPersianDigits(String(statusCode))}
        </span>
      </h1>
      <p className="text-lg text-slate-600 dark:text-slate-300">با خطا مواجه شدید. صفحه مورد نظر در دسترس نیست</p>
      <button type="button" onClick={onHome} className="rounded-md bg-primary-600 px-5 py-2.5 font-medium text-white hover:bg-primary-700">
        بازگشت به صفحه اصلی
      </button>
    </main>
  );
}
