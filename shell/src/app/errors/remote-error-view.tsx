import { RefreshCw } from 'lucide-react';

/** A remote that could not be loaded: said inside the layout, with a retry. */
export function RemoteErrorView({ onRetry }: { onRetry: () => void }) {
  return (
    <section role="alert" data-testid="remote-error" className="mx-auto max-w-3xl px-4 py-16 text-center">
      <h1 className="text-xl font-bold">این بخش از سایت در حال حاضر بارگیری نشد</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">اتصال خود را بررسی کنید و دوباره تلاش کنید. بخش‌های دیگر سایت در دسترس هستند.</p>
      <button
        type="button"
        onClick={onRetry}
        className="mt-6 inline-flex items-center gap-2 rounded-md bg-primary-600 px-4 py-2 text-white hover:bg-primary-700"
      >
        <RefreshCw aria-hidden="true" className="size-4" />
        تلاش مجدد
      </button>
    </section>
  );
}
