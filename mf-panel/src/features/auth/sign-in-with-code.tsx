import { useEffect, useState } from 'react';
import { createAuth, linkInText, secondaryButton, toPersianDigits, useShell } from '@steel/shared';
import { FormAlert, HydratedForm, SubmitRow, TextInput } from '@steel/shared/forms';
import {
  signInCodeMobileSchema,
  signInCodeSchema,
  type SignInCodeInput,
  type SignInCodeMobileInput,
} from '../../lib/account/auth-schemas';
import { signInCodeRefusal } from '../../lib/account/auth-messages';
import { useAccountForm } from '../../lib/account/use-account-form';

/**
 * A new code may be asked for after this long: the CMS sends at most 5 a minute to a number
 * (the 6th is refused), and a code lives 2 minutes.
 */
export const RESEND_AFTER_SECONDS = 60;

/** A countdown in whole seconds: `start(n)` sets it, then it falls by one each second to 0. */
function useCountdown() {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    if (seconds <= 0) return undefined;
    const timer = window.setTimeout(() => setSeconds((left) => left - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [seconds]);
  return { seconds, start: setSeconds };
}

/**
 * «ورود با کد پیامکی» on `/login`: the mobile number (any digits), then the 6-digit code the CMS
 * sent by SMS (`POST /auth/otp/request`, `/auth/otp/verify`). A number without an account gets one.
 * The session is stored as after a password sign-in; `onSignedIn` is not needed — the page leaves
 * when the session has a user (useLeaveWhenSignedIn). Refusals (a wrong code, a locked number, too
 * many codes) are the CMS's Persian words, announced where the form's errors are.
 */
export function SignInWithCode() {
  const { api, session } = useShell();
  const auth = createAuth({ client: api, session });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [resendFailure, setResendFailure] = useState<string | null>(null);
  const [resending, setResending] = useState(false);
  const resendCountdown = useCountdown();
  const secondsLeft = resendCountdown.seconds;

  const mobileStep = useAccountForm(
    signInCodeMobileSchema,
    { mobile: '' } satisfies SignInCodeMobileInput,
    async ({ mobile }) => {
      const sent = await auth.requestSignInCode(mobile);
      setResendFailure(null);
      resendCountdown.start(RESEND_AFTER_SECONDS);
      setSentTo(sent.mobile);
    },
    signInCodeRefusal,
  );
  const codeStep = useAccountForm(
    signInCodeSchema,
    { code: '' } satisfies SignInCodeInput,
    async ({ code }) => {
      if (sentTo) await auth.signInWithCode({ mobile: sentTo, code });
    },
    signInCodeRefusal,
  );

  async function resend() {
    if (!sentTo) return;
    setResending(true);
    setResendFailure(null);
    try {
      await auth.requestSignInCode(sentTo);
      resendCountdown.start(RESEND_AFTER_SECONDS);
      codeStep.form.reset({ code: '' });
    } catch (error) {
      setResendFailure(signInCodeRefusal(error).message);
    } finally {
      setResending(false);
    }
  }

  if (!sentTo) {
    return (
      <HydratedForm onSubmit={mobileStep.onSubmit} busy={mobileStep.pending} className="flex flex-col gap-4">
        <TextInput
          form={mobileStep.form}
          name="mobile"
          label="شماره موبایل"
          hint="کد ورود ۶ رقمی به این شماره پیامک می‌شود. اگر حساب ندارید، با همین شماره ساخته می‌شود."
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          placeholder="۰۹۱۲۳۴۵۶۷۸۹"
          dir="ltr"
        />
        <SubmitRow
          busy={mobileStep.pending}
          failure={mobileStep.failure}
          label="دریافت کد"
          busyLabel="در حال ارسال کد…"
          fullWidth
        />
      </HydratedForm>
    );
  }

  return (
    <HydratedForm onSubmit={codeStep.onSubmit} busy={codeStep.pending} className="flex flex-col gap-4">
      <p className="text-sm text-slate-700 dark:text-slate-200" aria-live="polite">
        کد ورود به شماره <bdi dir="ltr">{toPersianDigits(sentTo)}</bdi> پیامک شد؛ تا ۲ دقیقه معتبر است.
      </p>
      <TextInput
        form={codeStep.form}
        name="code"
        label="کد ورود"
        inputMode="numeric"
        autoComplete="one-time-code"
        dir="ltr"
      />
      <SubmitRow busy={codeStep.pending} failure={codeStep.failure} label="ورود" busyLabel="در حال ورود…" fullWidth />
      <FormAlert message={resendFailure} />
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <button
          type="button"
          className={secondaryButton}
          onClick={() => void resend()}
          disabled={secondsLeft > 0 || resending}
        >
          {secondsLeft > 0
            ? `ارسال دوباره کد تا ${toPersianDigits(String(secondsLeft))} ثانیه دیگر`
            : 'ارسال دوباره کد'}
        </button>
        <button
          type="button"
          className={linkInText}
          onClick={() => {
            setSentTo(null);
            codeStep.form.reset({ code: '' });
          }}
        >
          تغییر شماره
        </button>
      </div>
    </HydratedForm>
  );
}
