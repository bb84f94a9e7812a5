import { QueryClient } from '@tanstack/react-query';
import type { RuntimeConfig } from '@steel/contract/runtime-config';
import { createBus } from '../bus/create-bus';
import { createContentClient } from '../api/content-client';
import type { ShellContext } from '../contracts/shell-context';
import { createAnonymousSession } from '../session/session-store';

/**
 * The wait before each further try of a read whose connection failed: at once, then 100 ms later.
 * With one further try only, a page once became the 503 page under load because both tries failed
 * within 200 ms («fetch failed») while the CMS answered every other read; the third comes a
 * moment later.
 */
const RETRY_DELAYS_MS = [0, 100];

/**
 * The server's fetch to the CMS: a read whose connection failed before any answer (a keep-alive
 * socket the CMS had just closed, a restart) is tried again, twice at most. Unlike the browser's
 * client (docs/behaviour.md, "HTTP clients": no retries), this is a GET from the server that no
 * person is waiting to repeat; the render's own time limit bounds the whole.
 */
export const serverFetch: typeof fetch = async (input, init) => {
  for (const delayMs of RETRY_DELAYS_MS) {
    try {
      return await fetch(input, init);
    } catch (error) {
      if ((init?.method ?? 'GET') !== 'GET' || init?.signal?.aborted) throw error;
      await new Promise((resolve) => setTimeout(resolve, delayMs));
    }
  }
  return fetch(input, init);
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
