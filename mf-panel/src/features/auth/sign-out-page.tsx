import { useState } from 'react';
import { PageHeader, createAuth, useShell } from '@steel/shared';

/**
 * `/panel/logout`: the customer confirms, the CMS ends the session (its refresh cookie and access
 * tokens stop working), then it is emptied on this device (both cookies and the stored user),
 * every other tab follows, and the visitor goes home. Not on mere visit: the page sits
 * behind the auth guard, and signing out while still on it would send the visitor to
 * `/login?redirect=/panel/logout` — signing in again would then sign them straight out.
 */
export function SignOutPage() {
  const { session, api, navigate } = useShell();
  const [signingOut, setSigningOut] = useState(false);
  return (
    <section>
      <PageHeader title="خروج" breadcrumb={[{ label: 'پنل کاربری', to: '/panel' }, { label: 'خروج' }]} />
      <p className="text-slate-700 dark:text-slate-200">می‌خواهید از حساب کاربری خود خارج شوید؟</p>
      <button
        type="button"
        disabled={signingOut}
        aria-busy={signingOut}
        className="mt-4 rounded-md bg-primary-700 px-4 py-2 font-semibold text-white hover:bg-primary-800 disabled:opacity-70"
        onClick={() => {
          setSigningOut(true);
          void createAuth({ client: api, session }).logout(() => navigate('/'));
        }}
      >
        {signingOut ? 'در حال خروج…' : 'خروج از حساب'}
      </button>
    </section>
  );
}
