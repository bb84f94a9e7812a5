/**
 * Render workers, one pool per live set (docs/architecture.md, "How a page reaches the screen").
 *
 * A canary or an override makes two or more live sets run side by side, and visitors of each
 * alternate from request to request: with a single pool, every switch closed the threads and
 * started new ones (31 restarts in 40 requests of a 50 % canary, renders 5.7× slower). So each
 * live set keeps its own pool, at most `maxPools` of them (the least recently used one is closed
 * when another is needed), and a pool nobody rendered with for `idleMs` is closed: no module of a
 * version left behind stays in memory (the threads that loaded it are gone).
 *
 * A new pool is warmed before it renders a visitor's page: every thread loads the live set's
 * server entries first (a render waits for that, which is what it would have paid anyway), so a
 * deploy's first renders do not each pay for loading the bundles. piscina runs the pools.
 */
import path from 'node:path';
import { Piscina } from 'piscina';
import type { RenderOutcome, RenderTask, WarmTask } from './render-worker';

/** Running from the compiled bundle (dist/main.js) rather than from this TypeScript file. */
const compiled = !__filename.endsWith('.ts');

export interface RenderPoolOptions {
  threads: number;
  /** Live sets rendered at once, each with its own threads (the live one, a canary, an override). */
  maxPools?: number;
  /** A pool not rendered with for this long is closed. */
  idleMs?: number;
  onLog?: (message: string) => void;
}

interface LiveSetPool {
  pool: Piscina;
  /** Every thread has loaded the live set's server entries. */
  warm: Promise<void>;
  /** How many distinct threads did (each warm task says which thread ran it). */
  warmedThreads: number;
  lastUsed: number;
  /** When its warming ended (Infinity until then): it is idle from then at the earliest. */
  warmedAt: number;
}

export class RenderPools {
  private readonly pools = new Map<string, LiveSetPool>();
  /** Pools started since this server started (the bench and tests count restarts with it). */
  private started = 0;
  private readonly maxPools: number;
  private readonly idleMs: number;
  private readonly sweeper: NodeJS.Timeout;
  // Beside this code either way: render-worker.ts in the sources (tsx, jest), render-worker.js
  // beside the bundle when compiled (deploy/server/build-server.mjs puts both at dist/'s top).
  private readonly workerFile = path.join(__dirname, `render-worker${compiled ? '.js' : '.ts'}`);

  constructor(private readonly options: RenderPoolOptions) {
    this.maxPools = Math.max(1, options.maxPools ?? 3);
    this.idleMs = options.idleMs ?? 10 * 60_000;
    this.sweeper = setInterval(() => this.closeIdle(), Math.min(this.idleMs, 60_000));
    this.sweeper.unref();
  }

  /** The live set's pool, started and warmed when it has none. */
  prepare(liveSetId: string, warm: WarmTask): Promise<void> {
    return this.poolFor(liveSetId, warm).warm;
  }

  async render(liveSetId: string, task: RenderTask): Promise<RenderOutcome> {
    const entry = this.poolFor(liveSetId, { buildsDir: task.buildsDir, versions: task.versions });
    await entry.warm;
    entry.lastUsed = Date.now();
    return (await entry.pool.run(task)) as RenderOutcome;
  }

  /**
   * The live sets visitors are served now changed (an activation, a canary started or ended):
   * the pools of the others are closed unless they rendered in the last `graceMs` (a request
   * that chose its live set just before the change). An override's pool, closed here, starts
   * again on its visitor's next page.
   */
  keepOnly(liveSetIds: readonly string[], graceMs = 5_000): void {
    const now = Date.now();
    for (const [id, { lastUsed }] of this.pools)
      if (!liveSetIds.includes(id) && now - lastUsed >= graceMs) this.retire(id, 'no longer served');
  }

  /** How many pools were started, and which live sets have one now. */
  stats(): { started: number; live: string[] } {
    return { started: this.started, live: [...this.pools.keys()] };
  }

  /** Render worker threads running now, and renders waiting for one, over every pool. */
  load(): { threads: number; queued: number } {
    let threads = 0;
    let queued = 0;
    for (const { pool } of this.pools.values()) {
      threads += pool.threads.length;
      queued += pool.queueSize;
    }
    return { threads, queued };
  }

  /** How many threads of a live set's pool have loaded its server entries. */
  warmedThreads(liveSetId: string): number {
    return this.pools.get(liveSetId)?.warmedThreads ?? 0;
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    const pools = [...this.pools.values()];
    this.pools.clear();
    await Promise.all(pools.map(({ pool }) => pool.destroy()));
  }

  private poolFor(liveSetId: string, warm: WarmTask): LiveSetPool {
    const known = this.pools.get(liveSetId);
    if (known) {
      known.lastUsed = Date.now();
      return known;
    }
    while (this.pools.size >= this.maxPools) this.retire(this.leastRecentlyUsed()!, 'to make room');
    const threads = this.options.threads;
    const pool = new Piscina({
      filename: this.workerFile,
      // All threads from the start, each warmed: a visitor never waits for a thread to load the bundles.
      minThreads: threads,
      maxThreads: threads,
      // From the sources the worker is TypeScript: tsx loads it in the thread too (also when the
      // server itself was started without tsx's flags, as under jest). Compiled, it is plain
      // JavaScript, and tsx (a devDependency) is not installed.
      execArgv:
        compiled || process.execArgv.some((flag) => flag.includes('tsx'))
          ? process.execArgv
          : [...process.execArgv, '--import', 'tsx'],
    });
    this.started += 1;
    // One warm task per thread. Each waits at a barrier until all have arrived, so no thread can
    // take two of them while another takes none (piscina gives a task to whichever thread is free).
    const barrier = new Int32Array(new SharedArrayBuffer(4));
    const warming = Promise.all(
      Array.from(
        { length: threads },
        () => pool.run({ ...warm, barrier, threads }, { name: 'warm' }) as Promise<number>,
      ),
    ).then(
      (threadIds) => {
        entry.warmedThreads = new Set(threadIds).size;
        entry.warmedAt = Date.now();
      },
      // A version whose server entry cannot load still renders: each page is left to the browser.
      (error: unknown) => {
        entry.warmedAt = Date.now();
        this.options.onLog?.(`live set ${liveSetId}: warming the render workers failed: ${(error as Error).message}`);
      },
    );
    // Never idle while it warms: on a busy machine warming may outlast the idle time.
    const entry: LiveSetPool = { pool, warm: warming, warmedThreads: 0, lastUsed: Date.now(), warmedAt: Infinity };
    this.pools.set(liveSetId, entry);
    this.options.onLog?.(
      `live set ${liveSetId}: render workers started (${this.pools.size} live set${this.pools.size === 1 ? '' : 's'} rendering)`,
    );
    return entry;
  }

  private leastRecentlyUsed(): string | undefined {
    let oldest: [string, number] | undefined;
    for (const [id, { lastUsed }] of this.pools) if (!oldest || lastUsed < oldest[1]) oldest = [id, lastUsed];
    return oldest?.[0];
  }

  private closeIdle(): void {
    const now = Date.now();
    for (const [id, { lastUsed, warmedAt }] of this.pools)
      if (now - Math.max(lastUsed, warmedAt) > this.idleMs) this.retire(id, 'idle');
  }

  private retire(liveSetId: string, why: string): void {
    const entry = this.pools.get(liveSetId);
    if (!entry) return;
    this.pools.delete(liveSetId);
    this.options.onLog?.(`live set ${liveSetId}: render workers closed (${why})`);
    // close() lets the renders under way finish, then ends the threads.
    void entry.pool.close().catch(() => entry.pool.destroy());
  }
}
