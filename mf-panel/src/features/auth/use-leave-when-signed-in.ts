import { useEffect } from 'react';
import { useSearchParams } from '@steel/shared/router';
import { safeRedirectPath, useSessionUser, useShell } from '@steel/shared';

/**
 * On the sign-in pages: as soon as somebody is signed in — by this page's form, a reset link, the
 * social return, or another tab — the visitor goes on to `?redirect=` (same-origin paths only,
 * `safeRedirectPath`) or `/panel`, replacing the sign-in page in the history.
 */
export function useLeaveWhenSignedIn(): void {
  const user = useSessionUser();
  const { navigate } = useShell();
  const [searchParams] = useSearchParams();
  const target = safeRedirectPath(searchParams.get('redirect'));
  useEffect(() => {
    if (user) navigate(target, { replace: true });
  }, [user, navigate, target]);
}

/** `path` carrying the current `?redirect=` along (sign-in ⇄ register ⇄ forgot password). */
export function useWithRedirect(): (path: string) => string {
  const [searchParams] = useSearchParams();
  const redirect = searchParams.get('redirect');
  return (path) => (redirect ? `${path}?redirect=${encodeURIComponent(redirect).replace(/%2F/gi, '/')}` : path);
}
