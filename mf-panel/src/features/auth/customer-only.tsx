import type { FunctionComponent, ReactNode } from 'react';
import { useSessionUser } from '@steel/shared';

/**
 * Around every `/panel/**` page: nothing of the customer's is rendered while nobody is signed in.
 * The shell's guard keeps signed-out visitors off these paths; this covers the moment between a
 * sign-out (here, in another tab, a 401) and the shell moving the page to sign-in.
 */
export function CustomerOnly({ children }: { children: ReactNode }) {
  return useSessionUser() ? <>{children}</> : null;
}

/** A customer page that renders nothing while nobody is signed in (`CustomerOnly` around it). */
export function customerOnly(Page: FunctionComponent): FunctionComponent {
  return function CustomerPage() {
    return (
      <CustomerOnly>
        <Page />
      </CustomerOnly>
    );
  };
}
