import { useEffect, useRef, useState } from 'react';
import { useLocation, useParams } from '@steel/shared/router';
import { Link, PageHeader, Progress, createAuth, useShell, linkText } from '@steel/shared';
import { authErrorMessage } from '../../lib/account/auth-messages';
import { useLeaveWhenSignedIn } from './use-leave-when-signed-in';

/**
 * `/login/connect/{provider}?access_token=…`: where the CMS sends the visitor back after a social
 * provider. The token is exchanged once (`GET /auth/{provider}/callback`, with the CMS's session
 * cookie) → signed in and on to `/panel`; otherwise a clear error and the way back to sign-in.
 */
export function SocialCallbackPage() {
  const { api, session } = useShell();
  const { provider = '' } = useParams();
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  const answered = !params.get('error') && Boolean(params.get('access_token'));
  const [exchangeFailure, setExchangeFailure] = useState<string | null>(null);
  const failure = answered ? exchangeFailure : 'ورود با حساب اجتماعی لغو شد یا پاسخی از آن نرسید';
  const started = useRef(false);
  useLeaveWhenSignedIn();

  useEffect(() => {
    if (started.current || !answered) return;
    started.current = true;
    createAuth({ client: api, session })
      .socialCallback(provider, search)
      .catch((error: unknown) => setExchangeFailure(`ورود با حساب اجتماعی انجام نشد: ${authErrorMessage(error)}`));
  }, [api, session, provider, search, answered]);

  return (
    <section className="mx-auto w-full max-w-md">
      <PageHeader
        title={failure ? 'ورود انجام نشد' : 'در حال ورود…'}
        breadcrumb={[{ label: 'ورود', to: '/login' }, { label: 'ورود با حساب اجتماعی' }]}
      />
      {failure ? (
        <div className="flex flex-col gap-3">
          <p role="alert" className="text-error-700 dark:text-red-300">
            {failure}
          </p>
          <Link to="/login" className={linkText}>
            بازگشت به صفحه ورود
          </Link>
        </div>
      ) : (
        <Progress label="در حال ورود" value={null} />
      )}
    </section>
  );
}
