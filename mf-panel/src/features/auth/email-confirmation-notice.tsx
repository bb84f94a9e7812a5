import { useState } from 'react';
import { createAuth, useShell, secondaryButton } from '@steel/shared';
import { FormAlert } from '@steel/shared/forms';
import { authErrorMessage } from '../../lib/account/auth-messages';

/**
 * After registering, when the CMS wants the e-mail confirmed first: what to do next, and a button
 * that sends the mail again (`POST /auth/send-email-confirmation`), one request at a time.
 */
export function EmailConfirmationNotice({ email }: { email: string }) {
  const { api, session } = useShell();
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [failure, setFailure] = useState<string | null>(null);

  async function resend() {
    if (state === 'sending') return;
    setState('sending');
    setFailure(null);
    try {
      await createAuth({ client: api, session }).sendEmailConfirmation({ email });
      setState('sent');
    } catch (error) {
      setFailure(authErrorMessage(error));
      setState('idle');
    }
  }

  return (
    <div className="flex flex-col gap-4 text-slate-700 dark:text-slate-200">
      <p role="status">
        حساب شما ساخته شد. پیوند تأیید به <bdi dir="ltr">{email}</bdi> فرستاده شد؛ پس از تأیید ایمیل می‌توانید وارد
        شوید.
      </p>
      {state === 'sent' && <p role="status">ایمیل تأیید دوباره فرستاده شد.</p>}
      <FormAlert message={failure} />
      <button type="button" className={secondaryButton} disabled={state === 'sending'} onClick={() => void resend()}>
        {state === 'sending' ? 'در حال ارسال…' : 'ارسال دوباره ایمیل تأیید'}
      </button>
    </div>
  );
}
