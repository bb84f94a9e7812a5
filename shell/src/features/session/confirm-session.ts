import type { AppFetch, Auth, SessionRefresher, SessionStore } from '@steel/shared';
import { fillSessionFromServer } from './fill-session';

export interface ConfirmSessionOptions {
  session: SessionStore;
  appFetch: AppFetch;
  auth: Pick<Auth, 'confirmUser'>;
  refresh: SessionRefresher;
}

/**
 * Once per page load (docs/behaviour.md, "Session cookies"): the signed-in header is drawn from the `user_data` cookie, a mere
 * display cache anyone can write. Here it is confirmed against the CMS:
 * - nothing stored: an anonymous visitor, nothing to ask;
 * - a token but no readable user: the app server's `/api/auth` fills it (as before);
 * - no usable access token (they live minutes): the refresh cookie is asked for one; none means
 *   the session is over and the shown user is cleared;
 * - then `/users/me` replaces the shown user with the CMS's (a forged cookie is overwritten), or
 *   a refused session clears it. The CMS being down keeps what is shown: the next request tells.
 */
export async function confirmSession({ session, appFetch, auth, refresh }: ConfirmSessionOptions): Promise<void> {
  if (!session.getToken() && session.getUser() === null) return;
  if (session.getToken() && session.getUser() === null) {
    await fillSessionFromServer({ session, appFetch });
    if (session.isAuthenticated()) return;
  }
  if (!session.getToken()) {
    let token: string | null;
    try {
      token = await refresh(null);
    } catch {
      return;
    }
    if (!token) {
      session.clear();
      return;
    }
  }
  await auth.confirmUser();
}
