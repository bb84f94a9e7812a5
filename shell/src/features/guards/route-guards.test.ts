import { QueryClient } from '@tanstack/react-query';
import { createLiveRoutes } from '../../app/routes/match-route';
import { SITE_PAGES } from '../../app/routes/site-pages.fixture';
import { createRouteGuards } from './route-guards';
import { CACHE_ROUTE_STALE_TIME_MS } from './cache-policy';

function setUp(options: { signedIn: boolean; allowAfterCheck?: boolean; url: string }) {
  let url = options.url;
  const calls: string[] = [];
  const queryClient = new QueryClient();
  const guards = createRouteGuards({
    routes: createLiveRoutes(SITE_PAGES),
    session: { isAuthenticated: () => options.signedIn },
    authGuard: {
      check: async (wanted) => {
        calls.push(`check ${wanted}`);
        return options.allowAfterCheck
          ? { allowed: true }
          : { allowed: false, redirectTo: `/login?redirect=${encodeURIComponent(wanted)}` };
      },
    },
    queryClient,
    currentUrl: () => url,
    replaceUrl: (to) => {
      calls.push(`replace ${to}`);
      url = to;
    },
    reroute: () => calls.push('reroute'),
  });
  return { guards, calls, queryClient, go: (to: string) => (url = to) };
}

describe('route guards', () => {
  it('keeps a signed-out visitor off `auth` routes and sends them to sign in with the path they wanted', async () => {
    const { guards, calls } = setUp({ signedIn: false, url: '/panel/order?status=open' });
    expect(guards.mayActivate('/panel/order')).toBe(false);
    expect(guards.mayActivate('/blog')).toBe(true);
    await guards.guardNavigation();
    expect(calls).toEqual([
      'check /panel/order?status=open',
      'replace /login?redirect=%2Fpanel%2Forder%3Fstatus%3Dopen',
    ]);
  });

  it('mounts the page once the user is loaded', async () => {
    const { guards, calls } = setUp({ signedIn: false, allowAfterCheck: true, url: '/panel' });
    await guards.guardNavigation();
    expect(calls).toEqual(['check /panel', 'reroute']);
  });

  it('lets a signed-in customer through without asking, and serves `cache` routes from the query cache', async () => {
    const { guards, calls, queryClient } = setUp({ signedIn: true, url: '/blog' });
    expect(guards.mayActivate('/panel/order')).toBe(true);
    await guards.guardNavigation();
    expect(calls).toEqual([]);
    expect(queryClient.getDefaultOptions().queries?.staleTime).toBe(CACHE_ROUTE_STALE_TIME_MS);
  });

  it('does nothing when the visitor went elsewhere while the user loaded', async () => {
    const state = setUp({ signedIn: false, url: '/panel' });
    const guarding = state.guards.guardNavigation();
    state.go('/blog');
    await guarding;
    expect(state.calls).toEqual(['check /panel']);
  });
});
