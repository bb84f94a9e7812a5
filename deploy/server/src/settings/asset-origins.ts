/**
 * `ASSET_ORIGINS`: `app=origin` pairs, comma separated; each app a remote, each value a bare http(s)
 * origin (docs/architecture.md, "Integrity and origins").
 */
import type { RemoteName } from '@steel/contract';
import { isAppName, SHELL } from '../live-set/builds-folder';
import { ConfigError } from './setting-kinds';

export function assetOrigins(raw: string | undefined): Record<RemoteName, string> {
  const origins: Record<RemoteName, string> = {};
  if (!raw) return origins;
  for (const pair of raw
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)) {
    const [app = '', value = ''] = pair.split(/=(.*)/s).map((part) => part.trim());
    if (!isAppName(app) || app === SHELL) {
      throw new ConfigError(
        `ASSET_ORIGINS names "${app}", which is not a remote's name; the shell is always served by the app server`,
      );
    }
    let url: URL | null = null;
    try {
      url = new URL(value);
    } catch {
      // reported below
    }
    // A bare origin only: the paths below it are the app server's own, so one list gives the URLs and the CSP.
    if (!url || !/^https?:$/.test(url.protocol) || value.replace(/\/+$/, '') !== url.origin) {
      throw new ConfigError(
        `ASSET_ORIGINS: "${value}" for ${app} must be an http(s) origin such as https://cdn.example.com (no path)`,
      );
    }
    if (origins[app]) throw new ConfigError(`ASSET_ORIGINS names ${app} twice`);
    origins[app] = url.origin;
  }
  return origins;
}
