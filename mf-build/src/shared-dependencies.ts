/**
 * What the apps share as federation singletons (docs/architecture.md, "Contracts between apps").
 *
 * - react / react-dom: always, both `react-dom` and `react-dom/` (with only the slash form a
 *   second react-dom core is bundled into each remote); `react/` covers jsx-runtime.
 * - @tanstack/react-query: the shell's QueryClient crosses into remotes through the mount props,
 *   so the hooks reading it must come from the same copy.
 * - the kit's React Router module, `@steel/shared/router` (below): React Router 7 whole is 65 KB
 *   gzip, the parts the apps use about 11 KB, which each remote carried tree-shaken before;
 *   and single-spa-react, which every remote runs whole.
 * - among the remotes only, the kit's remote core (`remoteCoreShared`, below).
 * Everything else (@steel/contract, the rest of @steel/shared, lucide-react) is
 * bundled tree-shaken into each app: a shared module is not tree-shaken, and state crosses apps
 * only through the mount props, so a second copy cannot split it. `npm run bench` shows the sizes.
 * The federation runtime itself is not a shared module: the remotes use the shell's
 * (create-app-config.ts, `externalRuntime`).
 *
 * `requiredVersion` comes from each app's package.json. Versions are pinned exactly there (the
 * lock file installs exactly that), but a remote deployed on its own schedule must accept any
 * compatible shell, so the requirement is the caret range of the pinned version.
 */
const SINGLETONS = ['react', 'react-dom', '@tanstack/react-query'] as const;

/**
 * The kit's React Router module (mf-shared/src/router): shared by version of the kit, one copy a
 * page instead of one in every remote. Its own list of names, not the package, is what is shared.
 */
const KIT_PACKAGE = '@steel/shared';
const ROUTER_MODULE = `${KIT_PACKAGE}/router`;
/** What every remote's pages run (mf-shared/src/remote-core): shared among the remotes, below. */
export const REMOTE_CORE_MODULE = `${KIT_PACKAGE}/remote-core`;
/**
 * Libraries every remote runs whole and holds no state across apps: one copy a page, from the first
 * app that offers a compatible version (single-spa-react: each remote's lifecycles, 2.4 KB gzip).
 */
const SHARED_BY_VERSION = ['single-spa-react'] as const;

const sharedByVersion = (version: string) => ({ version, requiredVersion: `^${version}`, singleton: false });

type SharedConfig = Record<string, { singleton: true; requiredVersion: string; strictVersion: false }>;

export function sharedDependencies(dependencies: Record<string, string>): SharedConfig {
  const shared: SharedConfig = {};
  for (const name of SINGLETONS) {
    const pinned = dependencies[name];
    if (!pinned) continue;
    const config = {
      singleton: true as const,
      requiredVersion: `^${pinned.replace(/^[\^~]/, '')}`,
      strictVersion: false as const,
    };
    shared[name] = config;
    // Deep imports (react-dom/client, react/jsx-runtime) share the same singleton.
    if (name === 'react' || name === 'react-dom') shared[`${name}/`] = config;
  }
  return shared;
}

/**
 * The singletons as the federation plugin is given them: the same names, with no version check of
 * the runtime's own. The shell checks a remote's ranges against what it provides before it loads
 * the remote (`incompatibility` in @steel/shared: in the browser, on the server and at the deploy
 * gate), so the runtime's check on every shared import — a semver parse of the range each time, a
 * tenth of a second of a phone's start-up — could only repeat it, and for a singleton that is not
 * strict it would only warn.
 */
export function federationShared(
  dependencies: Record<string, string>,
): Record<string, { singleton: boolean; requiredVersion: string | false; version?: string; strictVersion?: false }> {
  const kit = dependencies[KIT_PACKAGE]?.replace(/^[\^~]/, '');
  return {
    ...Object.fromEntries(
      Object.entries(sharedDependencies(dependencies)).map(([name, config]) => [
        name,
        { ...config, requiredVersion: false as const },
      ]),
    ),
    // Not singletons and not in the app manifest's list: an app takes the page's copy when it is
    // compatible and its own otherwise, so there is nothing to refuse.
    ...(kit ? { [ROUTER_MODULE]: sharedByVersion(kit) } : {}),
    ...Object.fromEntries(
      SHARED_BY_VERSION.filter((name) => dependencies[name]).map((name) => [
        name,
        sharedByVersion(dependencies[name]!.replace(/^[\^~]/, '')),
      ]),
    ),
  };
}

/**
 * What the remotes share among themselves, beside `federationShared`: the kit's remote core
 * (`@steel/shared/remote-core`: page routes and data, head tags, the shell context, links,
 * formatters; about 10 KB gzip), one copy a page instead of one per remote on a visit that crosses
 * remotes. Whole, as a shared module is, but every remote page runs nearly all of it anyway.
 *
 * Only between builds of the same kit code: its share key carries the digest of that code
 * (kit-code-digest.ts), so a remote takes another remote's copy exactly when both render with the
 * same kit — on the server, with its own, and in the browser, with the copy it took — and a remote
 * built from changed kit code keeps its own, whatever version number the kit carried. The shell
 * does not take part: it uses a few of these names, tree-shaken, and starts without waiting for
 * a shared chunk.
 */
export function remoteCoreShared(
  kitVersion: string,
  kitDigest: string,
): Record<string, { shareKey: string; version: string; requiredVersion: false; singleton: false }> {
  return {
    [REMOTE_CORE_MODULE]: {
      shareKey: `${REMOTE_CORE_MODULE}@${kitDigest}`,
      version: kitVersion,
      requiredVersion: false,
      singleton: false,
    },
  };
}
