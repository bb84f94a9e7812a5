import { use, type ComponentType } from 'react';
import { loadOnce } from './load-once';

/** A component whose code is in a chunk of its own, with a `preload` to load it ahead. */
export type PreloadableComponent<P> = ComponentType<P> & {
  preload: () => Promise<void>;
  /** Suspends the calling component until the code is in (a no-op once it is). */
  suspendUntilLoaded: () => void;
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
  const suspendUntilLoaded = () => {
    if (!loaded) use(preload());
  };
  function Preloadable(props: P) {
    suspendUntilLoaded();
    const Loaded = loaded!;
    return <Loaded {...props} />;
  }
  return Object.assign(Preloadable, { preload, suspendUntilLoaded });
}
