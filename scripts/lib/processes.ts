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
export function startProcess(
  name: string,
  command: string,
  args: string[],
  options: SpawnOptions = {},
): RunningProcess {
  const child = spawn(command, args, { stdio: 'inherit', detached: true, ...options });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  async function stop() {
    if (child.exitCode !== null || child.pid === undefined) return;
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      return;
    }
    const killed = await Promise.race([
      exited.then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 10_000)),
    ]);
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

/** Whether a started child is still running (an exit by a signal leaves exitCode null). */
export function isRunning(processInfo: RunningProcess): boolean {
  return processInfo.child.exitCode === null && processInfo.child.signalCode === null;
}

/**
 * How a supervised process is restarted: after `firstDelayMs`, doubling with every death in a row
 * up to `maxDelayMs`, so a process that cannot start is retried ever more slowly instead of
 * spinning; one that stayed up `stableAfterMs` starts again from `firstDelayMs`.
 */
export interface RestartPolicy {
  firstDelayMs: number;
  maxDelayMs: number;
  stableAfterMs: number;
}

export const RESTART_POLICY: RestartPolicy = { firstDelayMs: 500, maxDelayMs: 30_000, stableAfterMs: 60_000 };

export interface SupervisedProcess {
  name: string;
  /** The process running now; null while stopped or waiting for its restart. */
  current(): RunningProcess | null;
  /** Starts it unless it runs, and from now on restarts it whenever it dies. */
  start(): RunningProcess;
  /** Stops it for good: a deliberate stop is never restarted. */
  stop(): Promise<void>;
}

/**
 * Keeps a long-running child alive, as systemd's Restart= does on a real machine (deploy/systemd):
 * every death (exit code or signal) and every restart is one line of `log`. `launch` starts a
 * fresh process each time (startProcess).
 */
export function superviseProcess(
  name: string,
  launch: () => RunningProcess,
  log: (line: string) => void,
  policy: RestartPolicy = RESTART_POLICY,
): SupervisedProcess {
  let running: RunningProcess | null = null;
  let wanted = false;
  let restartTimer: NodeJS.Timeout | null = null;
  let delayMs = policy.firstDelayMs;
  let restarts = 0;

  const launchWatched = (): RunningProcess => {
    const startedAt = Date.now();
    const started = launch();
    running = started;
    started.child.once('exit', (code, signal) => {
      if (running !== started) return;
      running = null;
      if (!wanted) return;
      // What it started may outlive it (nginx's workers keep its port): its whole group goes.
      if (started.child.pid !== undefined) {
        try {
          process.kill(-started.child.pid, 'SIGKILL');
        } catch {
          // nothing left
        }
      }
      const upMs = Date.now() - startedAt;
      if (upMs >= policy.stableAfterMs) delayMs = policy.firstDelayMs;
      const cause = signal ? `signal ${signal}` : `exit code ${code}`;
      log(
        `[supervisor] ${name} (pid ${started.child.pid}) died: ${cause} after ${(upMs / 1000).toFixed(1)} s up; restarting in ${(delayMs / 1000).toFixed(1)} s`,
      );
      restartTimer = setTimeout(() => {
        restartTimer = null;
        if (!wanted || running) return;
        restarts += 1;
        const next = launchWatched();
        log(`[supervisor] ${name} restarted (pid ${next.child.pid}, restart ${restarts})`);
      }, delayMs);
      delayMs = Math.min(delayMs * 2, policy.maxDelayMs);
    });
    return started;
  };

  return {
    name,
    current: () => running,
    start() {
      wanted = true;
      if (restartTimer) {
        clearTimeout(restartTimer);
        restartTimer = null;
      }
      return running ?? launchWatched();
    },
    async stop() {
      wanted = false;
      if (restartTimer) {
        clearTimeout(restartTimer);
        restartTimer = null;
      }
      const stopping = running;
      await stopping?.stop();
      if (running === stopping) running = null;
    },
  };
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
