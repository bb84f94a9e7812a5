/**
 * Subresource Integrity between the app server, the shell and the remotes (docs/architecture.md,
 * "Integrity and origins"). Publishing records a `sha384-…` digest of every file of a version and
 * writes those of the files the browser loads into the version's `FILE_DIGESTS_FILE`; the registry
 * hands the browser two digests per remote, its entry's and that file's; the shell fetches both
 * with them, fills the table below from the file, and each remote's own chunk loader (webpack's,
 * built with the integrity plugin in @steel/build) looks its chunks up in the table before it adds
 * their <script>. A file changed after publishing is refused by the browser and never runs.
 */
import { FEDERATION_MANIFEST_FILE } from './federation-manifest';

/** A digest in Subresource Integrity form, as publish records it. */
export const SRI_DIGEST_RE = /^sha384-[A-Za-z0-9+/]+={0,2}$/;

/**
 * The global table `absolute URL → sha384-…` the shell fills from the registry and every remote's
 * chunk loader reads. Its name is part of the contract: a remote built against another name would
 * load its chunks unchecked.
 */
export const REMOTE_INTEGRITY_GLOBAL = '__steelRemoteIntegrity';

/**
 * The global function every app's chunk loader hands each <script> it adds, after its digest is
 * set (`(script, url) => void`): the page's shell asks a chunk that failed before past the
 * browser's cache with it (runtime/retry-past-cache.ts). Absent, chunks load as they are.
 */
export const CHUNK_SCRIPT_GLOBAL = '__steelChunkScript';

/**
 * The files of a remote version the browser loads as code or fetches as data, whose digests the
 * registry carries: its JavaScript (entry and chunks) and its federation manifest. Source maps,
 * pre-compressed variants (the browser checks the decoded bytes), the server entry and the
 * build's own records are left out; images and fonts cannot carry integrity.
 */
export function isBrowserLoadedFile(rel: string): boolean {
  if (rel.startsWith('server/')) return false;
  return /\.m?js$/.test(rel) || rel === FEDERATION_MANIFEST_FILE;
}

/**
 * The `crossorigin` a script or fetch of `url` gets on a page at `pageOrigin`: none on the page's
 * own origin, `anonymous` on another one (SRI on a cross-origin response needs a CORS request).
 * The same rule as webpack's `output.crossOriginLoading: 'anonymous'`, so the server's preload
 * hints, the shell's entry loads and a remote's chunk loads all ask for the same request mode.
 */
export function crossOriginFor(url: string, pageOrigin: string): 'anonymous' | null {
  const sameOrigin = (url.startsWith('/') && !url.startsWith('//')) || url.startsWith(`${pageOrigin}/`);
  return sameOrigin ? null : 'anonymous';
}

/**
 * The file publish writes into a remote's version folder, beside its entry: `{ "<path relative to
 * the entry's folder>": "sha384-…" }` for every file the browser loads (`isBrowserLoadedFile`).
 * The registry carries its digest (`filesIntegrity`) instead of every file's, so a page embeds two
 * digests per remote however many chunks it has.
 */
export const FILE_DIGESTS_FILE = 'file-digests.json';

/**
 * The contract version from which a shell reads `filesIntegrity`. A live shell built against an
 * older one is given every file's digest in the registry (`files`) as before, or it would load the
 * remotes' chunks unchecked.
 */
export const FILE_DIGESTS_SINCE = '1.7.0';

/** Whether a shell built against `contract` fetches a remote's `FILE_DIGESTS_FILE` (see above). */
export function readsFileDigests(contract: string): boolean {
  const [major = 0, minor = 0] = contract.split('.').map(Number);
  const [sinceMajor = 0, sinceMinor = 0] = FILE_DIGESTS_SINCE.split('.').map(Number);
  return major > sinceMajor || (major === sinceMajor && minor >= sinceMinor);
}

/** The URL of the file-digests file of the version whose entry is at `entryUrl` (absolute). */
export function fileDigestsUrl(entryUrl: string): string {
  return new URL(FILE_DIGESTS_FILE, entryUrl).href;
}

/** A file name a build writes (`325.2970.js`, `assets/a.b.js`): no `.`/`..` segment, nothing a URL would encode. */
const PLAIN_RELATIVE_PATH = /^[\w-][\w.-]*(?:\/[\w-][\w.-]*)*$/;

/**
 * The digests of one registry entry's files, keyed by absolute URL (as a script's `src` reads):
 * its entry's, its file-digests file's, and the files' it names (`files`, or the file-digests
 * file's content once the shell has fetched it).
 */
export function integrityByUrl(
  entry: { entry: string; integrity?: string; filesIntegrity?: string; files?: Record<string, string> },
  pageUrl: string,
): Record<string, string> {
  const table: Record<string, string> = {};
  const entryUrl = new URL(entry.entry, pageUrl);
  if (entry.integrity) table[entryUrl.href] = entry.integrity;
  if (entry.filesIntegrity) table[fileDigestsUrl(entryUrl.href)] = entry.filesIntegrity;
  // A plain name resolves to the entry's folder + the name: a URL parse per file (a hundred and
  // more on every page's start-up) is kept for names that need one.
  const folder = new URL('.', entryUrl).href;
  for (const [rel, digest] of Object.entries(entry.files ?? {}))
    table[PLAIN_RELATIVE_PATH.test(rel) ? folder + rel : new URL(rel, entryUrl).href] = digest;
  return table;
}
