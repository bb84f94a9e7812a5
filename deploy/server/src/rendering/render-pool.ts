/**
 * Render workers, one pool per live set (docs/architecture.md, "How a page reaches the screen"). When `live.json` changes, the next
 * render starts a new pool and the old one is closed once its running renders finish, so a
 * deploy changes what the server renders without a restart, and no module of an old version
 * stays in memory (the threads that loaded it are gone). piscina runs the pool.
 */
import path from 'node:path';
import { Piscina } from 'piscina';
import type { RenderOutcome, RenderTask } from './render-worker';

export interface RenderPoolOptions {
  threads: number;
  onLog?: (message: string) => void;
}

export class RenderPools {
  private current: { liveSetId: string; pool: Piscina } | null = null;
  private readonly workerFile = path.join(__dirname, 'render-worker.ts');

  constructor(private readonly options: RenderPoolOptions) {}

  private poolFor(liveSetId: string): Piscina {
    if (this.current?.liveSetId === liveSetId) return this.current.pool;
    const previous = this.current;
    const pool = new Piscina({
      filename: this.workerFile,
      minThreads: 1,
      maxThreads: this.options.threads,
      // The worker is TypeScript, like the whole server: tsx loads it in the thread too
      // (also when the server itself was started without tsx's flags, as under jest).
      execArgv: process.execArgv.some((flag) => flag.includes('tsx')) ? process.execArgv : [...process.execArgv, '--import', 'tsx'],
    });
    this.current = { liveSetId, pool };
    if (previous) {
      this.options.onLog?.(`live set ${previous.liveSetId} → ${liveSetId}: new render workers, closing the old ones`);
      // close() lets the renders under way finish, then ends the threads.
      void previous.pool.close().catch(() => previous.pool.destroy());
    }
    return pool;
  }

  render(liveSetId: string, task: RenderTask): Promise<RenderOutcome> {
    return this.poolFor(liveSetId).run(task) as Promise<RenderOutcome>;
  }

  async close(): Promise<void> {
    const pool = this.current?.pool;
    this.current = null;
    await pool?.destroy();
  }
}
