import { Component, useEffect, type ReactNode } from 'react';
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

/** Calls `onCommit` once its children have rendered in the browser (never on the server, nor after a throw). */
function AfterCommit({ onCommit, children }: { onCommit: (() => void) | undefined; children: ReactNode }) {
  useEffect(() => onCommit?.(), [onCommit]);
  return children;
}

/**
 * What wraps every contribution's root, on the server and in the browser alike (so hydration sees
 * one tree); `onMounted` is told when the contribution has rendered in the browser.
 */
export function ContributionProviders({
  context,
  onMounted,
  children,
}: {
  context: ShellContext;
  onMounted?: () => void;
  children: ReactNode;
}) {
  return (
    <ContributionBoundary context={context}>
      <ShellContextProvider value={context}>
        <QueryClientProvider client={context.queryClient}>
          <AfterCommit onCommit={onMounted}>{children}</AfterCommit>
        </QueryClientProvider>
      </ShellContextProvider>
    </ContributionBoundary>
  );
}
