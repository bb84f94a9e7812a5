import fs from 'node:fs/promises';
import path from 'node:path';
import type { RegistryEntry, RemoteName } from '@steel/contract';
import {
  APP_MANIFEST_FILE,
  appScriptFiles,
  crossOriginFor,
  type AppManifest,
  type FederationManifest,
} from '@steel/contract';
import type { ServerConfig } from '../config';
import type { PageParts } from './assemble-page';

/**
 * Per version folder, read once: what the browser needs first for a remote, and the shell's font.
 * A remote's hints come from its registry entry — the same URLs (its asset origin) and digests the
 * shell will load it with: its entry and app module (from its federation manifest), then the
 * page's own chunk when the page names one (from its app manifest), so a page whose code loads
 * with it hydrates as soon as the app's does.
 */
export function createPreloadHints({ buildsDir, siteUrl }: Pick<ServerConfig, 'buildsDir' | 'siteUrl'>) {
  const known = new Map<string, Promise<PageParts['preload']>>();
  const pageOrigin = new URL(siteUrl).origin;
  const versionFile = async <T>(app: RemoteName, entry: RegistryEntry, file: string) =>
    JSON.parse(await fs.readFile(path.join(buildsDir, app, entry.version, file), 'utf8')) as T;
  const hintFor = (entry: RegistryEntry) => {
    const entryFile = entry.entry.slice(entry.entry.lastIndexOf('/') + 1);
    return (file: string, as: 'script' | 'fetch') => {
      // The registry's own URL for the entry, the same folder for the rest.
      const href =
        file === entryFile ? entry.entry : entry.entry.slice(0, entry.entry.length - entryFile.length) + file;
      const integrity = file === entryFile ? entry.integrity : entry.files?.[file];
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
        await versionFile<FederationManifest>(app, entry, 'mf-manifest.json'),
      );
      const hint = hintFor(entry);
      return [
        hint('mf-manifest.json', 'fetch'),
        hint(entryScript!, 'script'),
        ...appModule.map((file) => hint(file, 'script')),
      ];
    });
  const pageChunk = (app: RemoteName, entry: RegistryEntry, chunk: string) =>
    cached(`${app}/${entry.version}/${entry.entry}#${chunk}`, async () => {
      const { chunks } = await versionFile<Pick<AppManifest, 'chunks'>>(app, entry, APP_MANIFEST_FILE);
      const hint = hintFor(entry);
      return (chunks?.[chunk] ?? []).map((file) => hint(file, 'script'));
    });
  const font = (version: string) =>
    cached(`shell/${version}`, async () => {
      const files = await fs.readdir(path.join(buildsDir, 'shell', version, 'assets')).catch(() => [] as string[]);
      // Exactly the URL the stylesheet asks for, or the preload is not reused.
      return files
        .filter((file) => file.endsWith('.woff2'))
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
