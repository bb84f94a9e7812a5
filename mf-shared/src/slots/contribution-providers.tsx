import { Component, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ShellContext } from '../contracts/shell-context';
import { ShellContextProvider } from '@steel/shared/remote-core';

/**
 * A contribution that throws renders nothing and tells its own team (`reportFailure` is the
 * contributor's, given by the host's `<Slot>`): the host's page around it is untouched, and no
 * error page or in-layout error is shown for what is an addition to someone else's page.
 */
class ContributionBoundary extends Component<{ context: ShellContext; children: ReactNode }, { crashed: boolean }> {
  override state = { crashed: false };

  static getDerivedStateFromError() {
    return { crashed: true };
  }

  override componentDidCatch(error: Error) {
    this.props.context.reportFailure?.('render', error);
  }

  override render() {
    return this.state.crashed ? null : this.props.children;
  }
}

/** What wraps every contribution's root, on the server and in the browser alike (so hydration sees one tree). */
export function ContributionProviders({ context, children }: { context: ShellContext; children: ReactNode }) {
  return (
    <ContributionBoundary context={context}>
      <ShellContextProvider value={context}>
        <QueryClientProvider client={context.queryClient}>{children}</QueryClientProvider>
      </ShellContextProvider>
    </ContributionBoundary>
  );
}
