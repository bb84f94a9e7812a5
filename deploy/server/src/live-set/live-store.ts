/**
 * What is live right now, derived from the platform state's live set (BUILDS_DIR/live.json by
 * default) and each live version's `app-manifest.json` (the contract it speaks, the shared
 * versions it needs, the pages it owns).
 *
 * The state's change mark is asked on every request (for the folder, one `stat` of live.json and
 * apps.json: deploys replace them by rename), so an activation or rollback takes effect on the
 * next request, no restart.
 *
 * "The live set changed" has one source: this store, when it reads a live.json that differs from
 * the one it read before (`onChange`). Whoever wrote it — the deploy API or the health monitor on
 * this server (their notice reaches every server's `reload`), another server (the same notice,
 * through the shared state), the local CLI (heard by the file check of the next request or of the
 * live-event stream) — the render pools, the page cache, the live-event stream and the health
 * monitor hear it here, once per change.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { satisfy } from '@module-federation/runtime-core';
import {
  FEDERATION_MANIFEST_FILE,
  APP_MANIFEST_FILE,
  incompatibility,
  FILE_DIGESTS_FILE,
  isBrowserLoadedFile,
  readsFileDigests,
  parseAppManifest,
  type AppManifest,
  type RegistryEntry,
  type RemoteName,
  type RemoteRegistry,
  type LiveSetStamp,
} from '@steel/contract';
import type { RemotePages } from '@steel/contract';
import { NotStored } from '../build-files/build-store';
import { buildsOfFolder } from '../build-files/builds-of-folder';
import { stateOfFolder } from '../platform-state/state-of-folder';
import { type AppName, type LiveState, SHELL } from './builds-folder';
import { registeredNames } from './app-registry';

export interface LiveSnapshot {
  live: LiveState;
  /** The live set's stamp, `/builds/latest.json`: its id keys its render pool, page cache and notices. */
  stamp: LiveSetStamp;
  /** `/remotes.json`; a remote never activated, or without a readable app manifest, is left out. */
  remotes: Partial<RemoteRegistry>;
  /** Every live remote's pages: the shell routes by them, in the browser and on the server. */
  pages: RemotePages;
  /** Why a live remote cannot run beside the live shell (it is then left to fail, contained). */
  incompatible: Record<RemoteName, string>;
  /**
   * Every app the platform serves (the shell, then the registered remotes), as read with this live
   * set: what a request needs of the registry without asking the state again (the database may be
   * out of reach).
   */
  apps: string[];
}

/** How often the same reason for an unreadable live set is logged again while it lasts. */
const UNREADABLE_WARNING_EVERY_MS = 60_000;

/** Short, stable id of the live set: changes whenever the shell or any remote changes. */
export function liveSetId(live: LiveState): string {
  const apps = Object.keys(live.versions).sort(
    (a, b) => Number(b === SHELL) - Number(a === SHELL) || a.localeCompare(b),
  );
  const key = apps.map((app) => `${app}:${live.versions[app] ?? ''}`).join('|');
  return createHash('sha256').update(key).digest('hex').slice(0, 12);
}

/** A version's app manifest, checked against the contract's schema. */
export async function readAppManifest(buildsDir: string, app: AppName, version: string): Promise<AppManifest> {
  return parseAppManifest(JSON.parse(await fs.readFile(path.join(buildsDir, app, version, APP_MANIFEST_FILE), 'utf8')));
}

/** Why `remote` cannot run beside `shell`, by Module Federation's own version rule; null when it can. */
export function remoteIncompatibility(shell: AppManifest, remote: AppManifest): string | null {
  return incompatibility(shell, remote, satisfy);
}

export class LiveStore {
  private snapshot: LiveSnapshot | null = null;
  /** The canary and override variants of the current snapshot, by live-set id (derived once each). */
  private variants = new Map<string, Promise<LiveSnapshot>>();
  /** The state's change mark (the live set's and the apps') as last read: unchanged, nothing is read again. */
  private fileState = '';
  private pending: Promise<LiveSnapshot | null> | null = null;
  /** live.json as last read (its parsed content: a notice may re-read an unchanged file). */
  private lastRead = '';
  private readonly changeListeners = new Set<(snapshot: LiveSnapshot) => void>();
  /** The change mark whose versions are being fetched from the object store ('' when none is). */
  private fetchingFor = '';
  /** The change mark whose versions were fetched (those never published left as they are). */
  private fetchedFor = '';
  /** The last reason the live set could not be read, and when it was logged. */
  private unreadable = { message: '', at: 0 };

  constructor(
    readonly buildsDir: string,
    private readonly warn: (msg: string) => void = () => {},
    /** Versions served instead of live.json's (the deploy gate tries a version out this way). */
    private readonly overlay: Record<AppName, string> = {},
    /** Each remote's asset origin (`ServerConfig.assetOrigins`): its registry URLs point there. */
    private readonly assetOrigins: Record<RemoteName, string> = {},
  ) {}

  /** The current live set, or null when nothing was ever activated. */
  async current(): Promise<LiveSnapshot | null> {
    // Concurrent requests share one check.
    this.pending ??= this.refresh().finally(() => {
      this.pending = null;
    });
    return this.pending;
  }

  /**
   * The live set a visitor gets: each app's canary version when their `cohort` (0–9999,
   * visitor-live-set.ts) falls within its share, then the versions their overrides name
   * (override-cookies.ts), the live versions otherwise. Its id differs from the live set's, so pages
   * cached for one are never served to the other. An override to a version whose folder is gone is
   * ignored (the version was pruned after the cookie was issued).
   */
  async forVisitor(cohort: number | null, overrides: Record<AppName, string> = {}): Promise<LiveSnapshot | null> {
    const stable = await this.current();
    if (!stable) return stable;
    const canaries =
      cohort === null
        ? []
        : Object.entries(stable.live.canary ?? {}).filter(([, canary]) => cohort < canary.percent * 100);
    // An overridden version is not live, so on several machines it is seldom in this server's cache:
    // fetched from the object store first (`local`), or the override issued through another server
    // would be ignored here. One that is not stored (or not reachable) is left out: the stable set.
    const builds = buildsOfFolder(this.buildsDir);
    const present = await Promise.all(
      Object.entries(overrides).map(async ([app, version]) =>
        (await builds.local(app, version).then(
          (dir) =>
            fs.access(path.join(dir, APP_MANIFEST_FILE)).then(
              () => true,
              () => false,
            ),
          () => false,
        ))
          ? [[app, version] as [string, string]]
          : [],
      ),
    );
    const chosen = [...canaries.map(([app, canary]): [string, string] => [app, canary.version]), ...present.flat()];
    if (chosen.every(([app, version]) => stable.live.versions[app] === version)) return stable;
    const live: LiveState = { ...stable.live, versions: { ...stable.live.versions, ...Object.fromEntries(chosen) } };
    const id = liveSetId(live);
    let variant = this.variants.get(id);
    if (!variant) {
      variant = deriveSnapshot(this.buildsDir, live, this.warn, this.assetOrigins);
      this.variants.set(id, variant);
      variant.catch(() => this.variants.delete(id));
    }
    return variant;
  }

  /**
   * The live sets visitors are served now (overrides aside): the live one, and one per band of
   * cohorts that a different combination of canaries reaches (a canary at p % reaches the cohorts
   * below p × 100, so the highest cohort below each canary's bound stands for its band).
   */
  async servedSets(): Promise<LiveSnapshot[]> {
    const stable = await this.current();
    if (!stable) return [];
    const bounds = new Set(
      Object.values(stable.live.canary ?? {}).map((canary) => Math.ceil(canary.percent * 100) - 1),
    );
    const variants = await Promise.all(
      [...bounds].filter((cohort) => cohort >= 0).map((cohort) => this.forVisitor(cohort)),
    );
    const sets = new Map([stable, ...variants].flatMap((set) => (set ? [[set.stamp.id, set] as const] : [])));
    return [...sets.values()];
  }

  /**
   * Heard once per change of live.json (an activation, a canary, a rollback, by any writer), with
   * the new live set; also for the first live set read. Returns a function that stops listening.
   */
  onChange(listener: (snapshot: LiveSnapshot) => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  /**
   * A server announced a change of live.json: read it again now, whatever its stat says (a shared
   * folder's metadata may be cached), so the listeners hear it without waiting for a request.
   */
  reload(): void {
    this.fileState = '';
    void this.current();
  }

  /**
   * Whether every version of `live` (its canaries' too) is on this server, fetching those that are
   * not from the object store (several machines: another server published them). A server never
   * answers with a live set whose files it lacks: until they are here it keeps serving the live set
   * it had (stale, never wrong) and takes up the new one once the fetch is done — or waits for
   * them when it has none yet (its first live set). With the builds folder alone, always true.
   */
  private async versionsHere(live: LiveState, mark: string): Promise<boolean> {
    const builds = buildsOfFolder(this.buildsDir);
    // The builds folder is the store: nothing to fetch (a version whose folder is gone is shown as
    // its pages' contained failure).
    if (builds.kind === 'folder' || this.fetchedFor === mark) return true;
    const wanted: Array<[string, string]> = [
      ...Object.entries(live.versions),
      ...Object.entries(live.canary ?? {}).map(([app, canary]): [string, string] => [app, canary.version]),
    ];
    // A name that cannot be a version is not fetched (the snapshot leaves such an app out).
    const here = await Promise.all(wanted.map(([app, version]) => builds.isLocal(app, version).catch(() => true)));
    const missing = wanted.filter((_, i) => !here[i]);
    if (missing.length === 0) return true;
    const fetchAll = () =>
      Promise.all(
        missing.map(([app, version]) =>
          builds.local(app, version).catch((error: unknown) => {
            // Never published (or pruned): the snapshot shows its pages' contained failure, as for a folder.
            if (!(error instanceof NotStored)) throw error;
          }),
        ),
      );
    if (!this.snapshot) {
      await fetchAll();
      this.fetchedFor = mark;
      return true;
    }
    if (this.fetchingFor !== mark) {
      this.fetchingFor = mark;
      void fetchAll().then(
        () => {
          this.fetchingFor = '';
          // Taken up now, whatever could not be had (never published): asked once per change.
          this.fetchedFor = mark;
          this.reload();
        },
        (error: unknown) => {
          // Asked again by the next request's refresh.
          this.fetchingFor = '';
          this.warn(`Keeping the live set served until its new versions can be fetched: ${(error as Error).message}`);
        },
      );
    }
    return false;
  }

  private async refresh(): Promise<LiveSnapshot | null> {
    const state = stateOfFolder(this.buildsDir);
    // The registered apps count too: an app removed from the registry leaves the live set at once.
    const fileState = await state.changeMark();
    if (fileState === this.fileState) return this.snapshot;
    try {
      const read = await state.live.read();
      if (!read) {
        this.snapshot = null;
        this.fileState = '';
        this.lastRead = '';
        return null;
      }
      const live = { ...read, versions: { ...read.versions, ...this.overlay } };
      if (!(await this.versionsHere(live, fileState))) return this.snapshot;
      this.snapshot = await deriveSnapshot(this.buildsDir, live, this.warn, this.assetOrigins);
      this.fileState = fileState;
      this.variants.clear();
      const seen = JSON.stringify(this.snapshot.live);
      if (seen !== this.lastRead) {
        this.lastRead = seen;
        const snapshot = this.snapshot;
        for (const listener of this.changeListeners) {
          try {
            listener(snapshot);
          } catch (error) {
            this.warn(`A listener of live-set changes failed: ${(error as Error).message}`);
          }
        }
      }
    } catch (error) {
      // A hand-edited, broken live.json, or the platform's database out of reach, must not take the
      // site down: keep the last good set. Every request asks again, so the reason is logged once a
      // minute, not once a request (1,795 lines in 20 s on one server while PostgreSQL was down).
      const message = (error as Error).message;
      const now = Date.now();
      if (message !== this.unreadable.message || now - this.unreadable.at >= UNREADABLE_WARNING_EVERY_MS) {
        this.unreadable = { message, at: now };
        this.warn(`Ignoring an unreadable live set: ${message}`);
      }
    }
    return this.snapshot;
  }
}

/** Where the browser fetches a file of a version: the app's asset origin, or this server itself. */
export function versionFileUrl(
  app: RemoteName,
  version: string,
  file: string,
  assetOrigins: Record<RemoteName, string> = {},
): string {
  return `${assetOrigins[app] ?? ''}/builds/${app}/${version}/${file}`;
}

/**
 * The digests the browser checks a remote's files against (`contracts/integrity.ts`), as publish
 * recorded them in the version's app manifest: the entry's, and the version's file-digests file's,
 * which lists every other file's — or, for a live shell that does not read that file (or a version
 * published without one), every other file's digest itself. A version published before digests
 * were recorded gets none (the gate refuses such a version).
 */
export function registryIntegrity(
  manifest: AppManifest,
  entryFile: string,
  shellReadsFileDigests: boolean,
): Pick<RegistryEntry, 'integrity' | 'files' | 'filesIntegrity'> {
  const recorded = manifest.files;
  if (!recorded?.[entryFile]) return {};
  // Only beside a federation manifest: the shell fetches the file while it fetches that federation manifest.
  const filesIntegrity = entryFile === FEDERATION_MANIFEST_FILE ? recorded[FILE_DIGESTS_FILE] : undefined;
  if (shellReadsFileDigests && filesIntegrity) return { integrity: recorded[entryFile], filesIntegrity };
  const files = Object.fromEntries(
    Object.entries(recorded).filter(([rel]) => rel !== entryFile && isBrowserLoadedFile(rel)),
  );
  return { integrity: recorded[entryFile], files };
}

/**
 * The registry, pages and compatibility of a live set (also what the deploy gate tries out). Only
 * the shell and the registered apps (apps.json) are part of it: a version live.json still names
 * for an app that was removed is left out, and so are its paths.
 */
export async function deriveSnapshot(
  buildsDir: string,
  fileLive: LiveState,
  warn: (msg: string) => void = () => {},
  assetOrigins: Record<RemoteName, string> = {},
): Promise<LiveSnapshot> {
  const registered = await registeredNames(buildsDir);
  const served = new Set([SHELL, ...registered]);
  const live: LiveState = {
    ...fileLive,
    versions: Object.fromEntries(Object.entries(fileLive.versions).filter(([app]) => served.has(app))),
  };
  const remotes: Partial<RemoteRegistry> = {};
  const pages: RemotePages = {};
  const incompatible: Record<RemoteName, string> = {};
  const shell = live.versions.shell
    ? await readAppManifest(buildsDir, SHELL, live.versions.shell).catch(() => null)
    : null;
  // Without a readable app manifest of the shell, the registry keeps every file's digest: any shell reads those.
  const shellReadsFileDigests = shell ? readsFileDigests(shell.contract) : false;
  for (const name of registered) {
    const version = live.versions[name];
    if (!version) continue;
    const own = await readAppManifest(buildsDir, name, version).catch((error: unknown) => {
      warn(`${name} ${version} has no readable ${APP_MANIFEST_FILE}: ${(error as Error).message}`);
      return null;
    });
    // A live version whose folder is gone or broken keeps its app's paths (from the newest version
    // that has a readable app manifest), so its pages show the contained failure rather than a 404.
    const manifest = own ?? (await newestReadableAppManifest(buildsDir, name, live.rollbackStack?.[name] ?? []));
    if (!manifest) continue;
    // mf-manifest.json is preferred (it carries the shared/exposes metadata); a build without it
    // still loads through remoteEntry.js.
    const hasFederationManifest = await fs.access(path.join(buildsDir, name, version, FEDERATION_MANIFEST_FILE)).then(
      () => true,
      () => false,
    );
    const entryFile = hasFederationManifest ? FEDERATION_MANIFEST_FILE : 'remoteEntry.js';
    // Only the live version's own app manifest vouches for its files; a stand-in's digests are another version's.
    const integrity = own ? registryIntegrity(own, entryFile, shellReadsFileDigests) : {};
    remotes[name] = {
      version,
      entry: versionFileUrl(name, version, entryFile, assetOrigins),
      ...integrity,
      contract: manifest.contract,
      shared: manifest.shared,
      pages: manifest.pages,
      ...(manifest.navigation ? { navigation: manifest.navigation } : {}),
      ...(manifest.slotHosts ? { slotHosts: manifest.slotHosts } : {}),
      ...(manifest.contributions ? { contributions: manifest.contributions } : {}),
    };
    pages[name] = manifest.pages;
    const problem = shell ? remoteIncompatibility(shell, manifest) : null;
    if (problem) incompatible[name] = problem;
  }
  return {
    live,
    stamp: { id: liveSetId(live), timestamp: live.updatedAt },
    remotes,
    pages,
    incompatible,
    apps: [SHELL, ...registered],
  };
}

async function newestReadableAppManifest(
  buildsDir: string,
  app: RemoteName,
  rollbackStack: readonly string[],
): Promise<AppManifest | null> {
  const published = await buildsOfFolder(buildsDir)
    .list(app)
    .catch(() => []);
  const candidates = [...[...rollbackStack].reverse(), ...published.map((entry) => entry.version)];
  for (const version of candidates) {
    const manifest = await readAppManifest(buildsDir, app, version).catch(() => null);
    if (manifest) return manifest;
  }
  return null;
}
