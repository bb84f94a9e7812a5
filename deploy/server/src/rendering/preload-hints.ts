import fs from 'node:fs/promises';
import path from 'node:path';
import type { RegistryEntry, RemoteName } from '@steel/contract';
import {
  FEDERATION_MANIFEST_FILE,
  APP_MANIFEST_FILE,
  appScriptFiles,
  crossOriginFor,
  FILE_DIGESTS_FILE,
  type AppManifest,
  type FederationManifest,
} from '@steel/contract';
import type { ServerConfig } from '../config';
import type { PageParts } from './assemble-page';

/**
 * Per version folder, read once: what the browser needs first for a remote, and the shell's font.
 * A remote's hints come from its registry entry — the same URLs (its asset origin) and digests the
 * shell will load it with: its entry, file-digests file and app module (from its federation
 * manifest; the digests publish recorded in its app manifest, the same the file lists), then the
 * page's own chunk when the page names one (from its app manifest), so a page whose code loads
 * with it hydrates as soon as the app's does.
 */
export function createPreloadHints({ buildsDir, siteUrl }: Pick<ServerConfig, 'buildsDir' | 'siteUrl'>) {
  const known = new Map<string, Promise<PageParts['preload']>>();
  const pageOrigin = new URL(siteUrl).origin;
  const versionFile = async <T>(app: RemoteName, entry: RegistryEntry, file: string) =>
    JSON.parse(await fs.readFile(path.join(buildsDir, app, entry.version, file), 'utf8')) as T;
  // The digests publish recorded: the registry names only the entry's and the file-digests file's.
  const recordedDigests = (app: RemoteName, entry: RegistryEntry) =>
    versionFile<Pick<AppManifest, 'files'>>(app, entry, APP_MANIFEST_FILE).then(({ files }) => files ?? {});
  const hintFor = (entry: RegistryEntry, recorded: Record<string, string>) => {
    const entryFile = entry.entry.slice(entry.entry.lastIndexOf('/') + 1);
    return (file: string, as: 'script' | 'fetch') => {
      // The registry's own URL for the entry, the same folder for the rest.
      const href =
        file === entryFile ? entry.entry : entry.entry.slice(0, entry.entry.length - entryFile.length) + file;
      // Only a digest the registry vouches for (none when it has none for the version).
      const integrity =
        file === entryFile
          ? entry.integrity
          : file === FILE_DIGESTS_FILE
            ? entry.filesIntegrity
            : entry.integrity && (entry.files ?? recorded)[file];
      return {
        href,
        as,
        ...(integrity ? { integrity } : {}),
        ...(crossOriginFor(href, pageOrigin) ? { crossorigin: true } : {}),
      };
    };
  };
  const remote = (app: RemoteName, entry: RegistryEntry) =>
    cached(`${app}/${entry.version}/${entry.entry}`, async () => {
      const [entryScript, ...appModule] = appScriptFiles(
        await versionFile<FederationManifest>(app, entry, FEDERATION_MANIFEST_FILE),
      );
      const hint = hintFor(entry, await recordedDigests(app, entry));
      return [
        hint(FEDERATION_MANIFEST_FILE, 'fetch'),
        // Fetched by the shell beside the federation manifest, before the entry script can run.
        ...(entry.filesIntegrity ? [hint(FILE_DIGESTS_FILE, 'fetch')] : []),
        hint(entryScript!, 'script'),
        ...appModule.map((file) => hint(file, 'script')),
      ];
    });
  const pageChunk = (app: RemoteName, entry: RegistryEntry, chunk: string) =>
    cached(`${app}/${entry.version}/${entry.entry}#${chunk}`, async () => {
      const { chunks, files } = await versionFile<Pick<AppManifest, 'chunks' | 'files'>>(app, entry, APP_MANIFEST_FILE);
      const hint = hintFor(entry, files ?? {});
      return (chunks?.[chunk] ?? []).map((file) => hint(file, 'script'));
    });
  const font = (version: string) =>
    cached(`shell/${version}`, async () => {
      const files = await fs.readdir(path.join(buildsDir, 'shell', version, 'assets')).catch(() => [] as string[]);
      // Exactly the URL the stylesheet asks for, or the preload is not reused. The print cuts
      // (`vazirmatn-print-*`, mf-shared/src/theme/base.css) load only when a page is printed.
      return files
        .filter((file) => file.endsWith('.woff2') && !file.includes('-print-'))
        .map((file) => ({ href: `/builds/shell/${version}/assets/${file}`, as: 'font' as const }));
    });
  function cached(key: string, read: () => Promise<PageParts['preload']>) {
    let hints = known.get(key);
    if (!hints) {
      hints = read().catch(() => []);
      known.set(key, hints);
    }
    return hints;
  }
  return { remote, pageChunk, font };
}
