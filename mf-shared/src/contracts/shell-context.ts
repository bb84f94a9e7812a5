import type { SHELL_CONTEXT_FIELDS } from '@steel/contract/contract';
import type { QueryClient } from '@tanstack/react-query';
import type { AppBus } from '../bus/create-bus';
import type { SessionStore } from '../session/session-store';
import type { ContentClient } from '../api/content-types';
import type { RuntimeConfig } from '@steel/contract/runtime-config';
import type { RemoteFailureKind } from '@steel/contract/remotes';
import type { ColourModeController } from '../colour-mode/colour-mode';
import type { LiveContribution, SlotName, SlotProps } from '@steel/contract/slots';

export interface PageMeta {
  title?: string;
  description?: string;
  canonical?: string;
}

/**
 * Mount props every remote receives (docs/architecture.md, "Contracts between apps"). State crosses app boundaries only
 * through these, never through module-level singletons.
 */
export interface ShellContext {
  bus: AppBus;
  session: SessionStore;
  api: ContentClient;
  queryClient: QueryClient;
  config: RuntimeConfig;
  /** Navigate without a full page load, whichever app owns the target. */
  navigate: (to: string, options?: { replace?: boolean }) => void;
  setPageMeta?: (meta: PageMeta) => void;
  /**
   * Asks the shell to preload the code of the app owning `to` (docs/behaviour.md, "Link prefetch"). Optional: a remote
   * mounted alone (tests, dev harness) has no shell to prefetch for. The kernel `Link` calls it.
   */
  prefetch?: (to: string) => void;
  /**
   * The visitor points at or focuses a link to `to`: the shell loads the owning app and has it
   * fetch that page's data and code, so the click renders at once. Optional, like `prefetch`.
   */
  prefetchOnIntent?: (to: string) => void;
  /** Colour mode (docs/behaviour.md, "Colour mode"): a page may force `light`/`dark` through it. Absent in a bare harness. */
  colourMode?: ColourModeController;
  /**
   * Tells the team that deployed this remote that it failed in a visitor's browser: a hydration
   * mismatch, or a render error caught by its error boundary (contract 1.1). Absent in a harness.
   */
  reportFailure?: (kind: Extract<RemoteFailureKind, 'hydrate' | 'render'>, error: unknown) => void;
  /** The live contributions to extension slots, for `<Slot>` (contract 1.7). Absent in a harness: slots stay empty. */
  slots?: SlotHost;
}

/** One contribution mounted into its element: the host's new props reach it through `update`. */
export interface MountedContribution {
  update(props: unknown): void;
  unmount(): void;
}

export interface ContributionMountOptions {
  /** The shell context as the contributor sees it: failures it reports are its own. */
  context: ShellContext;
  /** The element holds the server's markup of this contribution: hydrate it. */
  hydrate: boolean;
  /** The useId prefix of the contribution's root (the server rendered with the same). */
  identifierPrefix: string;
}

/** Mounts one contribution to one slot into an element the host gives it. */
export type ContributionMount<S extends SlotName = SlotName> = (
  element: HTMLElement,
  props: SlotProps[S],
  options: ContributionMountOptions,
) => MountedContribution;

/** A contributor's `./slots` module: per slot it fills, how to mount its contribution. */
export type SlotModule = { [S in SlotName]?: ContributionMount<S> };

/** The mount prop `slots`: the shell's view of the live contributions. */
export interface SlotHost {
  /** The live contributions to `slot`, in the order they are shown. */
  contributions(slot: SlotName): readonly LiveContribution[];
  /** Calls `listener` when the live contributions change (a registry fetched after the page loaded); returns the unsubscribe. */
  subscribe?(listener: () => void): () => void;
  /** A contributor's `./slots` module (loaded once, within the remote load time limit). */
  load(app: string): Promise<SlotModule>;
  /** A contribution failed on this page (load, render, hydration): told to its team, never the host's. */
  report(app: string, slot: SlotName, error: unknown): void;
}

// The contract lists the mount props as data (`SHELL_CONTEXT_FIELDS`, without the kit's types): this
// fails the type check when the interface above and that list name different props.
type SameKeys<A, B> = [Exclude<keyof A, keyof B>, Exclude<keyof B, keyof A>] extends [never, never] ? true : false;
const shellContextMatchesContract: SameKeys<ShellContext, typeof SHELL_CONTEXT_FIELDS> = true;
void shellContextMatchesContract;
