import type { User } from '@steel/contract';
import { loginUrlFor, type SessionStore } from '@steel/shared';

export type AuthGuardResult = { allowed: true } | { allowed: false; redirectTo: string };

export interface AuthGuardOptions {
  session: SessionStore;
  /** `/users/me` (createAuth().fetchUser): stores the user, or clears the token and gives null. */
  fetchUser: () => Promise<User | null>;
  /** Anything the session must wait for first (the start-up fill from `/api/auth`). */
  ready?: Promise<unknown>;
}

/**
 * The `auth` guard: if nobody is signed in and no user is loaded, fetch the user once (per
 * token: a token already found unusable is not asked about again on every navigation); if still
 * unauthenticated, send the visitor to the sign-in page with the path they wanted.
 */
export function createAuthGuard({ session, fetchUser, ready }: AuthGuardOptions) {
  let attemptedFor: string | null | undefined;
  let inFlight: Promise<unknown> | null = null;

  async function ensureUser(): Promise<boolean> {
    await ready?.catch(() => undefined);
    if (session.isAuthenticated()) return true;
    const token = session.getToken();
    if (token && attemptedFor !== token) {
      if (!inFlight) {
        attemptedFor = token;
        inFlight = fetchUser()
          .catch(() => null)
          .finally(() => {
            inFlight = null;
          });
      }
      await inFlight;
    } else if (inFlight) {
      await inFlight;
    }
    return session.isAuthenticated();
  }

  return {
    ensureUser,
    /** `pathAndSearch` is where the visitor was going. */
    async check(pathAndSearch: string): Promise<AuthGuardResult> {
      if (await ensureUser()) return { allowed: true };
      return { allowed: false, redirectTo: loginUrlFor(pathAndSearch) };
    },
  };
}

export type AuthGuard = ReturnType<typeof createAuthGuard>;
