import { startTransition, type ComponentType } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import type { SlotName, SlotProps } from '@steel/contract/slots';
import { ContributionProviders } from './contribution-providers';
import type { ContributionMount, SlotModule } from './slot-host';

/** A contributor's components, by the slot each fills. */
export type SlotComponents = { [S in SlotName]?: ComponentType<SlotProps[S]> };

/**
 * A contributor's `./slots` module (what its federation config exposes): each component mounted
 * in a React root of its own inside the host's slot, hydrating the server's markup when there is
 * some, rendered in a transition like a remote's page so a phone's input is never held up by it.
 */
export function slotModule(
  components: SlotComponents,
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
  for (const [slot, Contribution] of Object.entries(components) as [
    SlotName,
    ComponentType<Record<string, unknown>>,
  ][]) {
    module[slot] = (element, props, { context, hydrate, identifierPrefix }) => {
      const app = element.getAttribute('data-app');
      if (app) ensureStylesheet(app);
      const tree = (current: unknown) => (
        <ContributionProviders context={context}>
          <Contribution {...(current as Record<string, unknown>)} />
        </ContributionProviders>
      );
      let root: Root | undefined;
      startTransition(() => {
        if (hydrate) {
          root = hydrateRoot(element, tree(props), {
            identifierPrefix,
            onRecoverableError: (error) => context.reportFailure?.('hydrate', error),
          });
        } else {
          root = createRoot(element, { identifierPrefix });
          root.render(tree(props));
        }
      });
      return {
        update: (next) => startTransition(() => root?.render(tree(next))),
        // The host unmounts its slot while React is committing its own tree: this root goes after.
        unmount: () => queueMicrotask(() => root?.unmount()),
      };
    };
  }
  return module;
}
