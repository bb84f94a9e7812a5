/**
 * A remote's hydration of the app server's HTML (docs/architecture.md, "How a page reaches the screen"): the
 * app's container says which URL its markup was rendered for, and the page carries the app's
 * dehydrated query cache as JSON (the names of both are the contract's, `@steel/contract/embedded-page`).
 */
import type { RemoteName } from '@steel/contract/remotes';

// What the app server writes into the page for the shell and the remotes to read is the contract's.
export {
  SSR_URL_ATTRIBUTE,
  queryStateElementId,
  REMOTE_REGISTRY_ELEMENT_ID,
  SHELL_STATE_ELEMENT_ID,
  type IncompatibleRemotes,
  type EmbeddedShellState,
} from '@steel/contract/embedded-page';
import { SSR_URL_ATTRIBUTE } from '@steel/contract/embedded-page';

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
