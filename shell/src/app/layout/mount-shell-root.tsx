import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { identifierPrefix, type ShellContext } from '@steel/shared';
import type { ShellStore } from '../state/shell-store';
import { ShellRoot } from './shell-root';
import type { SiteNavigationStore } from './site-navigation';

/**
 * Server markup (public pages) is hydrated; the panel and sign-in pages arrive empty.
 * Hydration runs as a transition so React yields to the browser every few milliseconds instead of
 * holding the main thread for the whole tree (on a slow phone one task of several hundred ms): the
 * page is already painted from the server's HTML, and input that arrives meanwhile is replayed.
 */
export function mountShellRoot(context: ShellContext, store: ShellStore, navigation: SiteNavigationStore): void {
  const rootElement = document.getElementById('shell-root');
  if (!rootElement) throw new Error('index.html has no #shell-root');
  const shell = (
    <StrictMode>
      <ShellRoot context={context} store={store} navigation={navigation} />
    </StrictMode>
  );
  const options = { identifierPrefix: identifierPrefix('shell'), onRecoverableError: logRecoveredError };
  if (rootElement.firstElementChild) startTransition(() => void hydrateRoot(rootElement, shell, options));
  else createRoot(rootElement, options).render(shell);
}

/**
 * React rendered again and the page is whole (a hydration mismatch, or an error in a render it
 * could retry): logged with what was thrown — React wraps it, a production build's own message
 * says nothing — and not reported as a page error, since nothing failed for the visitor.
 */
function logRecoveredError(error: unknown): void {
  const cause = error instanceof Error ? (error.cause as Error | undefined) : undefined;
  console.error(
    '[shell] React recovered from an error:',
    error instanceof Error ? error.message : error,
    '— caused by:',
    cause?.stack ?? cause,
  );
}
