import type { SHELL_CONTEXT_FIELDS } from '@steel/contract/contract';
import type { QueryClient } from '@tanstack/react-query';
import type { AppBus } from '../bus/create-bus';
import type { SessionStore } from '../session/session-store';
import type { ContentClient } from '../api/content-client';
import type { RuntimeConfig } from '@steel/contract/runtime-config';
import type { RemoteFailureKind } from '@steel/contract/remotes';
import type { ColourModeController } from '../colour-mode/colour-mode';

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
}

// The contract lists the mount props as data (`SHELL_CONTEXT_FIELDS`, without the kit's types): this
// fails the type check when the interface above and that list name different props.
type SameKeys<A, B> = [Exclude<keyof A, keyof B>, Exclude<keyof B, keyof A>] extends [never, never] ? true : false;
const shellContextMatchesContract: SameKeys<ShellContext, typeof SHELL_CONTEXT_FIELDS> = true;
void shellContextMatchesContract;
