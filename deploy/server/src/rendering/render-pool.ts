/**
 * Render workers, one pool per live set (docs/architecture.md, "How a page reaches the screen"). When `live.json` changes, the next
 * render starts a new pool and the old one is closed once its running renders finish, so a
 * deploy changes what the server renders without a restart, and no module of an old version
 * stays in memory (the threads that loaded it are gone). piscina runs the pool.
 */
import path from 'node:path';
import { Piscina } from 'piscina';
import type { RenderOutcome, RenderTask } from './render-worker';

/** Running from the compiled bundle (dist/main.js) rather than from this TypeScript file. */
const compiled = !__filename.endsWith('.ts');

export interface RenderPoolOptions {
  threads: number;
  onLog?: (message: string) => void;
}

export class RenderPools {
  private current: { liveSetId: string; pool: Piscina } | null = null;
  // Beside this code either way: render-worker.ts in the sources (tsx, jest), render-worker.js
  // beside the bundle when compiled (deploy/server/build-server.mjs puts both at dist/'s top).
  private readonly workerFile = path.join(__dirname, `render-worker${compiled ? '.js' : '.ts'}`);

  constructor(private readonly options: RenderPoolOptions) {}

  private poolFor(liveSetId: string): Piscina {
    if (this.current?.liveSetId === liveSetId) return this.current.pool;
    const previous = this.current;
    const pool = new Piscina({
      filename: this.workerFile,
      minThreads: 1,
      maxThreads: this.options.threads,
      // From the sources the worker is TypeScript: tsx loads it in the thread too (also when the
      // server itself was started without tsx's flags, as under jest). Compiled, it is plain
      // JavaScript, and tsx (a devDependency) is not installed.
      execArgv: compiled || process.execArgv.some((flag) => flag.includes('tsx')) ? process.execArgv : [...process.execArgv, '--import', 'tsx'],
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
