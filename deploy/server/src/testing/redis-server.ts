/**
 * A throwaway Debian redis-server for tests: its own port, no persistence, stopped by PID.
 * (`npm test` installs the package when missing; see scripts/lib/debian-packages.ts.)
 */
import { spawn } from 'node:child_process';
import { Redis } from 'ioredis';
import { freePort } from './free-port';

export const REDIS_SERVER_PATH = '/usr/bin/redis-server';

export interface TestRedis {
  url: string;
  port: number;
  /** Stops the server (SIGTERM) and waits for it to exit. */
  stop(): Promise<void>;
  /** Starts it again on the same port (after stop). */
  restart(): Promise<void>;
  /** SIGSTOP: a hung Redis — its connections stay open, nothing is answered. */
  pause(): void;
  /** SIGCONT: it answers again, the commands sent meanwhile first. */
  resume(): void;
}

export async function startTestRedis(): Promise<TestRedis> {
  const port = await freePort();
  let child: ReturnType<typeof spawn> | null = null;
  async function start() {
    child = spawn(
      REDIS_SERVER_PATH,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--loglevel', 'warning'],
      { stdio: 'ignore' },
    );
    const deadline = Date.now() + 10_000;
    for (;;) {
      const client = new Redis({
        port,
        host: '127.0.0.1',
        lazyConnect: true,
        maxRetriesPerRequest: 0,
        retryStrategy: () => null,
      });
      try {
        await client.connect();
        await client.ping();
        client.disconnect();
        return;
      } catch {
        client.disconnect();
        if (Date.now() > deadline) throw new Error(`redis-server did not start on port ${port}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  }
  async function stop() {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    // A paused server would not act on SIGTERM before it is continued.
    running.kill('SIGCONT');
    running.kill('SIGTERM');
    await exited;
  }
  const signal = (name: 'SIGSTOP' | 'SIGCONT') => {
    if (!child || child.exitCode !== null) throw new Error('redis-server is not running');
    child.kill(name);
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}/0`,
    port,
    stop,
    restart: start,
    pause: () => signal('SIGSTOP'),
    resume: () => signal('SIGCONT'),
  };
}
