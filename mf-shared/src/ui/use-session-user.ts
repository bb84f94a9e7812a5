import { useCallback, useSyncExternalStore } from 'react';
import type { User } from '../contracts/user';
import { useShell } from './shell-context';

/**
 * The signed-in customer, kept current: sign-in, sign-out, a profile edit, another tab or a 401
 * re-render the component (the session store announces every change as `session:changed`).
 */
export function useSessionUser(): User | null {
  const { bus, session } = useShell();
  const subscribe = useCallback(
    (onChange: () => void) => {
      bus.on('session:changed', onChange);
      return () => bus.off('session:changed', onChange);
    },
    [bus],
  );
  // A signed-in page needs the token too (behaviour §6: authenticated = token and user).
  const snapshot = () => (session.isAuthenticated() ? session.getUser() : null);
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
