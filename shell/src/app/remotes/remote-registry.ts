import { getInstance, registerRemotes, satisfy } from '@module-federation/enhanced/runtime';
import {
  CONTRACT_VERSION,
  FEDERATION_BUNDLER_RUNTIME_SHARE,
  FEDERATION_RUNTIME_SHARE,
  REMOTE_NAME_RE,
  incompatibility,
  registryContributions,
  type IncompatibleRemotes,
  type SlotContributions,
  type RegistryEntry,
  type RemoteName,
  type RemotePages,
  type SharedDependencies,
} from '@steel/contract';
import type { LiveRoutes } from '../routes/match-route';
import type { SiteNavigationStore } from '../layout/site-navigation';
import { recordRemoteIntegrity } from '../../features/integrity/integrity-table';
import { providedRuntimeVersion, providesBundlerRuntime } from '../federation/provide-runtime-core';

/** The shared singletons this shell provides, as the federation runtime was given them, and the runtime itself. */
function sharedProvidedByShell(): SharedDependencies {
  const shared: SharedDependencies = {};
  for (const [name, versions] of Object.entries(getInstance()?.options.shared ?? {})) {
    const version = versions[0]?.version;
    if (version && !name.endsWith('/')) shared[name] = { version, requiredVersion: version };
  }
  const runtimeVersion = providedRuntimeVersion();
  if (runtimeVersion) shared[FEDERATION_RUNTIME_SHARE] = { version: runtimeVersion, requiredVersion: runtimeVersion };
  // Released together with the runtime, at the same version.
  if (runtimeVersion && providesBundlerRuntime())
    shared[FEDERATION_BUNDLER_RUNTIME_SHARE] = { version: runtimeVersion, requiredVersion: runtimeVersion };
  return shared;
}

/**
 * The live remotes as `/remotes.json` (or the server-rendered page) describes them: each entry is
 * registered with the Module Federation runtime (nothing about where a remote lives is compiled
 * into the shell) and its pages become the shell's routes. `force` replaces an earlier
 * registration, so a retry picks up a fixed deploy. Each entry's digests are recorded before it is
 * registered: nothing of a remote loads without them.
 *
 * A registry the shell fetches is checked against the contract's schema, with the schema loaded
 * then (zod stays off the start-up path). The one embedded in a server-rendered page is not
 * checked again: the app server built it from app manifests it parsed with that schema, and wrote it
 * into the same document as the shell's own scripts — whoever could change it could change those.
 * For the same reason the server's verdicts on which of those remotes cannot run beside this shell
 * stand for those versions: the check, a semver parse of every shared range, is not run again on a
 * phone's start-up.
 */
export function createRemoteRegistry(
  routes: Pick<LiveRoutes, 'update'>,
  onMalformed: (app: RemoteName, problem: string) => void,
  /** The layout's menus, rebuilt from the registered entries. */
  navigation?: Pick<SiteNavigationStore, 'update'>,
) {
  let entries: Partial<Record<RemoteName, RegistryEntry>> = {};
  /** Each slot's live contributions, and who waits to hear that they changed (the header's slot may mount first). */
  let contributions: SlotContributions = {};
  const contributionListeners = new Set<() => void>();
  /** The server's verdict per remote, for the version it was given with (null: compatible). */
  let serverVerdicts: Partial<Record<RemoteName, { version: string; problem: string | null }>> = {};

  /** The absolute URL of the live entry of `app` (its federation manifest), as the runtime has it registered. */
  function entryUrl(app: RemoteName): string | null {
    const entry = entries[app]?.entry;
    return entry ? new URL(entry, window.location.href).href : null;
  }

  /** The remotes a registry names, in its order: any the platform registered (a name the contract allows). */
  const remoteNames = (registry: Partial<Record<string, unknown>>) =>
    Object.keys(registry).filter((name) => name !== 'shell' && REMOTE_NAME_RE.test(name) && registry[name]);

  function register(valid: Partial<Record<RemoteName, RegistryEntry>>): void {
    entries = valid;
    recordRemoteIntegrity(entries, window.location.href);
    registerRemotes(
      remoteNames(entries).flatMap((name) => {
        const entry = entryUrl(name);
        return entry ? [{ name, entry }] : [];
      }),
      { force: true },
    );
    const pages: RemotePages = {};
    for (const name of remoteNames(entries)) if (entries[name]) pages[name] = entries[name].pages;
    routes.update(pages);
    navigation?.update(Object.values(entries));
    contributions = registryContributions(
      Object.fromEntries(remoteNames(entries).map((name) => [name, entries[name]])),
    );
    for (const listener of contributionListeners) listener();
  }

  return {
    /** Registers the registry a server-rendered page embedded, with the server's verdicts when the page has them (see above). */
    registerEmbedded(registry: Partial<Record<string, RegistryEntry>>, incompatible?: IncompatibleRemotes): void {
      register(Object.fromEntries(remoteNames(registry).map((name) => [name, registry[name]])));
      if (!incompatible) return;
      serverVerdicts = Object.fromEntries(
        remoteNames(entries).flatMap((name) =>
          entries[name] ? [[name, { version: entries[name].version, problem: incompatible[name] ?? null }]] : [],
        ),
      );
    },
    /** Fetches `/remotes.json` (never cached), checks it and registers it. */
    async refresh(fetchJson: <T>(url: string) => Promise<T>): Promise<void> {
      const [registry, { validRegistryEntries }] = await Promise.all([
        fetchJson<Partial<Record<RemoteName, unknown>>>('/remotes.json'),
        import(/* webpackChunkName: "manifest-schema" */ '@steel/contract/app-manifest-schema'),
      ]);
      register(
        validRegistryEntries(
          Object.fromEntries(remoteNames(registry).map((name) => [name, registry[name]])),
          onMalformed,
        ),
      );
    },
    version: (app: RemoteName) => entries[app]?.version ?? 'unknown',
    /** The live contributions of every slot, as the registered entries give them. */
    contributions: () => contributions,
    /** Calls `listener` whenever a registry with other contributions is registered; returns the unsubscribe. */
    onContributions(listener: () => void): () => void {
      contributionListeners.add(listener);
      return () => contributionListeners.delete(listener);
    },
    entryUrl,
    /**
     * Why the live version of `app` cannot run beside this shell (contract major, shared ranges by
     * the federation runtime's own rule), or null. Checked before the remote's code is loaded.
     */
    incompatibility(app: RemoteName): string | null {
      const entry = entries[app];
      if (!entry) return null; // not live: the load itself fails, contained as before
      const verdict = serverVerdicts[app];
      if (verdict?.version === entry.version) return verdict.problem;
      return incompatibility({ contract: CONTRACT_VERSION, shared: sharedProvidedByShell() }, entry, satisfy);
    },
  };
}

export type RemoteRegistryHolder = ReturnType<typeof createRemoteRegistry>;
