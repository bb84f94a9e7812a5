/**
 * Versions in an S3-compatible object store, for app servers that share nothing but the network
 * (docs/architecture.md, "N app servers"). The store alone says what is published; no database is
 * needed to read it.
 *
 * - **Storing**: every file goes to `<prefix>builds/<app>/<version>/<path>`, each checked by the
 *   store against its MD5 as it arrives. The version is the build's content hash, so a key's bytes
 *   never change and the same upload twice is harmless (the store cannot create-if-absent: Swift
 *   refuses `If-None-Match: *`). Then, last, the version's record `<prefix>versions/<app>/<version>.json`:
 *   every file's digest and size. A version without its record is not published: an upload cut
 *   short leaves objects nobody lists, and nothing visible; storing it again completes it.
 * - **This server's cache**: `cacheDir/<app>/<version>/`, the layout of a builds folder, so the
 *   rest of the server reads a version as it always has. A version missing here is fetched whole,
 *   every file checked against the record's digest, into a temporary folder renamed into place: a
 *   half-fetched or altered version is never served. Concurrent asks share one fetch.
 * - **The objects are served as they are**: each carries its content type and a year's immutable
 *   cache header, so a CDN (or browsers, through `ASSET_ORIGINS`) can take them from the bucket.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  type ListObjectsV2CommandOutput,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { isAppName, VERSION_RE } from '../platform-state/documents';
import { type BuildStore, BuildStoreUnavailable, CorruptVersion, NotStored, type StoredVersion } from './build-store';
import { createS3Client, type ObjectStoreSettings } from './s3-client';
import { contentTypeOf, digestOf, type FileRecords, folderDigests, isFolder, moveFolderInto } from './version-files';

export interface ObjectStoreBuildsOptions {
  settings: ObjectStoreSettings;
  /** This server's cache folder of versions. */
  cacheDir: string;
  /** A client of the caller's making (closed with the store); by default one from `settings`. */
  client?: S3Client;
}

/** A version's record in the store, written after its last file: that it exists is the publish. */
interface VersionRecord {
  app: string;
  version: string;
  /** When it was stored (ms since epoch): the order of `list`, finer than the store's own dates. */
  storedAt: number;
  bytes: number;
  files: FileRecords;
}

/** Files moved or fetched at once. */
const PARALLEL = 8;
/** DeleteObjects takes at most this many keys per request (S3's limit). */
const DELETE_BATCH = 1000;

/** `work` on every item, a few at once; the first failure stops the rest and is thrown once all have stopped. */
async function inParallel<T>(items: readonly T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | null = null;
  await Promise.all(
    Array.from({ length: Math.min(PARALLEL, items.length) }, async () => {
      while (!failure && next < items.length) {
        try {
          await work(items[next++]!);
        } catch (error) {
          failure ??= { error };
        }
      }
    }),
  );
  if (failure) throw (failure as { error: unknown }).error;
}

const statusOf = (error: unknown) => (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
/** The first line of why a request failed (an AggregateError, Node's for a refused connection, says it in its first error). */
function reasonOf(error: unknown): string {
  const failure = error as Error & { code?: string; errors?: unknown[] };
  if (failure.errors?.length) return reasonOf(failure.errors[0]);
  return (failure.message || failure.code || failure.name || String(error)).split('\n')[0]!;
}

/** Connects to the bucket (made when it does not exist: an arrangement's first start) and returns the store. */
export async function openObjectStoreBuilds(options: ObjectStoreBuildsOptions): Promise<BuildStore> {
  const { settings, cacheDir } = options;
  const client = options.client ?? createS3Client(settings);
  const { bucket, prefix } = settings;
  await ensureBucket(client, bucket);
  const fileKey = (app: string, version: string, rel = '') => `${prefix}builds/${app}/${version}/${rel}`;
  const recordKey = (app: string, version: string) => `${prefix}versions/${app}/${version}.json`;
  const cached = (app: string, version: string) => {
    if (!VERSION_RE.test(version) || !isAppName(app)) throw new NotStored(`Invalid version "${app} ${version}"`);
    return path.join(cacheDir, app, version);
  };
  const unavailable = (what: string, error: unknown) =>
    new BuildStoreUnavailable(`The object store could not ${what}: ${reasonOf(error)}`);

  const readRecord = async (app: string, version: string): Promise<VersionRecord | null> => {
    try {
      const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: recordKey(app, version) }));
      return JSON.parse(await answer.Body!.transformToString('utf8')) as VersionRecord;
    } catch (error) {
      if ((error as Error).name === 'NoSuchKey' || statusOf(error) === 404) return null;
      throw unavailable(`give ${app} ${version}'s record`, error);
    }
  };
  const hasRecord = async (app: string, version: string): Promise<boolean> => {
    try {
      await client.send(new HeadObjectCommand({ Bucket: bucket, Key: recordKey(app, version) }));
      return true;
    } catch (error) {
      if (statusOf(error) === 404) return false;
      throw unavailable(`say whether ${app} ${version} is stored`, error);
    }
  };
  /** Every key under `keyPrefix` (with `delimiter`, the folders one level down instead), page by page. */
  const listKeys = async (keyPrefix: string, delimiter?: string): Promise<string[]> => {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      let page: ListObjectsV2CommandOutput;
      try {
        page = await client.send(
          new ListObjectsV2Command({
            Bucket: bucket,
            Prefix: keyPrefix,
            ContinuationToken: token,
            ...(delimiter ? { Delimiter: delimiter } : {}),
          }),
        );
      } catch (error) {
        throw unavailable(`list ${keyPrefix}`, error);
      }
      for (const entry of delimiter ? (page.CommonPrefixes ?? []) : (page.Contents ?? [])) {
        const key = 'Prefix' in entry ? entry.Prefix : (entry as { Key?: string }).Key;
        if (key) keys.push(key.slice(keyPrefix.length));
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys;
  };

  /** A folder taken into this server's cache (it is now the version's), or dropped when one is there. */
  const intoCache = async (app: string, version: string, folder: string) => {
    const target = cached(app, version);
    await moveFolderInto(folder, target);
    return target;
  };
  const fetching = new Map<string, Promise<string>>();

  const fetchVersion = async (app: string, version: string): Promise<string> => {
    const record = await readRecord(app, version);
    if (!record) throw new NotStored(`${app} ${version} is not published`);
    await fs.mkdir(cacheDir, { recursive: true });
    // A dot first: never a version, never served.
    const temporary = path.join(cacheDir, `.fetch-${app}-${version}-${randomBytes(4).toString('hex')}`);
    try {
      await inParallel(Object.entries(record.files), async ([rel, file]) => {
        let bytes: Buffer;
        try {
          const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: fileKey(app, version, rel) }));
          bytes = Buffer.from(await answer.Body!.transformToByteArray());
        } catch (error) {
          throw unavailable(`give ${app} ${version}'s ${rel}`, error);
        }
        if (digestOf(bytes) !== file.digest)
          throw new CorruptVersion(`${app} ${version}'s ${rel} in the object store does not match its recorded digest`);
        const target = path.join(temporary, rel);
        await fs.mkdir(path.dirname(target), { recursive: true });
        await fs.writeFile(target, bytes);
      });
      return await intoCache(app, version, temporary);
    } finally {
      await fs.rm(temporary, { recursive: true, force: true });
    }
  };

  const putFile = async (app: string, version: string, rel: string, body: Buffer) => {
    try {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: fileKey(app, version, rel),
          Body: body,
          // The store refuses bytes that arrive other than they left.
          ContentMD5: createHash('md5').update(body).digest('base64'),
          ContentType: contentTypeOf(rel),
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    } catch (error) {
      throw unavailable(`take ${app} ${version}'s ${rel}`, error);
    }
  };

  return {
    kind: 'object-store',
    localDir: cacheDir,
    async store(app, version, preparedDir, storedAt) {
      cached(app, version);
      if (await hasRecord(app, version)) {
        await fs.rm(preparedDir, { recursive: true, force: true });
        return false;
      }
      const files = await folderDigests(preparedDir);
      await inParallel(Object.keys(files), async (rel) =>
        putFile(app, version, rel, await fs.readFile(path.join(preparedDir, rel))),
      );
      const record: VersionRecord = {
        app,
        version,
        storedAt: storedAt ?? Date.now(),
        bytes: Object.values(files).reduce((sum, file) => sum + file.bytes, 0),
        files,
      };
      // The record comes last: the version is published once every file is in the store.
      const text = Buffer.from(`${JSON.stringify(record)}\n`);
      try {
        await client.send(
          new PutObjectCommand({
            Bucket: bucket,
            Key: recordKey(app, version),
            Body: text,
            ContentMD5: createHash('md5').update(text).digest('base64'),
            ContentType: 'application/json',
          }),
        );
      } catch (error) {
        throw unavailable(`take ${app} ${version}'s record`, error);
      }
      await intoCache(app, version, preparedDir);
      return true;
    },
    async has(app, version) {
      return VERSION_RE.test(version) && isAppName(app) && hasRecord(app, version);
    },
    async list(app): Promise<StoredVersion[]> {
      if (!isAppName(app)) return [];
      const versions = (await listKeys(`${prefix}versions/${app}/`))
        .filter((name) => name.endsWith('.json'))
        .map((name) => name.slice(0, -'.json'.length))
        .filter((version) => VERSION_RE.test(version));
      const found: StoredVersion[] = [];
      // The listing's dates are whole seconds: each record has the exact time.
      await inParallel(versions, async (version) => {
        const record = await readRecord(app, version);
        if (record) found.push({ version, storedAt: record.storedAt });
      });
      return found.sort((a, b) => b.storedAt - a.storedAt || a.version.localeCompare(b.version));
    },
    async apps() {
      return (await listKeys(`${prefix}versions/`, '/'))
        .map((name) => name.replace(/\/$/, ''))
        .filter(isAppName)
        .sort();
    },
    async local(app, version) {
      const dir = cached(app, version);
      if (await isFolder(dir)) return dir;
      const key = `${app}@${version}`;
      let fetch = fetching.get(key);
      if (!fetch) {
        fetch = fetchVersion(app, version).finally(() => fetching.delete(key));
        fetching.set(key, fetch);
      }
      return fetch;
    },
    async isLocal(app, version) {
      return isFolder(cached(app, version));
    },
    async bytes(app, version) {
      const record = await readRecord(app, version);
      if (!record) throw new NotStored(`${app} ${version} is not published`);
      return record.bytes;
    },
    async remove(app, version) {
      // The record first: from then on the version is not published, whatever becomes of its files.
      try {
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: recordKey(app, version) }));
      } catch (error) {
        throw unavailable(`remove ${app} ${version}'s record`, error);
      }
      await fs.rm(cached(app, version), { recursive: true, force: true });
      // Every file under the version's prefix, those of an upload cut short too.
      const keys = (await listKeys(fileKey(app, version))).map((rel) => ({ Key: fileKey(app, version, rel) }));
      for (let start = 0; start < keys.length; start += DELETE_BATCH) {
        try {
          await client.send(
            new DeleteObjectsCommand({
              Bucket: bucket,
              Delete: { Objects: keys.slice(start, start + DELETE_BATCH), Quiet: true },
            }),
          );
        } catch (error) {
          throw unavailable(`remove ${app} ${version}'s files`, error);
        }
      }
    },
    async dropUnstored() {
      const dropped: Array<{ app: string; version: string }> = [];
      // The cache holds a version only once its record was seen (fetched, or stored by this
      // server after its record): one with no record now was removed. Dot-names are fetches under
      // way and the platform's own state, never versions.
      const names = async (dir: string) =>
        (await fs.readdir(dir, { withFileTypes: true }).catch(() => []))
          .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
          .map((entry) => entry.name);
      for (const app of (await names(cacheDir)).filter(isAppName))
        for (const version of (await names(path.join(cacheDir, app))).filter((name) => VERSION_RE.test(name)))
          if (!(await hasRecord(app, version))) {
            await fs.rm(cached(app, version), { recursive: true, force: true });
            dropped.push({ app, version });
          }
      return dropped;
    },
    async close() {
      client.destroy();
    },
  };
}

async function ensureBucket(client: S3Client, bucket: string): Promise<void> {
  try {
    await client.send(new HeadBucketCommand({ Bucket: bucket }));
    return;
  } catch (error) {
    if (statusOf(error) !== 404)
      throw new BuildStoreUnavailable(`The object store's bucket ${bucket} cannot be reached: ${reasonOf(error)}`);
  }
  try {
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
  } catch (error) {
    // Another server made it meanwhile.
    if ((error as Error).name !== 'BucketAlreadyOwnedByYou')
      throw new BuildStoreUnavailable(`The object store could not make the bucket ${bucket}: ${reasonOf(error)}`);
  }
}
