import { useRef, useState, type MouseEvent } from 'react';
import { ensureFreshSession, Link, linkInText, loginUrlFor, Progress, useShell } from '@steel/shared';
import { FormAlert, primaryButton } from '@steel/shared/forms';

/** The app server's PDF of a page of the site, made by its headless Chromium once the page is ready. */
export const pdfHref = (path: string) => `/_/print.pdf?path=${encodeURIComponent(path)}`;

const PREPARING = 'در حال آماده‌سازی PDF…';
const SIGNED_OUT = 'نشست شما به پایان رسیده است؛ برای دریافت PDF دوباره وارد حساب خود شوید.';
const UNREACHABLE = 'اکنون نمی‌توان نشست شما را تمدید کرد؛ لطفاً کمی بعد دوباره تلاش کنید.';

/**
 * «دریافت PDF» of the page at `path`. The app server prints it in its own Chromium with the buyer's
 * session cookie, which cannot be refreshed there: an expired one prints the page signed out. So
 * the click first makes sure the session will outlive the print (progress while it waits, the
 * reason in Persian if it cannot), then lets the link go to `/_/print.pdf`. Without script, or
 * opened in a new tab, it is a plain link.
 */
export function PdfDownloadLink({ path, fileName }: { path: string; fileName: string }) {
  const shell = useShell();
  const [state, setState] = useState<'idle' | 'preparing' | { failure: string }>('idle');
  const link = useRef<HTMLAnchorElement>(null);
  // Set for the one click this component makes itself once the session is fresh: that one goes through.
  const sessionChecked = useRef(false);

  async function prepare(event: MouseEvent<HTMLAnchorElement>) {
    if (sessionChecked.current) {
      sessionChecked.current = false;
      return;
    }
    // A new tab or window (modifier, middle button) is the browser's own: the link as it is.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (state === 'preparing') return;
    setState('preparing');
    try {
      if ((await ensureFreshSession(shell)) === 'signed-out') return setState({ failure: SIGNED_OUT });
    } catch {
      return setState({ failure: UNREACHABLE });
    }
    setState('idle');
    sessionChecked.current = true;
    link.current?.click();
  }

  return (
    <>
      <a
        ref={link}
        href={pdfHref(path)}
        download={fileName}
        className={primaryButton}
        aria-disabled={state === 'preparing' || undefined}
        onClick={(event) => void prepare(event)}
      >
        دریافت PDF
      </a>
      {state === 'preparing' && (
        <span role="status" className="flex min-w-40 flex-col gap-1 text-sm text-slate-600 dark:text-slate-300">
          {PREPARING}
          <Progress label={PREPARING} value={null} />
        </span>
      )}
      {typeof state === 'object' && (
        <div className="basis-full">
          <FormAlert message={state.failure} />
          {state.failure === SIGNED_OUT && (
            <Link to={loginUrlFor(path)} className={`${linkInText} text-sm`}>
              ورود به حساب
            </Link>
          )}
        </div>
      )}
    </>
  );
}
