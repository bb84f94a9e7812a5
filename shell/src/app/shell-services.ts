import { QueryClient } from '@tanstack/react-query';
import {
  createAppFetch,
  createAuth,
  createBus,
  createColourMode,
  createContentClient,
  createSessionRefresher,
  createSessionStore,
  readRuntimeConfig,
  watchSessionAcrossTabs,
} from '@steel/shared';

/**
 * The shell's long-lived services in the browser: runtime config, bus, session, the CMS and app
 * clients, the shared query client and the colour mode. Everything a remote receives in its mount
 * props is made here, once per page.
 */
export function createShellServices() {
  const config = readRuntimeConfig();
  const bus = createBus();
  const session = createSessionStore({ config, bus });
  // Access tokens live minutes: a 401 gets one refresh (the CMS's httpOnly cookie) and one retry.
  const refreshSession = createSessionRefresher({ cmsUrl: config.cmsUrl, session });
  const api = createContentClient({
    baseUrl: config.cmsUrl,
    getToken: () => session.getToken(),
    refreshToken: refreshSession,
    bus,
    // The CMS refused the token this page holds: the session is over (a newer token is kept).
    onUnauthorized: (token) => {
      if (session.getToken() === token) session.clear();
    },
  });
  // Sessions across tabs: a sign-in or sign-out elsewhere is followed here at once.
  watchSessionAcrossTabs(session);
  return {
    config,
    bus,
    session,
    refreshSession,
    api,
    appFetch: createAppFetch({ bus }),
    auth: createAuth({ client: api, session }),
    queryClient: new QueryClient({ defaultOptions: { queries: { staleTime: 60_000, retry: false } } }),
    // The head script already set the class; this keeps it live (docs/behaviour.md, "Colour mode").
    colourMode: createColourMode(),
  };
}

export type ShellServices = ReturnType<typeof createShellServices>;
