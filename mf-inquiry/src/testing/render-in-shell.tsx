import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { ShellContextProvider } from '@steel/shared';
import { createFakeShellContext, type FakeShellContextOverrides } from '@steel/shared/testing';

/**
 * One part of the app (a slot's contribution, a page) rendered as the shell would provide it: the
 * kit's real session, content client and query client, with `fetch` answering as the CMS would.
 */
export function renderInShell(ui: ReactNode, shell: FakeShellContextOverrides = {}) {
  const context = createFakeShellContext(shell);
  const { container } = render(
    <ShellContextProvider value={context}>
      <QueryClientProvider client={context.queryClient}>{ui}</QueryClientProvider>
    </ShellContextProvider>,
  );
  return { context, container };
}
