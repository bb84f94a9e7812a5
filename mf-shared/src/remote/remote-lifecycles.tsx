import type { ReactNode } from 'react';
import type { RemoteDescription } from './remote-description';
import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import type { AppProps } from 'single-spa';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { BrowserRouter } from '@steel/shared/router';
import type { ShellContext } from '../contracts/shell-context';
import { CONTRACT_VERSION, ContractError, SHELL_CONTEXT_FIELDS, mountPropProblems } from '@steel/contract/contract';
import { preloadPage } from '../page-data/lazy-page';
import { loadOnce } from '../runtime/load-once';
import { matchPage } from '../page-data/page-definition';
import { withPageDataLoad } from '../page-data/page-data-load';
import { RemoteProviders } from './remote-providers';
import {
  SSR_URL_ATTRIBUTE,
  hasServerMarkupFor,
  identifierPrefix,
  queryStateElementId,
  takeEmbeddedJson,
} from './server-markup';

/** What single-spa hands a remote: the shell context plus single-spa's own props. */
export type RemoteMountProps = ShellContext &
  AppProps & { domElement?: HTMLElement; domElementGetter?: () => HTMLElement };

/**
 * Only the contract's fields cross into the app (single-spa's own props stay out), and only when
 * the shell handed over every one the contract requires: a shell that renamed or dropped a prop is
 * a contract break, reported at mount instead of as dead links later.
 */
function pickShellContext(props: RemoteMountProps): ShellContext {
  const problems = mountPropProblems(props as unknown as Record<string, unknown>);
  if (problems.length) throw new ContractError(`The shell broke contract ${CONTRACT_VERSION}: ${problems.join('; ')}`);
  const context: Record<string, unknown> = {};
  for (const name of Object.keys(SHELL_CONTEXT_FIELDS)) {
    const value = (props as unknown as Record<string, unknown>)[name];
    if (value !== undefined && value !== null) context[name] = value;
  }
  return context as unknown as ShellContext;
}

const currentPath = () => window.location.pathname + window.location.search;

/**
 * The embedded data counts as fetched now: the page may come from the server's page cache, but
 * that cache drops a page as soon as the CMS changes what it read, so its data is current. Left
 * with the server's fetch time, a page cached for over a minute would refetch on hydration.
 */
function freshAsOfNow(state: DehydratedState): DehydratedState {
  const now = Date.now();
  return {
    ...state,
    queries: state.queries.map((query) => ({ ...query, state: { ...query.state, dataUpdatedAt: now } })),
  };
}

/**
 * single-spa lifecycles for a remote (docs/architecture.md, "Contracts between apps"): React 19 root, the shell context in
 * React context, the shared query client, the remote's own router, an error boundary, and the
 * remote's stylesheet present only while it is mounted. When the app's container holds server
 * markup for the current URL, the first mount hydrates it (with the embedded query cache) instead
 * of rendering anew; later mounts render as usual.
 *
 * `guardChunkLoads` is the calling app's own chunk-load guard (createRemoteLifecycles passes it):
 * this module may be another remote's copy (remote-core), whose webpack runtime is not the app's.
 */
export function remoteLifecycles(
  options: RemoteDescription & { guardChunkLoads: (onChunkError: (error: Error) => void) => void },
) {
  const { app, Root, pages } = options;
  const loadCss = loadOnce(() => options.css().then((module) => module.default));
  let hydrating = false;
  /** The props of the mount under way: a hydration mismatch is reported through them. */
  let mounted: RemoteMountProps | null = null;
  // single-spa-react 6 calls createRoot/hydrateRoot without options: this wrapper adds the app's
  // identifierPrefix (the server renders with the same one) so useId values match and never collide.
  const prefixedReactDOMClient = {
    ...ReactDOMClient,
    // single-spa-react renders into the new root itself: its render goes through a transition for
    // the same reason as hydration below (a page rendered in the browser, e.g. the panel's, would
    // otherwise be drawn in one task that input cannot interrupt).
    createRoot: (container: Element, rootOptions?: ReactDOMClient.RootOptions): ReactDOMClient.Root => {
      const root = ReactDOMClient.createRoot(container, { identifierPrefix: identifierPrefix(app), ...rootOptions });
      return {
        render: (children) => React.startTransition(() => root.render(children)),
        unmount: () => root.unmount(),
      };
    },
    // As a transition: React hydrates in slices and yields between them (the server's HTML is on
    // screen already), instead of one long task that blocks input on a slow phone.
    hydrateRoot: (container: Element, children: ReactNode, rootOptions?: ReactDOMClient.HydrationOptions) => {
      let root: ReactDOMClient.Root | undefined;
      React.startTransition(() => {
        root = ReactDOMClient.hydrateRoot(container, children, {
          identifierPrefix: identifierPrefix(app),
          // React recovers by rendering afresh; the team still hears that server and browser disagreed.
          onRecoverableError: (error) => {
            console.error(`[${app}] hydration mismatch`, error);
            mounted?.reportFailure?.('hydrate', error);
          },
          ...rootOptions,
        });
      });
      return root!;
    },
  };
  const reactLifecycles = singleSpaReact<ShellContext & { domElement?: HTMLElement }>({
    React,
    ReactDOMClient: prefixedReactDOMClient,
    renderType: () => (hydrating ? 'hydrateRoot' : 'createRoot'),
    // RemoteProviders reports crashes to the shell.
    suppressComponentDidCatchWarning: true,
    rootComponent: (props: RemoteMountProps) => (
      <RemoteProviders app={app} context={pickShellContext(props)}>
        <BrowserRouter>
          <Root />
        </BrowserRouter>
      </RemoteProviders>
    ),
  });

  let style: HTMLStyleElement | null = null;
  return {
    bootstrap: reactLifecycles.bootstrap,
    mount: async (props: RemoteMountProps) => {
      // Before anything is drawn: a contract break fails the mount, which the shell contains.
      pickShellContext(props);
      mounted = props;
      // This remote's lazy chunks load through its own webpack runtime: a failure there is a chunk
      // error for the shell's reload guard (docs/behaviour.md, "Reload guard").
      options.guardChunkLoads((error) => props.bus.emit('app:chunk-error', { error, path: currentPath() }));
      const container = props.domElement ?? props.domElementGetter?.();
      hydrating = hasServerMarkupFor(container, currentPath());
      // The page's data as the server fetched it: hydrated into the shared cache, not fetched again.
      const state = takeEmbeddedJson<DehydratedState>(document, queryStateElementId(app));
      if (hydrating && state) hydrate(props.queryClient, freshAsOfNow(state));
      // The server put this app's stylesheet in the head (no unstyled flash): adopt it.
      style = document.head.querySelector<HTMLStyleElement>(`style[data-app="${app}"]`);
      if (!style) {
        const textContent = await loadCss();
        style = document.createElement('style');
        style.dataset.app = app;
        style.textContent = textContent;
        document.head.appendChild(style);
      }
      // The remote's stylesheet is scoped to this attribute (@steel/build, mf-build/src/scope-remote-css.ts).
      container?.setAttribute('data-app', app);
      // A server-rendered page in its own chunk is loaded first: hydration then finds the same
      // markup at once instead of a loading state that would replace the server's HTML.
      const matched = hydrating ? matchPage(pages, currentPath()) : null;
      if (matched) await preloadPage(matched.page);
      try {
        await reactLifecycles.mount(props);
      } finally {
        // Server markup is for one URL, once: a later mount renders fresh.
        container?.removeAttribute(SSR_URL_ATTRIBUTE);
        hydrating = false;
      }
    },
    unmount: async (props: RemoteMountProps) => {
      await reactLifecycles.unmount(props);
      style?.remove();
      style = null;
    },
    /**
     * The visitor is about to open `path` (a link pointed at or focused): its data into the
     * shared query cache and its code into the page, so the page renders at once on the click.
     */
    prefetchPage: async (path: string, context: Pick<ShellContext, 'api' | 'queryClient' | 'config' | 'bus'>) => {
      const matched = matchPage(pages, path);
      if (!matched) return;
      const queries = matched.page.data?.(matched.url, { api: context.api }) ?? [];
      // As the navigation would load them (time limit, one retry, the same error): a click while
      // this runs joins it and shows what its own load would have shown.
      const load = {
        timeoutMs: context.config.pageDataTimeoutMs,
        queryClient: context.queryClient,
        bus: context.bus,
        prefetch: true,
      };
      await Promise.all([
        preloadPage(matched.page, { forBrowserRender: true }).catch(() => undefined),
        ...(style ? [] : [loadCss().catch(() => undefined)]),
        ...queries.map((query) => context.queryClient.prefetchQuery(withPageDataLoad(query, load))),
      ]);
    },
  };
}
