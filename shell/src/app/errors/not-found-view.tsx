import { Link } from '@steel/shared';

/** The non-fatal 404 shown inside the layout for a path no route matches. */
export function NotFoundView({ message }: { message: string }) {
  return (
    <section role="alert" className="mx-auto max-w-3xl px-4 py-16 text-center">
      <p className="text-5xl font-extrabold text-slate-500 dark:text-slate-400">۴۰۴</p>
      <h1 className="mt-4 text-2xl font-bold">صفحه مورد نظر یافت نشد</h1>
      <p className="mt-2 text-sm text-slate-500 dark:text-slate-400" dir="ltr">
        {message}
      </p>
      <Link to="/" className="mt-6 inline-block rounded-md bg-primary-700 px-4 py-2 text-white hover:bg-primary-800">
        بازگشت به صفحه اصلی
      </Link>
    </section>
  );
}
