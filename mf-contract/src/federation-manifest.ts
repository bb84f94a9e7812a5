/** The part of a remote's federation manifest (`mf-manifest.json`) that names the files it loads. */
export interface FederationManifest {
  metaData?: { remoteEntry?: { name?: string } };
  exposes?: Array<{ path: string; assets?: { js?: { sync?: string[] } } }>;
}

/**
 * The scripts `loadRemote('<app>/app')` requests, relative to the manifest's folder: the entry
 * script, then the chunks of the `./app` module (shared libraries are not among them: the shell
 * provides those). The app server's preload hints and the shell's prefetch both read them here.
 */
export function appScriptFiles(manifest: FederationManifest): string[] {
  const entryScript = manifest.metaData?.remoteEntry?.name ?? 'remoteEntry.js';
  const chunks = manifest.exposes?.find((expose) => expose.path === './app')?.assets?.js?.sync ?? [];
  return [entryScript, ...chunks];
}
