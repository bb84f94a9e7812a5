import { Link } from '@steel/shared';

/**
 * The non-fatal 404 shown inside the layout for a path no route matches, in Persian only: the
 * contract's English words for an unknown path (`pageNotFound`) are for logs, never for the screen.
 */
export function NotFoundView({ path }: { path: string }) {
  return (
    <section role="alert" className="mx-auto max-w-3xl px-4 py-16 text-center">
      <p className="text-5xl font-extrabold text-slate-500 dark:text-slate-400">۴۰۴</p>
      <h1 className="mt-4 text-2xl font-bold">صفحه مورد نظر یافت نشد</h1>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
        صفحه‌ای با نشانی{' '}
        <bdi dir="ltr" className="break-all">
          {path}
        </bdi>{' '}
        در این سایت نیست؛ شاید نشانی را اشتباه نوشته‌اید یا صفحه جابه‌جا شده است.
      </p>
      <Link to="/" className="mt-6 inline-block rounded-md bg-primary-700 px-4 py-2 text-white hover:bg-primary-800">
        بازگشت به صفحه اصلی
      </Link>
    </section>
  );
}
