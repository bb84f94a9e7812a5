import type { RegistryEntry } from './app-manifest';

/** The three micro-apps the shell composes; also their federation names. */
export const REMOTE_NAMES = ['catalogue', 'blog', 'panel'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/**
 * `/remotes.json`: each live remote's build — where its entry lives, the contract and shared
 * ranges it was built with, and the pages it owns (docs/architecture.md, "The versioned contract").
 */
export type RemoteRegistry = Record<RemoteName, RegistryEntry>;

/** `/builds/latest.json`: `id` changes whenever the shell or any remote is (re)deployed. */
export interface VersionManifest {
  id: string;
  timestamp: number;
}
