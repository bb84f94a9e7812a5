import type { LiveStore } from '../live-set/live-store';
import type { ServerConfig } from '../config';
import type { FailureRecorder } from '../shared-state/failure-counts';
import type { SharedState } from '../shared-state/shared-state';
import type { ContentChanges } from './content-changes';

/** What every route plugin needs; passed as plugin options so tests can build several servers. */
export interface RouteContext {
  config: ServerConfig;
  live: LiveStore;
  /** The CMS's content-changed reports, for every cache of CMS content. */
  contentChanges: ContentChanges;
  /** Views and browser failures per app version (deploy status, canary health). */
  failureCounts: FailureRecorder;
  /** What the app servers share: notices, rendered pages, request counts (memory or Redis). */
  shared: SharedState;
}
