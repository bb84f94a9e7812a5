/** The three micro-apps the shell composes; also their federation names. */
export const REMOTE_NAMES = ['catalogue', 'blog', 'panel'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/** `/builds/latest.json`: `id` changes whenever the shell or any remote is (re)deployed. */
export interface VersionManifest {
  id: string;
  timestamp: number;
}

/** Where the app server pushes the live set to open pages (Server-Sent Events, event `live`). */
export const LIVE_EVENTS_PATH = '/builds/events';

/** One `live` event: the version manifest and which version of each app is live. */
export interface LiveSetNotice extends VersionManifest {
  versions: Partial<Record<'shell' | RemoteName, string>>;
}

/**
 * What can go wrong with a remote in a visitor's browser: the shell reports it to the app server,
 * which counts it per version for the team that deployed it. `uncaught` is an error or rejection
 * nothing caught, thrown from the remote's own files (told by their URLs).
 */
export const REMOTE_FAILURE_KINDS = ['load', 'mount', 'contract', 'render', 'hydrate', 'uncaught'] as const;
export type RemoteFailureKind = (typeof REMOTE_FAILURE_KINDS)[number];
/** Where browsers send those reports. */
export const REMOTE_FAILURE_REPORT_PATH = '/_/remote-failure';
