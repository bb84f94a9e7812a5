import { startTransition, type ComponentType, type ReactElement } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import type { SlotName, SlotProps } from '@steel/contract/slots';
import { ContributionProviders } from './contribution-providers';
import { CONTRIBUTION_MOUNTED_ATTRIBUTE, type ContributionMount, type SlotModule } from './slot-host';

/** A contributor's components, by the slot each fills. */
export type SlotComponents = { [S in SlotName]?: ComponentType<SlotProps[S]> };

/**
 * A contribution whose code is a chunk of its own (`lazyContribution`), fetched when a page first
 * mounts that slot: a contributor's `./slots` module then holds only this list, and a page pays for
 * the code of the slots it hosts, not of every slot the contributor fills.
 */
export interface LazyContribution<S extends SlotName = SlotName> {
  load: () => Promise<{ default: ComponentType<SlotProps[S]> }>;
}

/** A contribution loaded by `load`: an `import()` whose chunk is named by `slotChunkName`. */
export const lazyContribution = <S extends SlotName>(
  load: () => Promise<{ default: ComponentType<SlotProps[S]> }>,
): LazyContribution<S> => ({ load });

/** A `./slots` module's list: each slot's component, or a chunk that holds it. */
export type SlotContributionSources = { [S in SlotName]?: ComponentType<SlotProps[S]> | LazyContribution<S> };

type AnyComponent = ComponentType<Record<string, unknown>>;
const isLazy = (source: unknown): source is LazyContribution =>
  typeof source === 'object' && source !== null && 'load' in source;

/**
 * A contributor's `./slots` module (what its federation config exposes): each component mounted
 * in a React root of its own inside the host's slot, hydrating the server's markup when there is
 * some, rendered in a transition like a remote's page so a phone's input is never held up by it.
 * A lazy contribution's server markup stays as it is until its chunk has come.
 */
export function slotModule(
  components: SlotContributionSources,
  options: {
    /**
     * The contributor's stylesheet, loaded when a contribution mounts on a page that has not got it
     * (the server puts it in the head of a page it filled; a page rendered in the browser has none).
     */
    css?: () => Promise<{ default: string }>;
  } = {},
): SlotModule {
  const module: Record<string, ContributionMount> = {};
  const ensureStylesheet = (app: string) => {
    if (!options.css || document.head.querySelector(`style[data-slot-css="${app}"]`)) return;
    const style = Object.assign(document.createElement('style'), { textContent: '' });
    style.dataset.slotCss = app;
    document.head.append(style);
    void options.css().then((loaded) => (style.textContent = loaded.default));
  };
  for (const [slot, source] of Object.entries(components) as [SlotName, AnyComponent | LazyContribution][]) {
    // One fetch of a lazy contribution's chunk however many slots of a page mount it.
    let loading: Promise<AnyComponent> | undefined;
    const component = (): AnyComponent | Promise<AnyComponent> => {
      if (!isLazy(source)) return source;
      loading ??= source.load().then(
        (loaded) => loaded.default as AnyComponent,
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      );
      return loading;
    };
    module[slot] = (element, props, { context, hydrate, identifierPrefix }) => {
      const app = element.getAttribute('data-app');
      if (app) ensureStylesheet(app);
      let root: Root | undefined;
      let latest: unknown = props;
      let unmounted = false;
      const mounted = () => element.setAttribute(CONTRIBUTION_MOUNTED_ATTRIBUTE, '');
      const start = (Contribution: AnyComponent) => {
        const tree = (current: unknown) => (
          <ContributionProviders context={context} onMounted={mounted}>
            <Contribution {...(current as Record<string, unknown>)} />
          </ContributionProviders>
        );
        startTransition(() => {
          if (hydrate) {
            root = hydrateRoot(element, tree(latest), {
              identifierPrefix,
              onRecoverableError: (error) => context.reportFailure?.('hydrate', error),
            });
          } else {
            root = createRoot(element, { identifierPrefix });
            root.render(tree(latest));
          }
        });
        return tree;
      };
      let render: ((current: unknown) => ReactElement) | undefined;
      const found = component();
      if (found instanceof Promise)
        found.then(
          (Contribution) => {
            if (!unmounted) render = start(Contribution);
          },
          // Its markup goes with it: a contribution that cannot run must not look as if it did.
          (error: unknown) => {
            if (unmounted) return;
            element.replaceChildren();
            context.reportFailure?.('render', error);
          },
        );
      else render = start(found);
      return {
        update: (next) => {
          latest = next;
          if (render) startTransition(() => root?.render(render!(next)));
        },
        // The host unmounts its slot while React is committing its own tree: this root goes after.
        unmount: () => {
          unmounted = true;
          queueMicrotask(() => root?.unmount());
        },
      };
    };
  }
  return module;
}
