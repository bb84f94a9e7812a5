/**
 * The deploy platform's state behind one interface (docs/architecture.md, "N app servers"):
 * the registered apps, the deploy keys (hashes), the live set with its canaries, rollback stack
 * and activation times, the release log, the views and failures per version, which versions pages
 * pinned, the gate's reports and measurements, the deploy jobs and the deploy lock. The app
 * server, the deploy CLI and the gate read and write it through this and nothing else.
 *
 * Two implementations, one contract (`src/testing/platform-state-contract.ts` runs against both):
 * - folder-state.ts — files in the builds folder, as `npm start` runs (no service to install);
 * - postgres-state.ts — tables in PostgreSQL, for several app servers on several machines.
 *
 * Every instance of one state (two servers, a server and the CLI) sees the others' writes: the
 * live set and the apps through `changeMark` and `onChange` within a second, the rest on the next
 * read.
 */
import type { RemoteFailureKind } from '@steel/contract';
import type { JobStore } from './job-store';

/** The shell, or a remote by its registered name. */
export type AppName = string;

/** The live set as stored: what every visitor gets, and what may replace it for some. */
export interface LiveState {
  /** The version live for everyone, per app. */
  versions: Record<AppName, string>;
  /** When the live set last changed (ms since epoch). */
  updatedAt: number;
  /** Per app, the versions live before the current one, oldest first: `rollback` takes the last. */
  rollbackStack?: Record<AppName, string[]>;
  /** When each app's live version became live (its failures are counted from then). */
  activatedAt?: Record<AppName, number>;
  /** Versions served to a share of visitors instead of the live one (deploy canary). */
  canary?: Record<AppName, Canary>;
}

export interface Canary {
  version: string;
  /** Share of visitors, 1–99. */
  percent: number;
  startedAt: number;
}

/** A remote the platform serves beside the shell, and the paths its pages may claim. */
export interface RegisteredApp {
  name: string;
  /** Path patterns the app's pages may claim: `/guides` (that path) or `/guides/**` (it and below). */
  paths: string[];
  /** The name of the key that owns it (informational: keys are per app already). */
  owner?: string;
  addedAt: string;
  addedBy: string;
}

export interface DeployKeyRecord {
  name: string;
  /** The app the key deploys, or `platform` (the platform team's keys: apps, no deploys). */
  app: AppName;
  /** `sha256:<hex>` of the key. */
  hash: string;
  createdAt?: string;
}

/**
 * What a release-log line records. `refused`: the gate refused an activation or canary that was
 * not forced (nothing changed). `canary` starts one, `promote` makes it live for all, `abort`
 * returns everyone to the live version; `auto-abort` and `auto-rollback` are the health
 * monitor's, with the figures in `gate`. `check` is the gate run alone; `override` an override
 * cookie issued to the key holder, and `override-end` one ended before its time (its app removed,
 * so its key revoked). `app-add` and `app-remove` register and remove an app: `version` is empty,
 * or for a removal forced while live the version that was live, and `paths` the app's path
 * patterns. A removal also ends the app's canary (an `abort` line after it) and its running
 * overrides.
 */
export type ReleaseAction =
  | 'publish'
  | 'check'
  | 'activate'
  | 'refused'
  | 'rollback'
  | 'canary'
  | 'promote'
  | 'abort'
  | 'auto-abort'
  | 'auto-rollback'
  | 'override'
  | 'override-end'
  | 'app-add'
  | 'app-remove';

/** One line of the release log: who changed what, when, from which version, and the gate's word. */
export interface ReleaseLogEntry {
  at: string;
  action: ReleaseAction;
  app: AppName;
  /** The version the line is about: published, checked, refused, made live, put back, started or ended as a canary, overridden. */
  version: string;
  /** The app's version live for everyone just before the line (null: none; `publish` lines: always null). */
  previous: string | null;
  /** `passed`, the refusal line (forced or refused), or `not run (…)`. */
  gate: string;
  /** The reason given with --force, when the gate was overridden. */
  forced: string | null;
  /** Who asked: the deploy key's name through the API, the OS user for the local CLI. */
  by: string;
  /** `app-add`, `app-remove`: the path patterns the app claims. */
  paths?: string[];
  /** `override`: when the override's cookie stops working (ISO time). */
  expiresAt?: string;
}

/**
 * What is counted per version and minute: each kind of browser failure, and `view` — a page of
 * the app served by an app server, the denominator of a version's failure rate.
 */
export type CountKind = RemoteFailureKind | 'view';

/** `app@version` → minute (ms since epoch, floored) → count per kind. */
export type VersionCounts = Record<string, Record<string, Partial<Record<CountKind, number>>>>;

/** `app@version` → when a page pinning it was last served (ms since epoch). */
export type ServedVersions = Record<string, number>;

/** The gate's report of one run on a version (release/gate/gate-report.ts writes it). */
export interface GateReport {
  at: string;
  rules: Array<{ name: string; passed: boolean; detail?: string }>;
  /** `render`: the server's render (no screenshot); `mount`: Chromium's, with a screenshot by its index. */
  pages: Array<{ kind: 'render' | 'mount'; url: string; shot: boolean }>;
}

export interface AppRecords {
  /** The registered apps; a state nobody registered apps in holds this repository's seeded three. */
  read(): Promise<RegisteredApp[]>;
  /** Replaces the list (callers hold the deploy lock). */
  write(apps: RegisteredApp[]): Promise<void>;
}

export interface KeyRecords {
  read(): Promise<DeployKeyRecord[]>;
  /** Adds a key; false when one of that name exists (nothing changes). */
  add(record: DeployKeyRecord): Promise<boolean>;
  /** False when there was none of that name. */
  remove(name: string): Promise<boolean>;
}

export interface LiveRecords {
  /** The live set; null when nothing was ever activated. */
  read(): Promise<LiveState | null>;
  /** Replaces it (callers hold the deploy lock). */
  write(live: LiveState): Promise<void>;
}

export interface ReleaseLog {
  append(entry: Omit<ReleaseLogEntry, 'at'> & { at?: string }): Promise<void>;
  /** Every line, oldest first; one app's when named. */
  read(app?: AppName): Promise<ReleaseLogEntry[]>;
}

export interface CountRecords {
  /** Adds a batch of counts (several servers add to the same totals). */
  add(batch: VersionCounts): Promise<void>;
  read(): Promise<VersionCounts>;
}

export interface ServedVersionRecords {
  /** Pages pinning these versions went out at these times (a later time replaces an earlier one). */
  record(batch: ServedVersions): Promise<void>;
  read(): Promise<ServedVersions>;
}

export interface GateRecords {
  readReport(app: AppName, version: string): Promise<GateReport | null>;
  /** Replaces the version's report and screenshots (`shots[i]` is page i's, when it has one). */
  writeReport(app: AppName, version: string, report: GateReport, shots: ReadonlyMap<number, Buffer>): Promise<void>;
  readShot(app: AppName, version: string, index: number): Promise<Buffer | null>;
  /** The main-thread figures the gate measured for a version (release/gate/main-thread.ts). */
  readFigures(app: AppName, version: string): Promise<unknown>;
  writeFigures(app: AppName, version: string, figures: unknown): Promise<void>;
  /** A pruned version's report, screenshots and figures go with it. */
  forget(app: AppName, version: string): Promise<void>;
  /** Every version with a report or figures, by app then version: what moving the state copies. */
  list(): Promise<Array<{ app: AppName; version: string }>>;
}

export interface PlatformState {
  readonly kind: 'folder' | 'postgres';
  readonly apps: AppRecords;
  readonly keys: KeyRecords;
  readonly live: LiveRecords;
  readonly releaseLog: ReleaseLog;
  readonly counts: CountRecords;
  readonly servedVersions: ServedVersionRecords;
  readonly gate: GateRecords;
  /** Deploy jobs: a job one process runs is followed and cancelled through any other. */
  readonly jobs: JobStore;
  /**
   * Runs `fn` as the one writer of the live set (and the one gate run) of this state: after every
   * earlier caller of this process, and never beside another process's holder.
   */
  withDeployLock<T>(fn: () => Promise<T>): Promise<T>;
  /**
   * A mark that changes whenever the live set or the apps change, by any writer. Cheap (no round
   * trip to a database): asked on every request.
   */
  changeMark(): Promise<string>;
  /** Heard when the live set or the apps changed, by any writer (within a second). */
  onChange(listener: () => void): () => void;
  close(): Promise<void>;
}

/** Another process holds the deploy lock past the wait (the API answers 503). */
export class LockTimeout extends Error {
  override readonly name = 'LockTimeout';
}

/**
 * The platform's database cannot be reached (down, hung, restarting): nothing was read or written
 * by the call that failed, and it may be tried again (the API answers 503).
 */
export class PlatformStateUnavailable extends Error {
  override readonly name = 'PlatformStateUnavailable';
}

/** How long a caller waits for the deploy lock: long enough for another process's gate runs (the catalogue's takes ~25 s). */
export const DEPLOY_LOCK_WAIT_MS = 10 * 60_000;

/** Minutes of counts kept: enough for a day of deploys; older minutes are dropped as new ones come. */
export const COUNTS_KEEP_MINUTES = 24 * 60;

/** Adds a batch to the counts (in place) and drops the minutes older than those kept. */
export function addCounts(counts: VersionCounts, batch: VersionCounts, now: number): VersionCounts {
  const oldest = now - COUNTS_KEEP_MINUTES * 60_000;
  for (const [key, minutes] of Object.entries(batch)) {
    const target = (counts[key] ??= {});
    for (const [minute, kinds] of Object.entries(minutes)) {
      const bucket = (target[minute] ??= {});
      for (const [kind, count] of Object.entries(kinds) as [CountKind, number][])
        bucket[kind] = (bucket[kind] ?? 0) + count;
    }
  }
  for (const minutes of Object.values(counts))
    for (const minute of Object.keys(minutes)) if (Number(minute) < oldest) delete minutes[minute];
  return counts;
}
