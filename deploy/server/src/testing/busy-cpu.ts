/**
 * A machine whose CPU is busy, for tests and the bench: `busyCores(n)` keeps n cores spinning in
 * worker threads until stopped; `blockFor(ms)` holds this thread as a long task does (a large
 * page assembled, a GC pause).
 */
import { Worker } from 'node:worker_threads';

const SPIN = `
const { parentPort, workerData } = require('node:worker_threads');
const view = new Int32Array(workerData);
let x = 0;
while (Atomics.load(view, 0) === 0) for (let i = 0; i < 1e6; i++) x = (x + i) % 7919;
parentPort.postMessage(x);
`;

/** Spins `count` threads; resolves its stop function once they run. */
export async function busyCores(count: number): Promise<() => Promise<void>> {
  const flag = new SharedArrayBuffer(4);
  const workers = Array.from({ length: count }, () => new Worker(SPIN, { eval: true, workerData: flag }));
  await Promise.all(workers.map((worker) => new Promise((resolve) => worker.once('online', resolve))));
  return async () => {
    Atomics.store(new Int32Array(flag), 0, 1);
    await Promise.all(workers.map((worker) => worker.terminate()));
  };
}

/** Holds this thread for `ms`, as a long synchronous task would. */
export function blockFor(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // busy on purpose
  }
}
