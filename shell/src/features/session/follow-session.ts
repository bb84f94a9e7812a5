import { CUSTOMER_QUERY_KEY, type User } from '@steel/contract';
import { loginUrlFor, type AppBus, type SessionStore } from '@steel/shared';
import type { QueryClient } from '@tanstack/react-query';

export interface FollowSessionOptions {
  bus: AppBus;
  session: SessionStore;
  queryClient: Pick<QueryClient, 'removeQueries'>;
  /** True when the path's route has the `auth` guard. */
  isGuarded: (pathname: string) => boolean;
  /** Path and search of the page now shown. */
  currentPath: () => string;
  /** Replaces the current page (no new history entry) with `to`. */
  leave: (to: string) => void;
}

/**
 * What a change of session means for the page, wherever it came from (sign-in or sign-out here, in
 * another tab, a 401 from the CMS):
 * - the account changed hands (signed out, or another customer): every customer query is removed
 *   from the shared cache, so nothing the previous customer saw can be shown again;
 * - nobody is signed in while a guarded page is shown: the visitor goes to sign in, with the page
 *   as the redirect back.
 * The second check waits a microtask, so a page that ends the session and navigates in the same
 * tick (sign-out → home) is judged at its destination. Returns the unsubscribe.
 */
export function followSessionChanges({
  bus,
  session,
  queryClient,
  isGuarded,
  currentPath,
  leave,
}: FollowSessionOptions): () => void {
  let lastUserId: number | null = session.getUser()?.id ?? null;
  const onChange = ({ user }: { user: User | null }) => {
    const userId = user?.id ?? null;
    if (userId !== lastUserId) queryClient.removeQueries({ queryKey: [CUSTOMER_QUERY_KEY] });
    lastUserId = userId;
    if (session.isAuthenticated()) return;
    queueMicrotask(() => {
      const path = currentPath();
      if (!session.isAuthenticated() && isGuarded(path.split(/[?#]/)[0] ?? '/')) leave(loginUrlFor(path));
    });
  };
  bus.on('session:changed', onChange);
  return () => bus.off('session:changed', onChange);
}
