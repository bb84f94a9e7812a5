/**
 * A throwaway object store for tests: OpenStack Swift with its S3 middleware (deploy/object-store/),
 * in a temp folder, on five consecutive free ports the OS's choice starts, stopped by PID. It takes
 * about ten seconds to answer. `npm test` installs the Debian packages.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { CreateBucketCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { createS3Client, type ObjectStoreSettings } from '../build-files/s3-client';
import { tempDir } from './fixtures';
import { freePort } from './free-port';

// The SDK is pinned to its last releases that run on Node 20 (build-files/s3-client.ts): its
// notice that later ones will not is known, and would be noise in every test that makes a client.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

interface StoreProcess {
  name: string;
  command: string;
  args: string[];
}

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { objectStore, OBJECT_STORE_PROGRAMS } = require(
  path.resolve(__dirname, '../../../object-store/object-store.cjs'),
) as {
  objectStore: (options: { dir: string; port: number; accessKeyId: string; secretKey: string }) => {
    endpoint: string;
    region: string;
    prepare(): void;
    processes: StoreProcess[];
  };
  OBJECT_STORE_PROGRAMS: Array<{ path: string; pkg: string }>;
};

export interface TestObjectStore {
  /** Settings for a client of `bucket` (made on first use). */
  settings(bucket: string): ObjectStoreSettings;
  /** Stops the S3 endpoint (Swift's proxy): the store cannot be reached. */
  stopEndpoint(): Promise<void>;
  /** Starts it again and waits until it answers. */
  startEndpoint(): Promise<void>;
  stop(): Promise<void>;
}

const portFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

/** The first of `count` consecutive free ports, starting where the OS would put one server. */
async function freePortRun(count: number): Promise<number> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const base = await freePort();
    if (base + count > 65535) continue;
    const free = await Promise.all(Array.from({ length: count }, (_, i) => portFree(base + i)));
    if (free.every(Boolean)) return base;
  }
  throw new Error(`No ${count} consecutive free ports for the object store`);
}

export async function startTestObjectStore(): Promise<TestObjectStore> {
  const missing = OBJECT_STORE_PROGRAMS.filter((program) => !existsSync(program.path)).map((program) => program.pkg);
  if (missing.length)
    throw new Error(`The object store needs Debian's ${missing.join(', ')} (npm test installs them when run as root)`);
  const dir = await tempDir('steel-object-store-');
  const port = await freePortRun(5);
  const accessKeyId = 'steel:tests';
  const secretKey = randomBytes(16).toString('hex');
  const store = objectStore({ dir, port, accessKeyId, secretKey });
  store.prepare();
  const running = new Map<string, ChildProcess>();
  const start = (proc: StoreProcess) => {
    const child = spawn(proc.command, proc.args, { stdio: 'ignore', detached: true });
    running.set(proc.name, child);
  };
  const stopOne = async (name: string) => {
    const child = running.get(name);
    running.delete(name);
    if (!child || child.exitCode !== null || child.pid === undefined) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    process.kill(-child.pid, 'SIGTERM');
    await exited;
  };
  const settings = (bucket: string): ObjectStoreSettings => ({
    bucket,
    endpoint: store.endpoint,
    region: store.region,
    credentials: { accessKeyId, secretAccessKey: secretKey },
    prefix: '',
  });
  const ready = async () => {
    const client = createS3Client(settings('ready-probe'));
    const deadline = Date.now() + 60_000;
    for (;;) {
      try {
        await client.send(new CreateBucketCommand({ Bucket: 'ready-probe' })).catch((error: Error) => {
          if (error.name !== 'BucketAlreadyOwnedByYou') throw error;
        });
        await client.send(new PutObjectCommand({ Bucket: 'ready-probe', Key: 'probe', Body: 'ok' }));
        client.destroy();
        return;
      } catch (error) {
        if (Date.now() > deadline) throw new Error(`The object store did not answer: ${(error as Error).message}`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
  };
  for (const proc of store.processes) start(proc);
  await ready();
  const proxy = store.processes.find((proc) => proc.name.endsWith('proxy'))!;
  return {
    settings,
    stopEndpoint: () => stopOne(proxy.name),
    async startEndpoint() {
      start(proxy);
      await ready();
    },
    async stop() {
      for (const proc of [...store.processes].reverse()) await stopOne(proc.name);
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}
