/**
 * Which page kinds of a candidate run the very code the live version's ran (docs/architecture.md,
 * "Deploying a remote"): the main-thread rule takes their live figures instead of tracing them
 * again, since measuring the same bytes twice tells only the machine's load, and tracing is the
 * slowest part of a gate. A team that changed one page waits for that page alone.
 *
 * The comparison is of the browser's files, by their digests in the app manifests:
 * - the server entry, the app manifest, the digests file, the compressed copies and the source maps
 *   are not run by a browser and are left out;
 * - a file whose content differs only in content hashes and integrity digests (the entry and the
 *   federation manifest name every chunk by its hash) is the same code;
 * - every other file that differs, or is in one version only, is a change. When every change lies in
 *   page chunks (`chunks` of either app manifest), the pages not loading one of them are unchanged —
 *   the other apps' pages too, since a page chunk loads only on its own page. A change anywhere else
 *   (the exposed app, the remote core, the styles, the slot contributions) reaches every page: none
 *   is unchanged.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { APP_MANIFEST_FILE, FILE_DIGESTS_FILE, type AppManifest } from '@steel/contract';
import type { SamplePage } from './page-samples';

/** A version as the comparison needs it: its app manifest and the folder holding its files. */
export interface VersionFiles {
  manifest: AppManifest;
  dir: string;
}

/** Content hashes (`fc357c7e`) and integrity digests (`sha384-…`): the names of other files, not code. */
const FILE_NAMES_IN_CODE = /sha(256|384|512)-[A-Za-z0-9+/]+=*|\b[0-9a-f]{8,}\b/g;

/** The files a browser runs or reads, with their digests. */
function browserFiles(manifest: AppManifest): Map<string, string> {
  const serverFolder = manifest.serverEntry ? `${path.posix.dirname(manifest.serverEntry)}/` : null;
  return new Map(
    Object.entries(manifest.files ?? {}).filter(
      ([file]) =>
        !/\.(br|gz|map)$/.test(file) &&
        file !== FILE_DIGESTS_FILE &&
        file !== APP_MANIFEST_FILE &&
        !(serverFolder && file.startsWith(serverFolder)),
    ),
  );
}

/** Whether two versions of one file differ only in the hashes and digests they name. */
async function sameButForFileNames(file: string, candidate: VersionFiles, live: VersionFiles): Promise<boolean> {
  try {
    const [a, b] = await Promise.all(
      [candidate, live].map(async ({ dir }) =>
        (await fs.readFile(path.join(dir, file), 'utf8')).replace(FILE_NAMES_IN_CODE, '#'),
      ),
    );
    return a === b;
  } catch {
    return false;
  }
}

/** The browser files that differ between the versions, by name (a renamed chunk: both its names). */
export async function changedBrowserFiles(candidate: VersionFiles, live: VersionFiles): Promise<Set<string>> {
  const ours = browserFiles(candidate.manifest);
  const theirs = browserFiles(live.manifest);
  const changed = new Set<string>();
  for (const file of new Set([...ours.keys(), ...theirs.keys()])) {
    const digest = ours.get(file);
    const liveDigest = theirs.get(file);
    if (digest === liveDigest) continue;
    if (digest && liveDigest && (await sameButForFileNames(file, candidate, live))) continue;
    changed.add(file);
  }
  return changed;
}

/**
 * The samples whose pages load none of the changed files: every one when nothing changed, none when
 * a change lies outside the page chunks.
 */
export function unchangedSamples(
  samples: readonly SamplePage[],
  app: string,
  changed: ReadonlySet<string>,
  candidate: AppManifest,
  live: AppManifest,
): SamplePage[] {
  const chunkFiles = (chunk: string | undefined) =>
    chunk ? [...(candidate.chunks?.[chunk] ?? []), ...(live.chunks?.[chunk] ?? [])] : [];
  const inPageChunks = new Set(
    [...Object.keys(candidate.chunks ?? {}), ...Object.keys(live.chunks ?? {})].flatMap(chunkFiles),
  );
  if ([...changed].some((file) => !inPageChunks.has(file))) return [];
  return samples.filter(
    (sample) => sample.app !== app || !chunkFiles(sample.route.chunk).some((file) => changed.has(file)),
  );
}
