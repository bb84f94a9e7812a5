import { REMOTE_INTEGRITY_GLOBAL, integrityByUrl, type RegistryEntry, type RemoteName } from '@steel/contract';

type IntegrityTable = Record<string, string>;

/**
 * The page's table `absolute URL → sha384-…` (`contracts/integrity.ts`): the shell's federation
 * plugin reads it for each remote's entry and federation manifest, and each remote's own chunk loader (built
 * with mf-build/src/remote-integrity-plugin.ts) for its chunks. A global, because the remotes'
 * webpack runtimes are separate bundles that share nothing else with the shell.
 */
function table(): IntegrityTable {
  const scope = globalThis as unknown as Record<string, IntegrityTable | undefined>;
  return (scope[REMOTE_INTEGRITY_GLOBAL] ??= Object.create(null) as IntegrityTable);
}

/**
 * Adds the digests of the registry's entries. Earlier ones stay: URLs are per version, and a
 * version still loading (a prefetch) keeps its own digests after a newer registry arrives.
 */
export function recordRemoteIntegrity(entries: Partial<Record<RemoteName, RegistryEntry>>, pageUrl: string): void {
  for (const entry of Object.values(entries)) if (entry) Object.assign(table(), integrityByUrl(entry, pageUrl));
}

/** Adds the digests of a remote version's file-digests file (paths relative to its entry's folder). */
export function recordFileDigests(entryUrl: string, files: Record<string, string>, pageUrl: string): void {
  Object.assign(table(), integrityByUrl({ entry: entryUrl, files }, pageUrl));
}

/** The digest the file at `url` was published with, if the registry named it. */
export function integrityOf(url: string, pageUrl: string): string | undefined {
  try {
    return table()[new URL(url, pageUrl).href];
  } catch {
    return undefined;
  }
}
