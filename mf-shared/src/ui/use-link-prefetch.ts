import { useEffect, type RefObject } from 'react';
import { currentConnection, mayPrefetch, onIdle } from '../navigation/prefetch-rules';
import { onceVisible } from './once-visible';

/**
 * Prefetch for the kernel `Link` (docs/behaviour.md, "Link prefetch"): once the anchor scrolls into view (one
 * observer for all links, `onceVisible`), during idle
 * time, ask the shell (`context.prefetch`) to preload the code of the app owning `to`. The
 * shell decides whether that app still needs loading and queues the preloads.
 */
export function useLinkPrefetch(
  ref: RefObject<HTMLAnchorElement | null>,
  to: string,
  options: { enabled: boolean; target?: string; prefetch?: (to: string) => void },
): void {
  const { enabled, target, prefetch } = options;
  useEffect(() => {
    const element = ref.current;
    if (!enabled || !prefetch || !element || typeof IntersectionObserver === 'undefined') return;
    if (!mayPrefetch({ to, target, connection: currentConnection() })) return;
    let cancelIdle: (() => void) | null = null;
    const cancelWait = onceVisible(element, () => {
      cancelIdle = onIdle(() => {
        // The connection may have changed (data saver switched on) since the link appeared.
        if (mayPrefetch({ to, target, connection: currentConnection() })) prefetch(to);
      });
    });
    return () => {
      cancelWait();
      cancelIdle?.();
    };
  }, [ref, to, enabled, target, prefetch]);
}
