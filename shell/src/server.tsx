/**
 * The shell's server entry (architecture §2): what the app server's render workers ask of the
 * shell — where a URL goes (redirect, owner, server or browser rendering) and the layout's HTML
 * around the owning remote's server-rendered markup. Built for Node beside the client build.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { QueryClient } from '@tanstack/react-query';
import {
  createBus,
  createContentClient,
  createAnonymousSession,
  defaultRuntimeConfig,
  identifierPrefix,
  isBot,
  type RouteDecision,
  type ShellContext,
  type ShellRenderRequest,
  type ShellRenderResult,
} from '@steel/shared';
import { ShellRoot } from './app/layout/shell-root';
import { findRedirect, matchRoute, owningRemote } from './app/routes/match-route';
import { createShellStore } from './app/state/shell-store';

export function decideRoute(pathWithQuery: string): RouteDecision {
  const pathname = pathWithQuery.split('?')[0] ?? '/';
  const redirect = findRedirect(pathname);
  const route = matchRoute(pathname);
  if (redirect) return { redirect, app: null, rendering: 'server', status: 301 };
  if (!route) return { redirect: null, app: null, rendering: 'server', status: 404 };
  return { redirect: null, app: owningRemote(pathname), rendering: route.definition.rendering, status: 200 };
}

/** The layout (header, footer, error views) around the remote's markup, as the browser hydrates it. */
export function renderShell(request: ShellRenderRequest): ShellRenderResult {
  const config = { ...defaultRuntimeConfig, ...request.config };
  const bus = createBus();
  const context: ShellContext = {
    bus,
    session: createAnonymousSession({ config, bus }),
    api: createContentClient({ baseUrl: config.cmsUrl, getToken: () => null, bus }),
    queryClient: new QueryClient(),
    config,
    navigate: () => undefined,
  };
  // Bots keep the layout (the status code still says 404 or 503), as in the browser.
  const error = request.error && !isBot(request.userAgent ?? '') ? { ...request.error, url: request.url } : null;
  const store = createShellStore(() => request.url, error);
  const html = renderToString(
    <StrictMode>
      <ShellRoot context={context} store={store} {...(request.remote ? { remoteMarkup: request.remote } : {})} />
    </StrictMode>,
    { identifierPrefix: identifierPrefix('shell') },
  );
  // The shell's own pages: the error page (fatal) and the 404 view of a path no route owns.
  const title = error ? 'خطا' : store.get().route ? null : 'صفحه مورد نظر یافت نشد';
  return { html, error, title };
}
