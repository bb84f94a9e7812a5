import { fileDigestsUrl } from '@steel/contract';
import { integrityOf, recordFileDigests } from '../../features/integrity/integrity-table';

/** Per file-digests URL, its load (dropped when it fails, so a retry fetches it afresh). */
const loads = new Map<string, Promise<void>>();
/** File-digests URLs that failed once: asked for past the browser's cache next time. */
const failed = new Set<string>();

/**
 * Fills the page's digest table with a remote version's file-digests file
 * (`contracts/integrity.ts`), fetched with the digest its registry entry carries: a changed file
 * is refused by the browser, and the remote's load fails with it. Undefined when the registry
 * names no such digest (it then lists every file's digest itself). `entryUrl` is absolute.
 *
 * Started beside the fetch of the remote's federation manifest, which the runtime needs before
 * it adds the entry's <script>: the file costs no round trip of its own, and every digest is in
 * the table before the entry or any chunk of that version is requested.
 */
export function loadRemoteFileDigests(
  entryUrl: string,
  pageUrl: string,
  /** The remote load's time limit: a hung request is given up then, so a retry asks afresh instead of joining it. */
  timeoutMs = 0,
): Promise<void> | undefined {
  const url = fileDigestsUrl(entryUrl);
  const integrity = integrityOf(url, pageUrl);
  if (!integrity) return undefined;
  let load = loads.get(url);
  if (!load) {
    load = fetch(url, {
      integrity,
      ...(failed.has(url) ? { cache: 'no-cache' as const } : {}),
      ...(timeoutMs > 0 ? { signal: AbortSignal.timeout(timeoutMs) } : {}),
    }).then(async (response) => {
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      recordFileDigests(entryUrl, (await response.json()) as Record<string, string>, pageUrl);
    });
    load.catch(() => {
      loads.delete(url);
      failed.add(url);
    });
    loads.set(url, load);
  }
  return load;
}
