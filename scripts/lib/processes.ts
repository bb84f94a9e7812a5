import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { randomBytes } from 'node:crypto';

/**
 * Settings every CMS and app server a script starts should share (they inherit this process's
 * environment):
 * - one SITE_READ_SECRET: the app server's reads carry it, and the CMS does not count them against
 *   its one address (deploy/server/src/rendering/site-reads.ts); random per run unless set;
 * - MALLOC_ARENA_MAX=2: glibc otherwise keeps an allocation arena per thread, and libvips' threads
 *   (image resizing) left the app server at 950 MB RSS after an image flood instead of ~500 MB —
 *   sharp's own advice for glibc. It must be set before the process starts.
 */
export function shareServerSettings(): void {
  process.env.SITE_READ_SECRET ??= randomBytes(24).toString('hex');
  process.env.MALLOC_ARENA_MAX ??= '2';
}

export interface RunningProcess {
  name: string;
  child: ChildProcess;
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

/**
 * Starts a long-running child in its own process group, so stopping it (by PID) also stops
 * whatever it started (npx, tsx and Strapi all spawn children of their own).
 */
export function startProcess(name: string, command: string, args: string[], options: SpawnOptions = {}): RunningProcess {
  const child = spawn(command, args, { stdio: 'inherit', detached: true, ...options });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  async function stop() {
    if (child.exitCode !== null || child.pid === undefined) return;
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      return;
    }
    const killed = await Promise.race([exited.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 10_000))]);
    if (!killed) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }
  return { name, child, exited, stop };
}

/** Polls a URL until it answers with a status below 500. */
export async function waitForUrl(url: string, timeoutMs: number, isAlive: () => boolean = () => true): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive()) throw new Error(`The process behind ${url} exited before it answered`);
    try {
      const response = await fetch(url);
      if (response.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/** Runs a command to completion with inherited output; resolves with its exit code. */
export function runCommand(command: string, args: string[], options: SpawnOptions = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}
