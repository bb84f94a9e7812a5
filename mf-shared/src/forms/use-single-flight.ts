import { useCallback, useRef } from 'react';

/**
 * Runs a write at most once at a time: a second submit (double click, Enter while sending) is
 * dropped. A ref, not `isPending` from render: the second submit can arrive before React has
 * re-rendered with the first one's state (the form's closures would still say «idle»).
 */
export function useSingleFlight() {
  const running = useRef(false);
  return useCallback(async (task: () => Promise<unknown>): Promise<void> => {
    if (running.current) return;
    running.current = true;
    try {
      await task();
    } catch {
      // The mutation's own state carries the failure; the form shows it and keeps its values.
    } finally {
      running.current = false;
    }
  }, []);
}
