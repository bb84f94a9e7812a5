import { QueryClient } from '@tanstack/react-query';
import type { RuntimeConfig } from '@steel/contract/runtime-config';
import { createBus } from '../bus/create-bus';
import { createContentClient } from '../api/content-client';
import type { ShellContext } from '../contracts/shell-context';
import { createAnonymousSession } from '../session/session-store';

/**
 * The server's fetch to the CMS: a read whose connection failed before any answer (a keep-alive
 * socket the CMS had just closed, a restart) is tried once more. Unlike the browser's client
 * (docs/behaviour.md, "HTTP clients": no retries), this is a GET from the server that no person is waiting to repeat.
 */
export const serverFetch: typeof fetch = async (input, init) => {
  try {
    return await fetch(input, init);
  } catch (error) {
    if ((init?.method ?? 'GET') !== 'GET' || init?.signal?.aborted) throw error;
    return fetch(input, init);
  }
};

/**
 * The shell context on the server: an anonymous visitor, a query client for this one request, no
 * navigation. The shell's layout and every remote's page render with the same kind of context.
 */
export function createServerShellContext(config: RuntimeConfig, cmsUrl: string = config.cmsUrl): ShellContext {
  const bus = createBus();
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000, retry: false } } });
  const api = createContentClient({ baseUrl: cmsUrl, getToken: () => null, bus, fetch: serverFetch });
  return { bus, session: createAnonymousSession({ config, bus }), api, queryClient, config, navigate: () => undefined };
}
