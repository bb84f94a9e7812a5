import type { User } from '@steel/contract';
import type { AppFetch, SessionStore } from '@steel/shared';

/** What the app server's `GET /api/auth` answers (docs/behaviour.md, "Auth calls"). */
export interface ServerSession {
  token: string | null;
  user: User | null;
}

export const SERVER_SESSION_URL = '/api/auth';

/**
 * At start: the cookies carry a token but no readable user (`user_data` missing or corrupt, e.g.
 * set by another page of the old site, or cut by a proxy). Ask the app server once, which checks
 * the token against the CMS, and fill the session; an empty answer means the token is no good,
 * so it is cleared. A failure of the call itself changes nothing (the auth guard still asks the
 * CMS when a guarded page needs the user). Resolves whether the session changed or not.
 */
export async function fillSessionFromServer({
  session,
  appFetch,
}: {
  session: SessionStore;
  appFetch: AppFetch;
}): Promise<void> {
  if (!session.getToken() || session.getUser() !== null) return;
  let answer: ServerSession;
  try {
    answer = await appFetch<ServerSession>(SERVER_SESSION_URL, { cache: 'no-store', credentials: 'same-origin' });
  } catch (error) {
    console.error('Failed to read the session from /api/auth', error);
    return;
  }
  if (answer?.token && answer.user) {
    if (answer.token !== session.getToken()) session.setToken(answer.token);
    session.setUser(answer.user);
  } else {
    session.setToken(null);
  }
}
