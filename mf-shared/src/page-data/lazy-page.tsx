import { use, type ComponentType } from 'react';
import type { PageUrl } from './page-definition';
import { loadOnce } from '../runtime/load-once';

type PageComponent = ComponentType<{ url: PageUrl }>;

/** A page component whose code is loaded with the page, not with the app (`lazyPage`). */
export type LazyPageComponent = PageComponent & { preload: () => Promise<void>; chunk?: string };

/**
 * A page's component in its own chunk: forms, markdown and charts load with the pages that use
 * them, not with every page of the app. Unlike React.lazy it can be loaded ahead — the server
 * render and the hydration of a server-rendered page call `preloadPage` first, so the page renders
 * at once, the same on both sides; on a client navigation it suspends like the page's data (the
 * page's Suspense shows the loading state), and a link's intent may preload it.
 *
 * `chunk` names the chunk as the import's `webpackChunkName` does. It is published in the page
 * manifest, so the app server preloads the chunk's files with the page's HTML: a server-rendered
 * page's code then arrives beside the app's, not one round trip after it. The build refuses a
 * name that is not one of its chunks.
 */
export function lazyPage(load: () => Promise<{ default: PageComponent }>, options: { chunk?: string } = {}): LazyPageComponent {
  let loaded: PageComponent | null = null;
  const preload = loadOnce(() =>
    load().then((module) => {
      loaded = module.default;
    }),
  );
  function LazyPage(props: { url: PageUrl }) {
    if (!loaded) use(preload());
    const Loaded = loaded!;
    return <Loaded {...props} />;
  }
  return Object.assign(LazyPage, { preload, ...(options.chunk ? { chunk: options.chunk } : {}) });
}

/** Loads a page's component when it is a `lazyPage` (a no-op for any other). */
export function preloadPage(page: { Page: ComponentType<{ url: PageUrl }> }): Promise<void> {
  const preload = (page.Page as Partial<LazyPageComponent>).preload;
  return preload ? preload() : Promise.resolve();
}
