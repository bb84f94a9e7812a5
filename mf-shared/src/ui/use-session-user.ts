import { useCallback, useSyncExternalStore } from 'react';
import type { User } from '@steel/contract/user';
import { useShell } from '@steel/shared/remote-core';

/**
 * The signed-in customer, kept current: sign-in, sign-out, a profile edit, another tab or a 401
 * re-render the component (the session store announces every change as `session:changed`).
 */
const signedOut = () => null;

export function useSessionUser(): User | null {
  const { bus, session } = useShell();
  const subscribe = useCallback(
    (onChange: () => void) => {
      bus.on('session:changed', onChange);
      return () => bus.off('session:changed', onChange);
    },
    [bus],
  );
  // A signed-in page needs the token too (authenticated = token and user, docs/behaviour.md, "Session cookies").
  const snapshot = () => (session.isAuthenticated() ? session.getUser() : null);
  // Server-rendered HTML is shared by every visitor (and cached): it and its hydration show nobody
  // signed in; the customer appears right after hydration.
  return useSyncExternalStore(subscribe, snapshot, signedOut);
}
