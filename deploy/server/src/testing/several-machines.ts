/**
 * App servers as on several machines, in one process (docs/architecture.md, "N app servers"):
 * each with a builds folder of its own, all given one PostgreSQL (Debian's, for the platform's
 * state) and one object store (Debian's Swift with s3api, for the versions' files), opened as
 * `main.ts` opens them from `PLATFORM_STATE_URL` and `BUILD_STORE_*`. For the tests of several
 * machines and the bench's figures of them.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildServer } from '../app';
import { loadConfig } from '../config';
import type { ObjectStoreSettings } from '../build-files/s3-client';
import { hashKey } from '../live-set/deploy-keys';
import { packDist } from '../release/deploy-api-client';
import { makeDist } from './fixtures';
import { openSharedPlatform, type SharedPlatform } from '../shared-state/shared-platform';
import { type Settled, settled } from './deploy-jobs';
import { startTestObjectStore, type TestObjectStore } from './object-store-server';
import { startTestPostgres, type TestPostgres } from './postgres-server';

export interface Machine {
  app: FastifyInstance;
  /** Its own builds folder: its cache of the object store. */
  buildsDir: string;
  close(): Promise<void>;
}

export interface MachineServices {
  postgres: TestPostgres;
  objects: TestObjectStore;
  stop(): Promise<void>;
}

export async function startMachineServices(): Promise<MachineServices> {
  const [postgres, objects] = await Promise.all([startTestPostgres(), startTestObjectStore()]);
  return { postgres, objects, stop: async () => void (await Promise.all([postgres.stop(), objects.stop()])) };
}

/** A new, empty database and bucket: where one site's servers keep what they share. */
export interface SiteStores {
  platformStateUrl: string;
  bucket: string;
  buildStore: ObjectStoreSettings;
  /** `PLATFORM_STATE_URL` and `BUILD_STORE_*`, as a server's (or the CLI's) environment gives them. */
  env: Record<string, string | undefined>;
}

let sites = 0;

export async function newSiteStores(services: MachineServices): Promise<SiteStores> {
  const platformStateUrl = await services.postgres.database();
  const bucket = `site-${process.pid}-${Date.now()}-${++sites}`;
  const buildStore = services.objects.settings(bucket);
  return {
    platformStateUrl,
    bucket,
    buildStore,
    env: {
      PLATFORM_STATE_URL: platformStateUrl,
      BUILD_STORE_BUCKET: bucket,
      BUILD_STORE_ENDPOINT: buildStore.endpoint ?? undefined,
      BUILD_STORE_REGION: buildStore.region,
      BUILD_STORE_ACCESS_KEY_ID: buildStore.credentials?.accessKeyId,
      BUILD_STORE_SECRET_ACCESS_KEY: buildStore.credentials?.secretAccessKey,
    },
  };
}

export interface Site {
  /** Starts one more server of this site (its folder under `root`), `env` added to the site's. */
  addMachine(env?: Record<string, string>): Promise<Machine>;
  machines: Machine[];
  close(): Promise<void>;
}

/**
 * A site on a new database and bucket (or on `stores`, made before): servers added to it share
 * them and nothing else. `keys`: deploy keys by app, given to every server in `DEPLOY_KEYS` (as
 * hashes).
 */
export async function startSite(
  services: MachineServices,
  root: string,
  keys: Record<string, string>,
  env: Record<string, string> = {},
  stores?: SiteStores,
): Promise<Site> {
  const shared = stores ?? (await newSiteStores(services));
  const machines: Machine[] = [];
  const addMachine = async (machineEnv: Record<string, string> = {}) => {
    const folder = path.join(root, `machine-${machines.length + 1}`);
    const buildsDir = path.join(folder, 'builds');
    const config = loadConfig({
      BUILDS_DIR: buildsDir,
      DEPLOY_KEYS_FILE: path.join(folder, 'no-keys-file.json'),
      DEPLOY_KEYS: JSON.stringify(
        Object.entries(keys).map(([app, key]) => ({ name: `${app}-team`, app, hash: hashKey(key) })),
      ),
      ...shared.env,
      ...env,
      ...machineEnv,
    });
    const platform: SharedPlatform = await openSharedPlatform(config, () => {});
    const app = buildServer(config);
    await app.ready();
    const machine: Machine = {
      app,
      buildsDir,
      async close() {
        await app.close();
        await platform.close();
      },
    };
    machines.push(machine);
    return machine;
  };
  return {
    addMachine,
    machines,
    async close() {
      for (const machine of machines.splice(0)) await machine.close();
      await fs.rm(root, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
    },
  };
}

/** A deploy API call through `server` with `key`, as its client sees it once its job has ended. */
export async function deployCall(
  server: FastifyInstance,
  key: string,
  method: 'GET' | 'POST',
  url: string,
  payload?: Buffer | Record<string, unknown>,
): Promise<Settled> {
  const tarball = Buffer.isBuffer(payload);
  return settled(
    server,
    await server.inject({
      method,
      url,
      headers: { authorization: `Bearer ${key}`, ...(tarball ? { 'content-type': 'application/gzip' } : {}) },
      ...(payload === undefined ? {} : { payload }),
    }),
    key,
  );
}

/** The version of `app` a server's `/remotes.json` names now. */
export async function registryVersion(server: FastifyInstance, app: string): Promise<string | undefined> {
  return (await server.inject('/remotes.json')).json<Record<string, { version: string } | undefined>>()[app]?.version;
}

/**
 * Publishes a fixture build of `app` (its files under `root`, tagged `tag`) through `server` with
 * `key`; the version the server gave it.
 */
export async function publishThrough(
  server: FastifyInstance,
  key: string,
  root: string,
  app: string,
  tag: string,
): Promise<string> {
  const answer = await deployCall(
    server,
    key,
    'POST',
    `/_/deploy/${app}/versions`,
    await packDist(await makeDist(root, app, tag)),
  );
  if (answer.statusCode !== 201)
    throw new Error(`publishing ${app} ${tag} answered ${answer.statusCode}: ${JSON.stringify(answer.json())}`);
  return answer.json<{ version: string }>().version;
}

/** `ask` again for up to 5 s until it gives `wanted` (a notice takes a moment between machines); what it gave last. */
export async function eventually<T>(ask: () => Promise<T>, wanted: T): Promise<T> {
  let seen = await ask();
  for (let i = 0; i < 100 && seen !== wanted; i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    seen = await ask();
  }
  return seen;
}
