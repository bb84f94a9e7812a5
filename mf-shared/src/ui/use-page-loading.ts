import { useEffect } from 'react';
import { useShell } from '@steel/shared/remote-core';

/** While `loading`, the shell's loading bar runs (`page:loading:start/end` on the bus). */
export function usePageLoading(loading: boolean, failed = false): void {
  const { bus } = useShell();
  useEffect(() => {
    if (!loading) return;
    bus.emit('page:loading:start', {});
    return () => bus.emit('page:loading:end', failed ? { error: true } : {});
  }, [bus, loading, failed]);
}
