import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False while React hydrates server markup (and on the server), true from then on — and true from
 * the first render of a page rendered in the browser. A form rendered on the server is on screen
 * before its code runs: it stays disabled until then, so nothing typed is lost to hydration and no
 * native submit sends a password in a URL.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
