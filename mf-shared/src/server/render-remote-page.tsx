/**
 * A remote's server entry (docs/architecture.md, "How a page reaches the screen"): match the URL against the remote's pages, prefetch
 * exactly the data they declare, render to HTML inside the same providers the browser uses, and
 * hand back the dehydrated cache for the browser to hydrate from. Runs in the app server's render
 * workers, one QueryClient per request (never a module-level one).
 */
import { renderToString } from 'react-dom/server';
import { preloadPage } from '../page-data/lazy-page';
import { preloadMarkdown } from '../ui/markdown';
import { StaticRouter } from 'react-router';
import { dehydrate } from '@tanstack/react-query';
import { defaultRuntimeConfig, type RuntimeConfig } from '@steel/contract/runtime-config';
import { createServerShellContext } from './server-shell-context';
import type { RemoteDescription } from '../remote/remote-description';
import { loadOnce } from '../runtime/load-once';
import type { PageHead } from '@steel/contract/page-head';
import type { RemoteRenderRequest, RemoteRenderResult } from '@steel/contract/server-render';
import {
  isServerRendered,
  matchPage,
  queryCollections,
  toPageRoute,
  type ReadQuery,
} from '../page-data/page-definition';
import { CONTRACT_VERSION } from '@steel/contract/contract';
import type { RemoteServerEntry } from '@steel/contract/server-render';
import { RemoteProviders } from '../remote/remote-providers';
import { identifierPrefix } from '../remote/server-markup';
import {
  SLOTS,
  type SlotCondition,
  type SlotContribution,
  type SlotHosts,
  type SlotName,
  type SlotRenderRequest,
  type SlotRenderResult,
  type SlotRequest,
} from '@steel/contract/slots';
import { ServerSlots } from '../slots/slot';
import type { SlotComponents } from '../slots/define-contributions';
import { slotServerRenderer } from '../slots/render-slot';

/** The error a server render reports when the CMS cannot answer: the page is a 503. */
export class ContentUnavailableError extends Error {
  readonly statusCode = 503;
}

// The shell context a server render runs with (its layout's, each remote's, each slot's).
export { createServerShellContext, serverFetch } from './server-shell-context';

/** How React marks a Suspense boundary whose server render failed, left for the browser to render. */
const CLIENT_RENDERED_BOUNDARY = '<!--$!-->';

/** A remote's server entry as its `server.tsx` exports it (functions as properties: they are destructured). */
export interface CreatedServerEntry {
  contract: string;
  pages: RemoteServerEntry['pages'];
  render: (request: RemoteRenderRequest) => Promise<RemoteRenderResult>;
  slotHosts?: SlotHosts;
  contributions?: SlotContribution[];
  renderSlot?: (request: SlotRenderRequest) => Promise<SlotRenderResult>;
}

/**
 * A remote's server entry, from the description its browser entry reads too (remote-description.ts):
 * it publishes every page in its page list, for the shell to route, and renders those whose
 * `rendering` is `server` (private pages are the browser's alone). `extras` are what only the
 * server entry publishes: the slots its pages host, its contributions to other apps' slots.
 */
/**
 * An error's message with its cause's: fetch says only «fetch failed», and why (a reset, a refused
 * connection, a time-out) is in its cause. The log line of a page that became the 503 page says it.
 */
function withCause(error: unknown): string {
  const message = (error as Error | undefined)?.message ?? String(error);
  // The content client's error wraps fetch's, which wraps the socket's: the innermost says why.
  let cause = (error as { cause?: unknown } | undefined)?.cause as
    { code?: string; message?: string; cause?: unknown } | undefined;
  for (let depth = 0; cause?.cause && depth < 5; depth++) cause = cause.cause;
  const why = [cause?.code, cause?.message].filter(Boolean).join(': ');
  return why && why !== message ? `${message} (${why})` : message;
}

export function createRemoteServerEntry(
  remote: RemoteDescription,
  extras: {
    /** The extension slots its pages render (`hostedSlots(…)`). */
    slotHosts?: SlotHosts;
    /**
     * What it contributes to other apps' slots: its components, their place among others' (lower
     * first), and per slot the condition without which its contribution shows nothing (`SlotCondition`).
     */
    contributes?: { components: SlotComponents; order?: number; when?: Partial<Record<SlotName, SlotCondition>> };
  } = {},
): CreatedServerEntry {
  const { app, Root, pages } = remote;
  const { slotHosts, contributes } = extras;
  const serverPages = pages.filter(isServerRendered);
  // The stylesheet is a chunk of the server entry too: read once, on the first render.
  const loadCss = loadOnce(() => remote.css().then((module) => module.default));

  async function render(request: RemoteRenderRequest): Promise<RemoteRenderResult> {
    const config: RuntimeConfig = { ...defaultRuntimeConfig, ...request.config };
    const context = createServerShellContext(config, request.cmsUrl);
    const { api, queryClient } = context;

    const matched = matchPage(serverPages, request.url);
    let head: PageHead | null = null;
    const collections = new Set<string>();
    if (matched) {
      const queries = matched.page.data?.(matched.url, { api }) ?? [];
      try {
        await Promise.all(queries.map((query) => queryClient.fetchQuery(query)));
      } catch (error) {
        throw new ContentUnavailableError(`The CMS did not answer for ${request.url}: ${withCause(error)}`, {
          cause: error,
        });
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

    const slots: SlotRequest[] = [];
    const html = renderToString(
      <ServerSlots.Provider value={slots}>
        <RemoteProviders app={app} context={context}>
          <StaticRouter location={request.url}>
            <Root />
          </StaticRouter>
        </RemoteProviders>
      </ServerSlots.Provider>,
      { identifierPrefix: identifierPrefix(app) },
    );
    // renderToString keeps quiet about a component that throws inside a Suspense boundary: it
    // leaves the boundary to the browser (`<!--$!-->`), and the page would pass for whole — kept
    // in the page cache, failing again at every hydration. No page leaves one on purpose.
    if (html.includes(CLIENT_RENDERED_BOUNDARY))
      throw new Error(
        `part of ${request.url} threw while rendering on the server (React left a Suspense boundary to the browser)`,
      );
    return {
      status: head ? 200 : 404,
      html,
      head,
      state: dehydrate(queryClient),
      css: await loadCss(),
      collections: [...collections],
      ...(slots.length ? { slots } : {}),
    };
  }
  return {
    contract: CONTRACT_VERSION,
    pages: pages.map(toPageRoute),
    render,
    ...(slotHosts ? { slotHosts } : {}),
    ...(contributes
      ? {
          contributions: (Object.keys(contributes.components) as SlotName[]).map((slot) => ({
            slot,
            props: SLOTS[slot].props,
            order: contributes.order ?? 100,
            ...(contributes.when?.[slot] ? { when: contributes.when[slot] } : {}),
          })),
          renderSlot: slotServerRenderer(loadCss, contributes.components),
        }
      : {}),
  };
}
