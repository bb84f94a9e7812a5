/** The three micro-apps the shell composes; also their federation names. */
export const REMOTE_NAMES = ['catalogue', 'blog', 'panel'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/** `/builds/latest.json`: `id` changes whenever the shell or any remote is (re)deployed. */
export interface VersionManifest {
  id: string;
  timestamp: number;
}
