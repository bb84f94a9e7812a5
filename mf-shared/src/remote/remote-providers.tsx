import { Component, type ErrorInfo, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ShellContext } from '../contracts/shell-context';
import type { RemoteName } from '@steel/contract/remotes';
import { ShellContextProvider } from '../ui/shell-context';

interface RemoteErrorBoundaryProps {
  app: RemoteName;
  context: ShellContext;
  children: ReactNode;
}

/**
 * A crash inside a remote stays in the remote's place
 * (docs/architecture.md, "Failure stays contained"): the remote renders nothing, and the shell — told through `reportFailure` — shows
 * its in-layout error with a retry, the header, footer and other apps untouched. Never the fatal
 * error page: a page whose code throws used to replace the whole site with «خطا ۵۰۰».
 * The crash belongs to the page it happened on: the next navigation renders the remote afresh
 * (a page that failed while the CMS was away must not stay blank once it is
 * back; measured before: the remote rendered nothing on every later page until a reload).
 */
class RemoteErrorBoundary extends Component<RemoteErrorBoundaryProps, { crashed: boolean }> {
  override state = { crashed: false };
  private crashedAt: string | null = null;

  static getDerivedStateFromError() {
    return { crashed: true };
  }

  private readonly onNavigation = () => {
    if (this.state.crashed && window.location.href !== this.crashedAt) this.setState({ crashed: false });
  };

  override componentDidMount() {
    window.addEventListener('single-spa:routing-event', this.onNavigation);
    window.addEventListener('popstate', this.onNavigation);
  }

  override componentWillUnmount() {
    window.removeEventListener('single-spa:routing-event', this.onNavigation);
    window.removeEventListener('popstate', this.onNavigation);
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    this.crashedAt = typeof window === 'undefined' ? null : window.location.href;
    // A failed read is not remembered: TanStack Query would hand a suspense page its cached error
    // again without asking (no retry on mount after an error), so the page stayed broken after
    // the CMS came back. Dropped, the next visit reads afresh.
    this.props.context.queryClient.removeQueries({ predicate: (query) => query.state.status === 'error' });
    console.error(`[${this.props.app}] render error`, error, info.componentStack);
    // The shell shows the in-layout error (and tells the team); a chunk that failed to load is
    // its chunk-error handling's, which reloads once first.
    this.props.context.reportFailure?.('render', error);
    // Logged by the shell's error pipeline; not fatal, so the layout stays.
    this.props.context.bus.emit('app:error', {
      statusCode: 500,
      statusMessage: 'Internal Error',
      message: error.message,
      fatal: false,
    });
  }

  override render() {
    return this.state.crashed ? null : this.props.children;
  }
}

/**
 * What wraps every remote's root, in the browser and on the server alike (so hydration sees the
 * same tree): error boundary, the shell context, the shared query client. The router differs by
 * side (BrowserRouter / StaticRouter) and is passed in as children.
 */
export function RemoteProviders({
  app,
  context,
  children,
}: {
  app: RemoteName;
  context: ShellContext;
  children: ReactNode;
}) {
  return (
    <RemoteErrorBoundary app={app} context={context}>
      <ShellContextProvider value={context}>
        <QueryClientProvider client={context.queryClient}>{children}</QueryClientProvider>
      </ShellContextProvider>
    </RemoteErrorBoundary>
  );
}
