/**
 * Exclusive locks on the builds folder, for writers that must not interleave: within one process
 * a promise queue per lock (so the app server's own callers wait their turn without polling), and
 * across processes (the CLI beside the server) a lock file created with O_EXCL.
 *
 * A holder refreshes its file's mtime while it works, so a lock held for a long gate run is never
 * taken for stale; a lock whose holder died (its pid is gone on this host, or it stopped
 * refreshing) is removed by the next writer.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { LockTimeout } from './platform-state';
import { processAlive } from './process-alive';
import { Turns } from './turns';

export interface LockOptions {
  /** How long to wait for another process's lock before giving up. */
  waitMs: number;
  /** A lock file not refreshed for this long is stale (its holder hung or crashed). */
  staleMs?: number;
}

const HEARTBEAT_MS = 5_000;
const DEFAULT_STALE_MS = 30_000;

/** Each lock's callers in this process. */
const queues = new Map<string, Turns>();

async function isStale(lock: string, staleMs: number): Promise<boolean> {
  const st = await fs.stat(lock).catch(() => null);
  if (!st) return false;
  if (Date.now() - st.mtimeMs > staleMs) return true;
  const [pid, host] = (await fs.readFile(lock, 'utf8').catch(() => '')).split(' ');
  // A pid is only meaningful on the host that wrote it (a builds folder may be shared storage).
  return host === os.hostname() && Number(pid) > 0 && !processAlive(Number(pid));
}

async function acquire(lock: string, { waitMs, staleMs = DEFAULT_STALE_MS }: LockOptions): Promise<void> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      const handle = await fs.open(lock, 'wx');
      await handle.writeFile(`${process.pid} ${os.hostname()}`);
      await handle.close();
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (await isStale(lock, staleMs)) {
        await fs.rm(lock, { force: true });
        continue;
      }
      if (Date.now() > deadline)
        throw new LockTimeout(`Another deploy holds ${lock}; try again (or remove it if stale)`);
      await sleep(50);
    }
  }
}

async function holdFileLock<T>(lock: string, options: LockOptions, fn: () => Promise<T>): Promise<T> {
  await fs.mkdir(path.dirname(lock), { recursive: true });
  await acquire(lock, options);
  const heartbeat = setInterval(() => {
    const now = new Date();
    fs.utimes(lock, now, now).catch(() => undefined);
  }, HEARTBEAT_MS);
  heartbeat.unref();
  try {
    return await fn();
  } finally {
    clearInterval(heartbeat);
    await fs.rm(lock, { force: true });
  }
}

/**
 * Runs `fn` holding `lock` (an absolute path; its folder is made when missing): after every earlier
 * caller in this process, and never beside another process's holder; gives up once it waited
 * `waitMs` for both. A caller's place in the queue is taken when it calls, so a caller must not
 * await anything before calling (two awaited mkdirs finish in any order).
 */
export function withFileLock<T>(lockPath: string, options: LockOptions, fn: () => Promise<T>): Promise<T> {
  const lock = path.resolve(lockPath);
  let turns = queues.get(lock);
  if (!turns) {
    // Forgotten once idle, so the map does not grow with every builds folder.
    const own: Turns = new Turns(() => {
      if (queues.get(lock) === own) queues.delete(lock);
    });
    queues.set(lock, (turns = own));
  }
  const mine = turns.take(options.waitMs, lock, (waitMs) => holdFileLock(lock, { ...options, waitMs }, fn));
  return mine;
}
