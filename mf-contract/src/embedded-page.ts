/**
 * What the app server embeds in a page for the shell and the remotes to read back (docs/architecture.md,
 * "How a page reaches the screen"): the server and the apps are deployed apart, so the names are the contract's.
 */
import type { AppError } from './errors';
import type { RemoteName } from './remotes';

/** `data-ssr-url` on the app's container: server markup for exactly this path + query. */
export const SSR_URL_ATTRIBUTE = 'data-ssr-url';
/** `<script type="application/json" id="query-state-catalogue">` and so on. */
export const queryStateElementId = (app: string) => `query-state-${app}`;
/** The remote registry the HTML was rendered with (the browser loads exactly those versions). */
export const REMOTE_REGISTRY_ELEMENT_ID = 'remote-registry';
/** The shell's state at render time (a fatal error, for the error page to hydrate). */
export const SHELL_STATE_ELEMENT_ID = 'shell-state';

/**
 * Which live remotes cannot run beside the shell the page was rendered with, as the app server
 * found (`incompatibility`, against that shell's app manifest): the shell takes the verdicts for the
 * versions of the registry embedded beside them instead of working them out again at start-up.
 */
export type IncompatibleRemotes = Partial<Record<RemoteName, string>>;

/** `#shell-state`: written by the app server, read once by the shell's bootstrap. */
export interface EmbeddedShellState {
  /** The fatal error the page shows (its error page hydrates from it), or null. */
  error: (AppError & { url: string }) | null;
  incompatible: IncompatibleRemotes;
}
