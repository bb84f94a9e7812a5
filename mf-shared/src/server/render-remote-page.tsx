/**
 * A remote's server entry (docs/architecture.md, "How a page reaches the screen"): match the URL against the remote's pages, prefetch
 * exactly the data they declare, render to HTML inside the same providers the browser uses, and
 * hand back the dehydrated cache for the browser to hydrate from. Runs in the app server's render
 * workers, one QueryClient per request (never a module-level one).
 */
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { preloadPage } from '../page-data/lazy-page';
import { preloadMarkdown } from '../ui/markdown';
import { StaticRouter } from 'react-router';
import { QueryClient, dehydrate } from '@tanstack/react-query';
import { createBus } from '../bus/create-bus';
import { createContentClient } from '../api/content-client';
import { defaultRuntimeConfig, type RuntimeConfig } from '@steel/contract/runtime-config';
import type { RemoteName } from '@steel/contract/remotes';
import type { RemoteRenderRequest, RemoteRenderResult } from '@steel/contract/server-render';
import type { ShellContext } from '../contracts/shell-context';
import { createAnonymousSession } from '../session/session-store';
import {
  matchPage,
  queryCollections,
  toPageRoute,
  type PageDefinition,
  type PageHead,
  type ReadQuery,
} from '../page-data/page-definition';
import { CONTRACT_VERSION } from '@steel/contract/contract';
import type { RemoteServerEntry } from '@steel/contract/server-render';
import { RemoteProviders } from '../remote/remote-providers';
import { identifierPrefix } from '../remote/server-markup';

/** The error a server render reports when the CMS cannot answer: the page is a 503. */
export class ContentUnavailableError extends Error {
  readonly statusCode = 503;
}

/**
 * The server's fetch to the CMS: a read whose connection failed before any answer (a keep-alive
 * socket the CMS had just closed, a restart) is tried once more. Unlike the browser's client
 * (docs/behaviour.md, "HTTP clients": no retries), this is a GET from the server that no person is waiting to repeat.
 */
export const serverFetch: typeof fetch = async (input, init) => {
  try {
    return await fetch(input, init);
  } catch (error) {
    if ((init?.method ?? 'GET') !== 'GET' || init?.signal?.aborted) throw error;
    return fetch(input, init);
  }
};

/**
 * The shell context on the server: an anonymous visitor, a query client for this one request, no
 * navigation. The shell's layout and every remote's page render with the same kind of context.
 */
export function createServerShellContext(config: RuntimeConfig, cmsUrl: string = config.cmsUrl): ShellContext {
  const bus = createBus();
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000, retry: false } } });
  const api = createContentClient({ baseUrl: cmsUrl, getToken: () => null, bus, fetch: serverFetch });
  return { bus, session: createAnonymousSession({ config, bus }), api, queryClient, config, navigate: () => undefined };
}

/**
 * A remote's server entry. `pages` are the pages it renders on the server; `browserPages` (private
 * pages the browser renders alone) are only published in its page manifest, for the shell to route.
 */
/** How React marks a Suspense boundary whose server render failed, left for the browser to render. */
const CLIENT_RENDERED_BOUNDARY = '<!--$!-->';

export function createRemoteServerEntry(options: {
  app: RemoteName;
  css: string;
  Root: () => ReactNode;
  pages: readonly PageDefinition[];
  browserPages?: readonly Parameters<typeof toPageRoute>[0][];
}): Required<RemoteServerEntry> {
  const { app, css, Root, pages, browserPages = [] } = options;

  async function render(request: RemoteRenderRequest): Promise<RemoteRenderResult> {
    const config: RuntimeConfig = { ...defaultRuntimeConfig, ...request.config };
    const context = createServerShellContext(config, request.cmsUrl);
    const { api, queryClient } = context;

    const matched = matchPage(pages, request.url);
    let head: PageHead | null = null;
    const collections = new Set<string>();
    if (matched) {
      const queries = matched.page.data?.(matched.url, { api }) ?? [];
      try {
        await Promise.all(queries.map((query) => queryClient.fetchQuery(query)));
      } catch (error) {
        throw new ContentUnavailableError(
          `The CMS did not answer for ${request.url}: ${(error as Error)?.message ?? error}`,
          { cause: error },
        );
      }
      for (const query of queries) {
        for (const collection of queryCollections(query)) collections.add(collection);
      }
      const read: ReadQuery = (queryOptions) => queryClient.getQueryData(queryOptions.queryKey) as never;
      head = matched.page.head(matched.url, read, { api });
      // A page in its own chunk, and the markdown pipeline, are loaded before the render, so their
      // markup is in the HTML (renderToString cannot wait for code).
      await Promise.all([preloadPage(matched.page), preloadMarkdown()]);
    }

    const html = renderToString(
      <RemoteProviders app={app} context={context}>
        <StaticRouter location={request.url}>
          <Root />
        </StaticRouter>
      </RemoteProviders>,
      { identifierPrefix: identifierPrefix(app) },
    );
    // renderToString keeps quiet about a component that throws inside a Suspense boundary: it
    // leaves the boundary to the browser (`<!--$!-->`), and the page would pass for whole — kept
    // in the page cache, failing again at every hydration. No page leaves one on purpose.
    if (html.includes(CLIENT_RENDERED_BOUNDARY))
      throw new Error(
        `part of ${request.url} threw while rendering on the server (React left a Suspense boundary to the browser)`,
      );
    return { status: head ? 200 : 404, html, head, state: dehydrate(queryClient), css, collections: [...collections] };
  }
  return { contract: CONTRACT_VERSION, pages: [...pages, ...browserPages].map(toPageRoute), render };
}
