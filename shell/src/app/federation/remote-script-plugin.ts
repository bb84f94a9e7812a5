import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { crossOriginFor } from '@steel/contract';
import { loadPastCacheAfterFailure } from '@steel/shared';
import { integrityOf } from '../../features/integrity/integrity-table';
import { loadRemoteFileDigests } from './remote-file-digests';

/**
 * Module Federation runtime plugin: how the shell has the runtime load each remote's entry script
 * and federation manifest (docs/architecture.md, "Integrity and origins").
 *
 * - Integrity: every file the registry vouches for is requested with its published `sha384-…`, so
 *   a file changed after publishing is refused by the browser, never run; the load fails and the
 *   remote's failure is contained like any other failed load. The registry names the entry's
 *   digest and that of the version's file-digests file, which is fetched beside the entry
 *   (remote-file-digests.ts) and gives the rest. Cross-origin files (an asset origin) are
 *   requested with CORS, which SRI needs there. The remote's lazy chunks are loaded by its own
 *   webpack runtime, which reads the same digests (features/integrity/integrity-table.ts).
 * - Retry past the cache: an entry that failed to load (a refused digest, a 404) is asked for
 *   with a query of its own on the next try, not answered from the browser's year-long cache.
 * - Time limit: a remote's entry script gets the shell's limit instead of the runtime's 20 s. On
 *   timeout the runtime removes the hung <script> and forgets the pending load, so a retry after
 *   the files come back requests them afresh (with the hung element still in the page, the
 *   runtime would reattach to it and wait again).
 *
 * One plugin answers `createScript`: the runtime keeps only the last plugin's answer, so integrity
 * and time limit given by two plugins would lose one of them.
 */
export function remoteScriptPlugin(timeoutMs: number): ModuleFederationRuntimePlugin {
  const pageUrl = () => window.location.href;
  const cors = (url: string) => crossOriginFor(new URL(url, pageUrl()).href, window.location.origin);
  return {
    name: 'steel-remote-scripts',
    createScript({ url }) {
      const script = document.createElement('script');
      script.type = 'text/javascript';
      const integrity = integrityOf(url, pageUrl());
      if (integrity) {
        script.integrity = integrity;
        const mode = cors(url);
        if (mode) script.crossOrigin = mode;
      }
      // An entry that failed before is asked for past the browser's cache (the digest stays).
      loadPastCacheAfterFailure(script, new URL(url, pageUrl()).href);
      return timeoutMs > 0 ? { script, timeout: timeoutMs } : { script };
    },
    createLink({ url, attrs }) {
      const integrity = integrityOf(url, pageUrl());
      if (!integrity) return undefined;
      // Returning an element means the runtime applies none of its attributes: set them here.
      const link = document.createElement('link');
      for (const [name, value] of Object.entries(attrs ?? {}))
        if (value !== undefined && value !== false) link.setAttribute(name, String(value));
      link.setAttribute('href', url);
      link.integrity = integrity;
      const mode = cors(url);
      if (mode) link.crossOrigin = mode;
      return link;
    },
    fetch(url, init) {
      // A remote's federation manifest (its registry entry when it has one).
      const integrity = integrityOf(url, pageUrl());
      if (!integrity) return undefined;
      const manifest = fetch(url, { ...init, integrity });
      // The version's other digests, fetched meanwhile: in the table before the entry is requested.
      const digests = loadRemoteFileDigests(new URL(url, pageUrl()).href, pageUrl(), timeoutMs);
      return digests ? Promise.all([manifest, digests]).then(([response]) => response) : manifest;
    },
  };
}
