/**
 * What every deploy command needs, in one interface with two sides: a builds folder on this machine
 * (local-deployer.ts) or an app server's deploy API (remote-deployer.ts).
 */
import type { AppName } from '../../live-set/builds-folder';
import type { RegisteredApp } from '../../live-set/app-registry';
import type { AppRemoval } from '../apps';
import type { JobView } from '../deploy-api-client';
import type { PruneReport } from '../prune';
import type { ReleaseLogEntry } from '../release-log';
import type { AppStatus } from '../status';

/** What the commands need, from a builds folder on this machine or through the deploy API. */
export interface Deployer {
  /** Where versions go, for messages. */
  where: string;
  /** Stores the build; `activate`: then the gate, then live (through the API, one job does both). */
  publish(
    app: AppName,
    distDir: string,
    options: { compress: boolean; activate?: { force?: string } },
  ): Promise<{ version: string; created: boolean; dir?: string; activation?: Activation }>;
  check(app: AppName, version: string): Promise<{ refusal: string | null; ms: number; notes?: string[] }>;
  activate(app: AppName, version: string, force?: string): Promise<Activation>;
  rollback(app: AppName): Promise<{ version: string; previous: string | null }>;
  canary(
    app: AppName,
    version: string,
    percent: number,
    force?: string,
  ): Promise<{ refusal: string | null; live: string | null; gateMs: number }>;
  promote(app: AppName): Promise<{ version: string; previous: string | null }>;
  abort(app: AppName): Promise<{ version: string; aborted: string | null }>;
  /** A link that sets an override cookie in the browser that opens it. */
  override(app: AppName, version: string, minutes?: number): Promise<{ link: string; expiresAt: string }>;
  releaseLog(app?: AppName): Promise<ReleaseLogEntry[]>;
  apps: {
    list(): Promise<RegisteredApp[]>;
    add(request: { name: string; paths: string[]; owner?: string }): Promise<RegisteredApp>;
    remove(name: string, force?: string): Promise<AppRemoval>;
  };
  status(app?: AppName): Promise<{ updatedAt: number | null; apps: AppStatus[] }>;
  prune(keep: number): Promise<PruneReport>;
  jobs: {
    list(app?: AppName): Promise<JobView[]>;
    follow(app: AppName, id: string): Promise<JobView>;
    cancel(app: AppName, id: string): Promise<JobView>;
  };
}

export interface Activation {
  refusal: string | null;
  changed: boolean;
  previous: string | null;
  gateMs: number;
}
