/**
 * The shell's server entry (docs/architecture.md, "How a page reaches the screen"): what the app
 * server's render workers ask of the shell — where a URL goes (redirect, owner, server or browser
 * rendering), routed by the live remotes' pages, and the layout's HTML around the owning remote's
 * server-rendered markup. Built for Node beside the client build.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import {
  CONTRACT_VERSION,
  defaultRuntimeConfig,
  hostedSlots,
  isBot,
  type RemotePages,
  type SlotRequest,
  type RouteDecision,
  type ShellRenderRequest,
  type ShellRenderResult,
} from '@steel/contract';
import { identifierPrefix, ServerSlots } from '@steel/shared';
import { createServerShellContext } from '@steel/shared/server';
import { ShellRoot } from './app/layout/shell-root';
import { createLiveRoutes, findRedirect } from './app/routes/match-route';
import { createShellStore } from './app/state/shell-store';
import { createSiteNavigationStore } from './app/layout/site-navigation';

export const contract = CONTRACT_VERSION;

export function decideRoute(pathWithQuery: string, pages: RemotePages): RouteDecision {
  const pathname = pathWithQuery.split('?')[0] ?? '/';
  const routes = createLiveRoutes(pages);
  const redirect = findRedirect(pathname, routes.serves);
  // A target chosen by the live apps is temporary: a browser must not keep it after the next deploy.
  if (redirect)
    return { redirect: redirect.to, app: null, rendering: 'server', status: redirect.byLiveApps ? 302 : 301 };
  const route = routes.match(pathname);
  if (!route) return { redirect: null, app: null, rendering: 'server', status: 404 };
  return { redirect: null, app: routes.owner(pathname), rendering: route.definition.rendering, status: 200 };
}

/** The layout (header, footer, error views) around the remote's markup, as the browser hydrates it. */
export function renderShell(request: ShellRenderRequest): ShellRenderResult {
  const config = { ...defaultRuntimeConfig, ...request.config };
  const context = createServerShellContext(config);
  // Bots keep the layout (the status code still says 404 or 503), as in the browser.
  const error = request.error && !isBot(request.userAgent ?? '') ? { ...request.error, url: request.url } : null;
  const store = createShellStore(() => request.url, createLiveRoutes(request.pages), error);
  // The registry's apps as it gives them (the browser builds its navigation from the same entries).
  const navigation = createSiteNavigationStore(
    Object.entries(request.pages).map(([app, pages]) => ({
      pages: pages ?? [],
      navigation: request.navigation?.[app],
    })),
  );
  const slots: SlotRequest[] = [];
  const html = renderToString(
    <StrictMode>
      <ServerSlots.Provider value={slots}>
        <ShellRoot
          context={context}
          store={store}
          navigation={navigation}
          {...(request.remote ? { remoteMarkup: request.remote } : {})}
        />
      </ServerSlots.Provider>
    </StrictMode>,
    { identifierPrefix: identifierPrefix('shell') },
  );
  // The shell's own pages: the error page (fatal) and the 404 view of a path no route owns.
  const title = error ? 'خطا' : store.get().route ? null : 'صفحه مورد نظر یافت نشد';
  return { html, error, title, ...(slots.length ? { slots } : {}) };
}

/** The layout's own extension slot: other apps' counters beside the account button. */
export const slotHosts = hostedSlots('header.counter');
