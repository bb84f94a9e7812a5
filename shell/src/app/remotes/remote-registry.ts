import { registerRemotes } from '@module-federation/enhanced/runtime';
import { REMOTE_NAMES, type RemoteRegistry } from '@steel/shared';

/**
 * Fetches `/remotes.json` (never cached) and registers every remote's entry with the Module
 * Federation runtime. Nothing about where a remote lives is compiled into the shell.
 * `force` replaces an earlier registration, so a retry picks up a fixed deploy.
 */
export async function loadRemoteRegistry(fetchJson: <T>(url: string) => Promise<T>): Promise<RemoteRegistry> {
  const registry = await fetchJson<RemoteRegistry>('/remotes.json');
  registerRemoteRegistry(registry);
  return registry;
}

/** Registers a registry's entries (fetched, or embedded in a server-rendered page). */
export function registerRemoteRegistry(registry: Partial<RemoteRegistry>): void {
  registerRemotes(
    REMOTE_NAMES.flatMap((name) => {
      const remote = registry[name];
      return remote ? [{ name, entry: new URL(remote.entry, window.location.href).href }] : [];
    }),
    { force: true },
  );
}
