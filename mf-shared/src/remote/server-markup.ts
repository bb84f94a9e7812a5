/**
 * The contract between the app server's HTML and a remote's hydration (docs/architecture.md, "How a page reaches the screen"): the
 * app's container says which URL its markup was rendered for, and the page carries the app's
 * dehydrated query cache as JSON.
 */
import type { AppError } from '../contracts/errors';
import type { RemoteName } from '../contracts/remotes';

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
 * found (`incompatibility`, against that shell's manifest): the shell takes the verdicts for the
 * versions of the registry embedded beside them instead of working them out again at start-up.
 */
export type IncompatibleRemotes = Partial<Record<RemoteName, string>>;

/** `#shell-state`: written by the app server, read once by the shell's bootstrap. */
export interface EmbeddedShellState {
  /** The fatal error the page shows (its error page hydrates from it), or null. */
  error: (AppError & { url: string }) | null;
  incompatible: IncompatibleRemotes;
}

/** React's `useId` prefixes, one per app, so ids of two apps on one page never collide. */
export const identifierPrefix = (app: string) => `${app}-`;

/** True when the container holds server markup rendered for the page now on screen. */
export function hasServerMarkupFor(container: HTMLElement | null | undefined, pathWithQuery: string): boolean {
  return Boolean(container && container.getAttribute(SSR_URL_ATTRIBUTE) === pathWithQuery && container.firstChild);
}

/** Reads (once) and removes a JSON payload the server embedded. */
export function takeEmbeddedJson<T>(doc: Document, id: string): T | null {
  const element = doc.getElementById(id);
  if (!element?.textContent) return null;
  element.remove();
  try {
    return JSON.parse(element.textContent) as T;
  } catch (error) {
    console.error(`Ignoring unreadable #${id}`, error);
    return null;
  }
}

export type { RemoteName };

/**
 * Empties an app's container of markup nothing will hydrate — its remote failed to load or mount,
 * or was left for another app: no dead page stays on screen, under the in-layout error or beside
 * the next app.
 */
export function clearServerMarkup(container: HTMLElement | null | undefined): void {
  if (!container) return;
  container.removeAttribute(SSR_URL_ATTRIBUTE);
  container.replaceChildren();
}
