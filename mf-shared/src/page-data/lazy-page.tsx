import { useState, type ComponentType } from 'react';
import type { PageUrl } from './page-definition';
import { loadOnce } from '../runtime/load-once';
import { preloadableComponent } from '../runtime/preloadable-component';
import { useHydrated } from '../ui/use-hydrated';

type PageComponent = ComponentType<{ url: PageUrl }>;

/** A page component whose code is loaded with the page, not with the app (`lazyPage`). */
export type LazyPageComponent = PageComponent & {
  preload: () => Promise<void>;
  /** The page's chunk and what rendering it in the browser needs beyond it (`alsoForBrowserRender`). */
  preloadForBrowserRender: () => Promise<void>;
  chunk?: string;
};

/**
 * A page's component in its own chunk: forms, markdown and charts load with the pages that use
 * them, not with every page of the app. The server render and the hydration of a server-rendered
 * page call `preloadPage` first, so the page renders at once, the same on both sides; on a client
 * navigation it suspends like the page's data (the page's Suspense shows the loading state), and a
 * link's intent may preload it.
 *
 * `chunk` names the chunk as the import's `webpackChunkName` does. It is published in the page
 * list, so the app server preloads the chunk's files with the page's HTML: a server-rendered
 * page's code then arrives beside the app's, not one round trip after it. The build refuses a
 * name that is not one of its chunks.
 *
 * `alsoForBrowserRender` loads code the page needs only when it is rendered in the browser — the
 * markdown pipeline (`preloadMarkdown`), for a body the server's markup is never hydrated from. A
 * link's intent and a navigation load it beside the chunk; the hydration of the page does not.
 */
export function lazyPage(
  load: () => Promise<{ default: PageComponent }>,
  options: { chunk?: string; alsoForBrowserRender?: () => Promise<unknown> } = {},
): LazyPageComponent {
  const Page = preloadableComponent(load);
  const { alsoForBrowserRender } = options;
  const preloadForBrowserRender = alsoForBrowserRender
    ? loadOnce(() => Promise.all([Page.preload(), alsoForBrowserRender()]).then(() => undefined))
    : Page.preload;
  function LazyPage(props: { url: PageUrl }) {
    // First rendered in the browser (a navigation, not the hydration of the server's page — after
    // which useHydrated turns true too): what the render will need starts loading with the chunk.
    const hydrated = useHydrated();
    const [renderedInBrowser] = useState(hydrated);
    if (renderedInBrowser) void preloadForBrowserRender().catch(() => undefined);
    return <Page {...props} />;
  }
  return Object.assign(LazyPage, {
    preload: Page.preload,
    preloadForBrowserRender,
    ...(options.chunk ? { chunk: options.chunk } : {}),
  });
}

/**
 * Loads a page's component when it is a `lazyPage` (a no-op for any other): for the hydration of
 * its server markup, or with `forBrowserRender` everything a render in the browser needs (a link's intent).
 */
export function preloadPage(
  page: { Page: ComponentType<{ url: PageUrl }> },
  { forBrowserRender = false } = {},
): Promise<void> {
  const lazy = page.Page as Partial<LazyPageComponent>;
  const preload = forBrowserRender ? lazy.preloadForBrowserRender : lazy.preload;
  return preload ? preload() : Promise.resolve();
}
