import { Component, type ErrorInfo, type ReactNode } from 'react';
import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import type { AppProps } from 'single-spa';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import type { ShellContext } from '../contracts/shell-context';
import type { RemoteName } from '../contracts/remotes';
import { ShellContextProvider } from '../ui/shell-context';
import { installChunkLoadGuard } from '../runtime/chunk-load-guard';

/** What single-spa hands a remote: the shell context plus single-spa's own props. */
export type RemoteMountProps = ShellContext & AppProps & { domElement?: HTMLElement; domElementGetter?: () => HTMLElement };

interface RemoteErrorBoundaryProps {
  app: RemoteName;
  context: ShellContext;
  children: ReactNode;
}

/** A crash inside a remote is reported to the shell's error pipeline instead of blanking the page. */
class RemoteErrorBoundary extends Component<RemoteErrorBoundaryProps, { crashed: boolean }> {
  override state = { crashed: false };

  static getDerivedStateFromError() {
    return { crashed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`[${this.props.app}] render error`, error, info.componentStack);
    this.props.context.bus.emit('app:error', {
      statusCode: 500,
      statusMessage: 'Internal Error',
      message: error.message,
      fatal: true,
    });
  }

  override render() {
    return this.state.crashed ? null : this.props.children;
  }
}

/** Only the contract's fields cross into the app; single-spa's own props stay out. */
function pickShellContext(props: RemoteMountProps): ShellContext {
  const { bus, session, api, queryClient, config, navigate, setPageMeta, prefetch } = props;
  return { bus, session, api, queryClient, config, navigate, ...(setPageMeta ? { setPageMeta } : {}), ...(prefetch ? { prefetch } : {}) };
}

/**
 * single-spa lifecycles for a remote (architecture §4): React 19 root, the shell context in
 * React context, the shared query client, the remote's own router, an error boundary, and the remote's stylesheet present only while it is mounted.
 */
export function createRemoteLifecycles(options: { app: RemoteName; css: string; Root: () => ReactNode }) {
  const { app, css, Root } = options;
  const reactLifecycles = singleSpaReact<ShellContext & { domElement?: HTMLElement }>({
    React,
    ReactDOMClient,
    // RemoteErrorBoundary below reports crashes to the shell.
    suppressComponentDidCatchWarning: true,
    rootComponent: (props: RemoteMountProps) => {
      const context = pickShellContext(props);
      return (
        <RemoteErrorBoundary app={app} context={context}>
          <ShellContextProvider value={context}>
            <QueryClientProvider client={context.queryClient}>
              <BrowserRouter>
                <Root />
              </BrowserRouter>
            </QueryClientProvider>
          </ShellContextProvider>
        </RemoteErrorBoundary>
      );
    },
  });

  let style: HTMLStyleElement | null = null;
  return {
    bootstrap: reactLifecycles.bootstrap,
    mount: async (props: RemoteMountProps) => {
      // This remote's lazy chunks load through its own webpack runtime: a failure there is a chunk
      // error for the shell's reload guard (behaviour §3).
      installChunkLoadGuard((error) => props.bus.emit('app:chunk-error', { error, path: window.location.pathname + window.location.search }));
      style = document.createElement('style');
      style.dataset.app = app;
      style.textContent = css;
      document.head.appendChild(style);
      // The remote's stylesheet is scoped to this attribute (scripts/webpack/scope-remote-css.ts).
      (props.domElement ?? props.domElementGetter?.())?.setAttribute('data-app', app);
      await reactLifecycles.mount(props);
    },
    unmount: async (props: RemoteMountProps) => {
      await reactLifecycles.unmount(props);
      style?.remove();
      style = null;
    },
  };
}
