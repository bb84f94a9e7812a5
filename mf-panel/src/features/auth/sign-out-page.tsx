import { useEffect } from 'react';
import { Link, PageHeader, useShell } from '@steel/shared';

/** `/panel/logout`: signs the customer out on this device (cookies and stored user) and offers the way home. */
export function SignOutPage() {
  const { session } = useShell();
  useEffect(() => {
    session.clear();
  }, [session]);
  return (
    <section>
      <PageHeader title="خروج" breadcrumb={[{ label: 'پنل کاربری', to: '/panel' }, { label: 'خروج' }]} />
      <p className="text-slate-700 dark:text-slate-200">از حساب کاربری خود خارج شدید.</p>
      <Link to="/" className="mt-4 inline-block text-primary-700 hover:underline dark:text-primary-300">
        بازگشت به صفحه اصلی
      </Link>
    </section>
  );
}
