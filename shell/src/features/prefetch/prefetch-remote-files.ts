import { appScriptFiles, crossOriginFor, type FederationManifest } from '@steel/contract';

/** The digest a file was published with (the registry's), by absolute URL, if it has one. */
export type IntegrityOf = (url: string) => string | undefined;

/**
 * The scripts `loadRemote('<app>/app')` will request: the remote's entry script and the chunks
 * of its `./app` module (shared libraries are not among them: the shell provides those), as the
 * remote's federation manifest lists them, in that manifest's folder (as the app server's preload
 * hints for a rendered page read them). A remote registered by its entry script (a build
 * without a federation manifest) gives only that script.
 */
export async function remoteAppScripts(entryUrl: string, integrityOf: IntegrityOf): Promise<string[]> {
  if (!new URL(entryUrl).pathname.endsWith('.json')) return [entryUrl];
  // The runtime fetches the federation manifest just so (remote-script-plugin.ts): this answer is reused.
  const integrity = integrityOf(entryUrl);
  const response = await fetch(entryUrl, integrity ? { integrity } : {});
  if (!response.ok) throw new Error(`${entryUrl} answered ${response.status}`);
  return appScriptFiles((await response.json()) as FederationManifest).map((file) => new URL(file, entryUrl).href);
}

/**
 * Puts a script into the HTTP cache without running it: a `<link rel="prefetch">` (idle priority)
 * with the integrity and CORS mode the federation runtime's `<script>` for it will have
 * (app/federation/remote-script-plugin.ts), or that later load would not be served from the cache.
 */
export function prefetchScript(url: string, integrityOf: IntegrityOf): Promise<void> {
  return new Promise((resolve, reject) => {
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.setAttribute('as', 'script');
    const integrity = integrityOf(url);
    if (integrity) link.integrity = integrity;
    const mode = crossOriginFor(url, window.location.origin);
    if (mode) link.crossOrigin = mode;
    link.href = url;
    link.onload = () => resolve();
    link.onerror = () => reject(new Error(`Prefetch of ${url} failed`));
    document.head.appendChild(link);
  });
}
