/**
 * What each build says about itself (`app-manifest.json` beside its `remoteEntry.js` or
 * `index.html`) and what `/remotes.json` says about each live remote: the contract version it
 * was built against, the shared singletons it provides and requires, the pages it owns, and the
 * digest of every file (added at publish). These are read from disk and from the network, written
 * by other teams' builds, so they are parsed with run-time schemas (`app-manifest-schema.ts`),
 * never trusted as typed.
 */
import { speaksContract } from './contract-version';
import { matchRoute } from './route-rule';
import { APP_SERVER_PATHS } from './app-server-paths';
import type { PageRoute, SharedDependencies } from './app-manifest-schema';
import type { RemoteName } from './remotes';
import type { FeedSource } from './site-navigation';

export type { AppManifest, PageRoute, RegistryEntry, RemoteRegistry, SharedDependencies } from './app-manifest-schema';

export { GUARD_NAMES, LAYOUT_NAMES, type GuardName, type LayoutName } from './page-route-names';
export {
  NAV_PLACES,
  registryNavigation,
  type NavPlace,
  type FeedSource,
  type NavigationItem,
  type PageNav,
  type RemoteNavigation,
  type SitemapSource,
} from './site-navigation';

/**
 * Listed among the shared dependencies though it is not a federation share: the shell gives the
 * remotes its federation runtime (a global), and a remote's production build has none of its own,
 * so a remote requires it like a singleton and a shell without it is refused, not crashed.
 */
export const FEDERATION_RUNTIME_SHARE = '@module-federation/runtime-core';
/**
 * The global the shell puts its federation runtime in and a remote's build reads it from
 * (federation's `externalRuntime`). Renaming it would leave every remote built before without a
 * runtime: a major change.
 */
export const FEDERATION_RUNTIME_GLOBAL = '_FEDERATION_RUNTIME_CORE';
/**
 * The same for the runtime's glue to webpack (the code every remote entry would otherwise carry,
 * ~5 KB gzip each): the shell gives its functions in a global, a remote's production build reads
 * them from there and requires them like the runtime. A shell from before it is refused, not crashed.
 */
export const FEDERATION_BUNDLER_RUNTIME_SHARE = '@module-federation/webpack-bundler-runtime';
export const FEDERATION_BUNDLER_RUNTIME_GLOBAL = '_FEDERATION_BUNDLER_RUNTIME';
/**
 * The glue's modules the global holds, each by the one function it exports (file `dist/<name>.js`).
 * A remote keeps the module that assembles them and its own `@module-federation/runtime`, whose
 * module state is its container's instance.
 */
export const FEDERATION_BUNDLER_RUNTIME_PARTS = [
  'attachShareScopeMap',
  'consumes',
  'getSharedFallbackGetter',
  'init',
  'initContainerEntry',
  'initializeSharing',
  'installInitialConsumes',
  'remotes',
] as const;
export const APP_MANIFEST_FILE = 'app-manifest.json';

/** Decides whether `version` is inside `range` (Module Federation's own `satisfy`, passed in). */
export type Satisfies = (version: string, range: string) => boolean;

/**
 * Why a remote cannot run beside a shell, or null when it can: the same contract major, and every
 * shared singleton the remote requires provided by the shell within the remote's range. The shell
 * checks this before it mounts a remote (browser and server), and the deploy gate before activation.
 */
export function incompatibility(
  provider: { contract: string; shared: SharedDependencies },
  consumer: { contract?: string; shared?: SharedDependencies },
  satisfies: Satisfies,
): string | null {
  if (!speaksContract(consumer.contract, provider.contract)) {
    return `it speaks contract ${consumer.contract ?? 'none'}, the shell speaks ${provider.contract}`;
  }
  for (const [name, { requiredVersion }] of Object.entries(consumer.shared ?? {})) {
    const provided = provider.shared[name]?.version;
    if (!provided) return `it requires ${name} ${requiredVersion}, which the shell does not share`;
    if (!satisfies(provided, requiredVersion))
      return `it requires ${name} ${requiredVersion}, the shell shares ${provided}`;
  }
  return null;
}

/** A URL of the page for smoke tests: its sample, or its path with each parameter filled in. */
export function samplePath(route: PageRoute): string {
  if (route.sample) return route.sample;
  const path = route.path.replace(/\/\*$/, '').replace(/:[a-zA-Z0-9]+/g, 'sample');
  return path === '' ? '/' : path;
}

/** The feeds the live pages declare, each once by its path (a feed is its app's, declared by one of its pages). */
export function declaredFeeds(
  pages: Partial<Record<RemoteName, readonly PageRoute[]>>,
): Array<{ app: RemoteName; page: PageRoute; feed: FeedSource }> {
  const feeds = (Object.entries(pages) as [RemoteName, readonly PageRoute[]][]).flatMap(([app, routes]) =>
    routes.flatMap((page) => (page.feeds ?? []).map((feed) => ({ app, page, feed }))),
  );
  return [...new Map(feeds.map((declared) => [declared.feed.path, declared])).values()];
}

/** The paths the app server answers for a live set: its own, then the feeds its pages declare. */
export function appServerPaths(pages: Partial<Record<RemoteName, readonly PageRoute[]>>): string[] {
  return [...APP_SERVER_PATHS, ...declaredFeeds(pages).map(({ feed }) => feed.path)];
}

/**
 * The live page that owns a path, by the site's one route rule (route-rule.ts) over the same
 * table the shell routes by: the app server's own paths first, then every live remote's pages.
 * Null for an unknown path and for one the app server answers.
 */
export function findPageRoute(
  pages: Partial<Record<RemoteName, readonly PageRoute[]>>,
  pathname: string,
): { app: RemoteName; route: PageRoute; params: Record<string, string> } | null {
  const table: Array<{ app: RemoteName; route: PageRoute } | { app: 'server'; path: string }> = [
    ...appServerPaths(pages).map((path) => ({ app: 'server' as const, path })),
    ...(Object.entries(pages) as [RemoteName, readonly PageRoute[]][]).flatMap(([app, routes]) =>
      routes.map((route) => ({ app, route })),
    ),
  ];
  const match = matchRoute(table, (row) => ('route' in row ? row.route.path : row.path), pathname);
  const row = match?.candidate;
  return row && 'route' in row ? { app: row.app, route: row.route, params: match.params } : null;
}
