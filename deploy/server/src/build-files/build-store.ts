/**
 * Where published versions' files are kept (docs/architecture.md, "N app servers"), behind
 * one interface with two implementations:
 * - folder-builds.ts — the builds folder itself, `BUILDS_DIR/<app>/<version>/` (`npm start`);
 * - object-store-builds.ts — an S3-compatible object store, each app server keeping a local cache
 *   folder of the versions it serves, filled from the store and checked against the digests.
 *
 * Versions are immutable and content-addressed (the version is a hash of the build's files): a
 * stored version never changes, so a cache of one never goes stale.
 */

export interface StoredVersion {
  version: string;
  /** When it was stored (ms since epoch). */
  storedAt: number;
}

export interface BuildStore {
  readonly kind: 'folder' | 'object-store';
  /**
   * This server's folder of versions, laid out `<app>/<version>/…`: the builds folder itself, or
   * the cache of the object store. Whatever reads a version's files reads them here, after
   * `local()` made sure they are.
   */
  readonly localDir: string;
  /**
   * Stores a prepared version folder (publish made it: digests recorded, compressed variants
   * written), taking it over (it is moved, not copied). Complete or not at all: a version is
   * stored once every file is. False when that version was already stored (nothing changes); two
   * servers storing one version at the same moment may both say true (the bytes are the same:
   * the version is their hash). `storedAt` keeps the time it was first stored elsewhere (moving
   * versions between stores keeps their order, which prune reads); now by default.
   */
  store(app: string, version: string, preparedDir: string, storedAt?: number): Promise<boolean>;
  /** Whether the version is stored whole. */
  has(app: string, version: string): Promise<boolean>;
  /** The app's stored versions, newest first. */
  list(app: string): Promise<StoredVersion[]>;
  /** Every app that has versions stored (a removed app's too). */
  apps(): Promise<string[]>;
  /**
   * The version's folder on this server: at once when it is there, else fetched from the store
   * and checked against its digests first. NotStored when there is no such version.
   */
  local(app: string, version: string): Promise<string>;
  /** Whether the version's folder is on this server now (nothing is fetched). */
  isLocal(app: string, version: string): Promise<boolean>;
  /** The version's size in bytes (all its files). */
  bytes(app: string, version: string): Promise<number>;
  /**
   * Removes a version: no longer stored, its files gone from the store and this server. Another
   * server's cached copy stays until that server drops it (a version's files never change, so
   * what it serves from it is still right).
   */
  remove(app: string, version: string): Promise<void>;
  /**
   * Drops this server's copies of versions the store no longer has (another server removed them:
   * prune), so a server's cache does not grow with every version ever served; returns them. The
   * builds folder keeps no copies (it is the store): none.
   */
  dropUnstored(): Promise<Array<{ app: string; version: string }>>;
  close(): Promise<void>;
}

/** No such version is stored (the caller asked for one that was never published, or was pruned). */
export class NotStored extends Error {
  override readonly name = 'NotStored';
}

/** The object store could not be reached, or failed: the caller may try again later (the API answers 503). */
export class BuildStoreUnavailable extends Error {
  override readonly name = 'BuildStoreUnavailable';
}

/** A file fetched from the store does not match its recorded digest: the version is not served. */
export class CorruptVersion extends Error {
  override readonly name = 'CorruptVersion';
}
