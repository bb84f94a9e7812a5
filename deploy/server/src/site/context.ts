import type { RemoteName } from '@steel/contract';
import type { RemoteFailureKind } from '@steel/contract';
import type { LiveStore } from '../live-set/live-store';
import type { ServerConfig } from '../config';
import type { FailureRecorder } from '../shared-state/failure-counts';
import type { SharedState } from '../shared-state/shared-state';
import type { RenderFallback } from '../rendering/page-renders';
import type { SlotFailure } from '../rendering/slot-contributions';
import type { ContentChanges } from './content-changes';
import type { ServerMetrics } from '../observability/metrics';

/** One browser's report of a remote failing, as the route accepted it. */
export interface RemoteFailureReport {
  app: RemoteName;
  version: string;
  kind: RemoteFailureKind;
  /** The page's path. */
  route: string;
  /** The error's message, trimmed. */
  failure: string;
}

/**
 * What the site tells whoever built it, as typed records (the deploy gate's smoke test listens);
 * the log lines beside them are for people.
 */
export interface SiteEvents {
  /** A browser reported a remote failing on a page (the beacon), checked and trimmed. */
  remoteFailed?: (report: RemoteFailureReport) => void;
  /** A server render left a remote to the browser, or the CMS did not answer it. */
  renderFellBack?: (fallback: RenderFallback) => void;
  /** A slot contribution was left out of a server render (the gate refuses a candidate's). */
  slotFailed?: (failure: SlotFailure & { url: string }) => void;
}

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
  /** This server's Prometheus metrics (`/metrics`). */
  metrics: ServerMetrics;
  /**
   * Tells every app server (this one included, through the shared state) that live.json changed:
   * each rereads it, and its live store tells its listeners. For the writers in this process — the
   * deploy API and the health monitor; never throws (a lost notice is caught by the file check).
   */
  announceLiveChange: () => Promise<void>;
  /**
   * Tells every app server that deploy keys were revoked (an app removed): each ends at once the
   * console streams a revoked key opened (console/console-routes.ts). Never throws; a lost notice is
   * caught by each server's own check of its keys, within a second.
   */
  announceKeysRevoked: () => Promise<void>;
  /**
   * Tells every app server that a version was published (`stored` notice): each with an object store
   * fetches it into its cache ahead of its activation. Never throws; a lost notice costs only time
   * (the version is fetched when it goes live).
   */
  announceStored: (app: string, version: string) => Promise<void>;
  events: SiteEvents;
}
