import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { identifierPrefix, type ShellContext } from '@steel/shared';
import type { ShellStore } from '../state/shell-store';
import { ShellRoot } from './shell-root';

/** Server markup (public pages) is hydrated; the panel and sign-in pages arrive empty. */
export function mountShellRoot(context: ShellContext, store: ShellStore): void {
  const rootElement = document.getElementById('shell-root');
  if (!rootElement) throw new Error('index.html has no #shell-root');
  const shell = (
    <StrictMode>
      <ShellRoot context={context} store={store} />
    </StrictMode>
  );
  if (rootElement.firstElementChild) hydrateRoot(rootElement, shell, { identifierPrefix: identifierPrefix('shell') });
  else createRoot(rootElement, { identifierPrefix: identifierPrefix('shell') }).render(shell);
}
