/**
 * What a remote says of itself, once (docs/architecture.md, "Contracts between apps"): its name,
 * its stylesheet, its root and its pages. Its browser entry (`createRemoteLifecycles(remote)`) and
 * its server entry (`createRemoteServerEntry(remote, …)`) both read the one module that describes
 * it, so they cannot disagree about its name or its pages.
 */
import type { ReactNode } from 'react';
import { appNameOfPackage, type RemoteName } from '@steel/contract/remotes';
import type { PageDefinition } from '../page-data/page-definition';

export interface RemoteDescription {
  /** The app's name — its federation name, builds folder, CSS scope and `useId` prefix — from its package. */
  app: RemoteName;
  /**
   * The remote's stylesheet, loaded on demand (`() => import('./styles.css')`): a server-rendered
   * page has it in its head already, so only a mount in the browser alone needs its own copy —
   * and the app's start-up code does not carry it. The server entry loads it once.
   */
  css: () => Promise<{ default: string }>;
  Root: () => ReactNode;
  /**
   * Every page of the remote, listed once: the browser's routes, the server's render (the pages
   * whose `rendering` is `server`) and the app manifest the build publishes all read this list.
   */
  pages: readonly PageDefinition[];
}

/**
 * A remote's description, its name taken from its package (`import packageJson from
 * '../../package.json'`): the name the platform registered it under is the one its package says.
 */
export function describeRemote(
  packageJson: { name: string },
  parts: Omit<RemoteDescription, 'app'>,
): RemoteDescription {
  return { app: appNameOfPackage(packageJson.name), ...parts };
}
