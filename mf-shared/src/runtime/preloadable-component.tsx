import { use, type ComponentType } from 'react';
import { loadOnce } from './load-once';

/** A component whose code is in a chunk of its own, with a `preload` to load it ahead. */
export type PreloadableComponent<P> = ComponentType<P> & {
  preload: () => Promise<void>;
  /** Whether the code is in; a component that needs it first suspends on `use(preload())` until it is. */
  isLoaded: () => boolean;
};

/**
 * A component loaded on first render or ahead of it, by `preload`. Unlike React.lazy it can be
 * loaded ahead — a server render (renderToString cannot wait for code) and the hydration of a
 * server-rendered page call `preload` first, so it renders at once, the same on both sides;
 * rendered before it is loaded, it suspends (the nearest Suspense boundary shows its fallback).
 */
export function preloadableComponent<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): PreloadableComponent<P> {
  let loaded: ComponentType<P> | null = null;
  const preload = loadOnce(() =>
    load().then((module) => {
      loaded = module.default;
    }),
  );
  function Preloadable(props: P) {
    if (!loaded) use(preload());
    const Loaded = loaded!;
    return <Loaded {...props} />;
  }
  return Object.assign(Preloadable, { preload, isLoaded: () => loaded !== null });
}
