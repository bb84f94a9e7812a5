/**
 * A remote's federation manifest: Module Federation's own file, its name fixed by the federation
 * runtime that reads it (not the app manifest, `app-manifest.json`, which is ours).
 */
export const FEDERATION_MANIFEST_FILE = 'mf-manifest.json';

/** The part of a remote's federation manifest that names the files it loads. */
export interface FederationManifest {
  metaData?: { remoteEntry?: { name?: string } };
  exposes?: Array<{ path: string; assets?: { js?: { sync?: string[] } } }>;
}

/**
 * The scripts `loadRemote('<app>/app')` requests, relative to the federation manifest's folder: the entry
 * script, then the chunks of the `./app` module (shared libraries are not among them: the shell
 * provides those). The app server's preload hints and the shell's prefetch both read them here.
 */
export function appScriptFiles(manifest: FederationManifest): string[] {
  const entryScript = manifest.metaData?.remoteEntry?.name ?? 'remoteEntry.js';
  const chunks = manifest.exposes?.find((expose) => expose.path === './app')?.assets?.js?.sync ?? [];
  return [entryScript, ...chunks];
}
