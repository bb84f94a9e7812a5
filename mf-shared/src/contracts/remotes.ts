/** The three micro-apps the shell composes; also their federation names. */
export const REMOTE_NAMES = ['catalogue', 'blog', 'panel'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/** `/builds/latest.json`: `id` changes whenever the shell or any remote is (re)deployed. */
export interface VersionManifest {
  id: string;
  timestamp: number;
}

/**
 * What can go wrong with a remote in a visitor's browser: the shell reports it to the app server,
 * which counts it per version for the team that deployed it.
 */
export const REMOTE_FAILURE_KINDS = ['load', 'mount', 'contract', 'render', 'hydrate'] as const;
export type RemoteFailureKind = (typeof REMOTE_FAILURE_KINDS)[number];
/** Where browsers send those reports. */
export const REMOTE_FAILURE_REPORT_PATH = '/_/remote-failure';
