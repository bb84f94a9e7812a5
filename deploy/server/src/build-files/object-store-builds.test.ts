/** @jest-environment node */
import fs from 'node:fs/promises';
import path from 'node:path';
import { GetObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { tempDir } from '../testing/fixtures';
import {
  buildStoreContract,
  holdsBuild,
  preparedBuild,
  removePreparedBuilds,
  SAMPLE_BUILD,
} from '../testing/build-store-contract';
import { startTestObjectStore, type TestObjectStore } from '../testing/object-store-server';
import { BuildStoreUnavailable, CorruptVersion, NotStored, type BuildStore } from './build-store';
import { openObjectStoreBuilds } from './object-store-builds';
import { createS3Client } from './s3-client';

/**
 * Versions in a real S3-compatible store (Debian's OpenStack Swift with its s3api middleware):
 * two app servers on one bucket, each with its own cache folder.
 */
describe('versions in an object store', () => {
  let objects: TestObjectStore;
  let root: string;
  let buckets = 0;
  const newBucket = () => `builds-${process.pid}-${++buckets}`;
  const open = (bucket: string, cache: string, client?: S3Client) =>
    openObjectStoreBuilds({ settings: objects.settings(bucket), cacheDir: path.join(root, cache), client });

  beforeAll(async () => {
    objects = await startTestObjectStore();
  }, 120_000);
  afterAll(async () => {
    await objects?.stop();
  });
  beforeEach(async () => {
    root = await tempDir();
  });
  afterEach(async () => {
    await removePreparedBuilds();
    await fs.rm(root, { recursive: true, force: true });
  });

  describe('keeps the contract', () => {
    buildStoreContract(async () => {
      const bucket = newBucket();
      return { a: await open(bucket, 'cache-a'), b: await open(bucket, 'cache-b') };
    });
  });

  describe('on one bucket', () => {
    let bucket: string;
    let serverA: BuildStore;
    let serverB: BuildStore;
    let client: S3Client;
    beforeEach(async () => {
      bucket = newBucket();
      serverA = await open(bucket, 'cache-a');
      serverB = await open(bucket, 'cache-b');
      client = createS3Client(objects.settings(bucket));
    });
    afterEach(async () => {
      await serverA.close();
      await serverB.close();
      client.destroy();
    });

    it('keeps each file as the server sends it, for a CDN or browsers to take from the bucket', async () => {
      await serverA.store('blog', 'v1', await preparedBuild());
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: 'builds/blog/v1/static/chunk.js' }));
      expect(await object.Body!.transformToString('utf8')).toBe(SAMPLE_BUILD['static/chunk.js']);
      expect(object.ContentType).toBe('application/javascript; charset=utf-8');
      expect(object.CacheControl).toBe('public, max-age=31536000, immutable');
      // The publishing server keeps its copy; the other has none until it is asked for one.
      expect(await serverA.isLocal('blog', 'v1')).toBe(true);
      expect(await serverB.isLocal('blog', 'v1')).toBe(false);
    });

    it('shows nothing of an upload cut short, and storing the version again completes it', async () => {
      // Some of a version's files reached the store, its record did not: as when a server died mid-upload.
      for (const rel of ['remoteEntry.js', 'mf-manifest.json'])
        await client.send(
          new PutObjectCommand({ Bucket: bucket, Key: `builds/blog/v1/${rel}`, Body: SAMPLE_BUILD[rel] }),
        );
      expect(await serverB.has('blog', 'v1')).toBe(false);
      expect(await serverB.list('blog')).toEqual([]);
      expect(await serverB.apps()).toEqual([]);
      await expect(serverB.local('blog', 'v1')).rejects.toBeInstanceOf(NotStored);

      expect(await serverA.store('blog', 'v1', await preparedBuild())).toBe(true);
      expect(await holdsBuild(await serverB.local('blog', 'v1'))).toBe(true);
    });

    it('publishes nothing when the store goes away mid-upload, says why in one line, and takes it whole once back', async () => {
      // The store stops while the upload is under way: the third file's request finds it gone.
      const failing = createS3Client(objects.settings(bucket));
      let puts = 0;
      failing.middlewareStack.add(
        (next) => async (args) => {
          if ((args.input as { Key?: string }).Key?.startsWith('builds/') && ++puts === 3) await objects.stopEndpoint();
          return next(args);
        },
        { step: 'initialize', name: 'storeStopsMidUpload' },
      );
      const cutShort = await open(bucket, 'cache-c', failing);
      try {
        const error = await cutShort.store('blog', 'v1', await preparedBuild()).catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(BuildStoreUnavailable);
        expect((error as Error).message).toMatch(/^The object store could not take blog v1's .+: /);
        expect((error as Error).message).not.toContain('\n');
        expect(puts).toBeGreaterThanOrEqual(3);
      } finally {
        await objects.startEndpoint();
        await cutShort.close();
      }
      expect(await serverB.has('blog', 'v1')).toBe(false);
      expect(await serverB.list('blog')).toEqual([]);
      await expect(serverB.local('blog', 'v1')).rejects.toBeInstanceOf(NotStored);
      // Nothing of it reached the cutting server's cache either.
      expect(await fs.readdir(path.join(root, 'cache-c')).catch(() => [])).toEqual([]);

      expect(await serverA.store('blog', 'v1', await preparedBuild())).toBe(true);
      expect(await holdsBuild(await serverB.local('blog', 'v1'))).toBe(true);
    }, 90_000);

    it('refuses a version while the store cannot be reached, in one line, and serves what it has cached', async () => {
      await serverA.store('blog', 'v1', await preparedBuild());
      await serverB.local('blog', 'v1');
      await objects.stopEndpoint();
      try {
        const refusal = await serverA.store('blog', 'v2', await preparedBuild()).catch((caught: unknown) => caught);
        expect(refusal).toBeInstanceOf(BuildStoreUnavailable);
        expect((refusal as Error).message).not.toContain('\n');
        await expect(serverA.local('blog', 'v2')).rejects.toBeInstanceOf(BuildStoreUnavailable);
        expect(await holdsBuild(await serverB.local('blog', 'v1'))).toBe(true);
      } finally {
        await objects.startEndpoint();
      }
      expect(await serverB.has('blog', 'v2')).toBe(false);
    }, 90_000);

    it('refuses to serve a version whose file in the store was altered, and keeps nothing of it', async () => {
      await serverA.store('blog', 'v1', await preparedBuild());
      await client.send(
        new PutObjectCommand({ Bucket: bucket, Key: 'builds/blog/v1/static/chunk.js', Body: 'evil()' }),
      );
      await expect(serverB.local('blog', 'v1')).rejects.toBeInstanceOf(CorruptVersion);
      expect(await serverB.isLocal('blog', 'v1')).toBe(false);
      expect(await fs.readdir(path.join(root, 'cache-b')).catch(() => [])).toEqual([]);
    });

    it("removes every file under a version's name, those of an upload cut short too", async () => {
      await serverA.store('blog', 'v1', await preparedBuild());
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: 'builds/blog/v1/left-over.js', Body: 'x' }));
      await serverA.remove('blog', 'v1');
      for (const key of ['builds/blog/v1/remoteEntry.js', 'builds/blog/v1/left-over.js', 'versions/blog/v1.json'])
        await expect(client.send(new GetObjectCommand({ Bucket: bucket, Key: key }))).rejects.toMatchObject({
          name: 'NoSuchKey',
        });
    });

    it("drops from a server's cache the versions another server removed, and keeps the rest", async () => {
      await serverA.store('blog', 'v1', await preparedBuild());
      await serverA.store('blog', 'v2', await preparedBuild());
      // Server B served both, then server A pruned v1.
      await serverB.local('blog', 'v1');
      await serverB.local('blog', 'v2');
      await serverA.remove('blog', 'v1');
      expect(await serverB.isLocal('blog', 'v1')).toBe(true);

      expect(await serverB.dropUnstored()).toEqual([{ app: 'blog', version: 'v1' }]);
      expect(await serverB.isLocal('blog', 'v1')).toBe(false);
      expect(await serverB.isLocal('blog', 'v2')).toBe(true);
      // Nothing more to drop; the other server's cache had its copy removed with the version.
      expect(await serverB.dropUnstored()).toEqual([]);
      expect(await serverA.dropUnstored()).toEqual([]);
    });
  });
});
