import { useEffect } from 'react';

/**
 * A Suspense fallback that draws nothing but tells its owner it is showing: a header button whose
 * dialog's code is still loading spins meanwhile (progress on every wait).
 */
export function LoadingSignal({ onShown }: { onShown: (loading: boolean) => void }) {
  useEffect(() => {
    onShown(true);
    return () => onShown(false);
  }, [onShown]);
  return null;
}
