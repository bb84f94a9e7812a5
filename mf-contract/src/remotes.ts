/**
 * A remote's name: also its federation name, its builds folder and its key in live.json. The
 * platform team registers remotes by name (`deploy apps add`): any name that follows
 * REMOTE_NAME_RE and is not reserved; the live registry (`/remotes.json`) lists those that run.
 */
import { APP_SERVER_FIRST_SEGMENTS } from './app-server-paths';

export type RemoteName = string;
export const REMOTE_NAME_RE = /^[a-z][a-z0-9-]{1,30}$/;
/**
 * `@steel/blog` → `blog`: an app's name is its package's, without the scope — the build, the
 * app's browser entry and its server entry all take it from there.
 */
export function appNameOfPackage(packageName: string): RemoteName {
  const name = packageName.replace(/^@[^/]+\//, '');
  if (!REMOTE_NAME_RE.test(name))
    throw new Error(`The package ${packageName} does not name an app: ${REMOTE_NAME_RE.source} after its scope`);
  return name;
}

/**
 * Names the platform's own data uses — the shell's, the platform keys', live.json's own fields (`history`,
 * its rollback stack's former name, still read), the deploy API's `apps` — so they can never be a
 * remote's, not even in a registry written before.
 */
export const PLATFORM_NAMES: readonly string[] = ['shell', 'platform', 'history', 'canary', 'apps'];
/**
 * Names no new remote may take: the platform's, and the first segment of every path the app server
 * answers itself (app-server-paths.ts): an app is registered at `/<name>/**` by default, and
 * `api`, `builds` or `metrics` there would be the app server's.
 */
export const RESERVED_REMOTE_NAMES: readonly string[] = [
  ...PLATFORM_NAMES,
  ...APP_SERVER_FIRST_SEGMENTS.filter((segment) => REMOTE_NAME_RE.test(segment)),
];

/**
 * The live set's stamp, `/builds/latest.json`: `id` changes whenever the shell or any remote is
 * (re)deployed. (Not a manifest: the app manifest describes one build, the federation manifest its
 * files.)
 */
export interface LiveSetStamp {
  id: string;
  timestamp: number;
}
/** @deprecated The live-set stamp's former name: use `LiveSetStamp`. */
export type VersionManifest = LiveSetStamp;

/** Where the app server pushes the live set to open pages (Server-Sent Events, event `live`). */
export const LIVE_EVENTS_PATH = '/builds/events';

/** One `live` event: the live set's stamp and which version of each app is live. */
export interface LiveSetNotice extends LiveSetStamp {
  /** By app name: the shell's under `shell`. */
  versions: Record<string, string>;
}

/**
 * What can go wrong with a remote in a visitor's browser: the shell reports it to the app server,
 * which counts it per version for the team that deployed it. `uncaught` is an error or rejection
 * nothing caught, thrown from the remote's own files (told by their URLs); `slot` is one of its
 * contributions to another app's page that failed to load, render or hydrate there.
 */
export const REMOTE_FAILURE_KINDS = ['load', 'mount', 'contract', 'render', 'hydrate', 'uncaught', 'slot'] as const;
export type RemoteFailureKind = (typeof REMOTE_FAILURE_KINDS)[number];
/** Where browsers send those reports. */
export const REMOTE_FAILURE_REPORT_PATH = '/_/remote-failure';
