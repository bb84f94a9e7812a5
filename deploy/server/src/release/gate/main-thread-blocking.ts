/**
 * Blocking time of a page's main thread after its first contentful paint, read from a Lighthouse
 * trace twice: from each task's wall time (what Lighthouse's simulation multiplies by its CPU
 * slowdown) and from the renderer's own CPU time in it. On a machine whose cores are shared with
 * the app server, the CMS and Chromium's other processes, the renderer waits for a core in the
 * middle of its tasks — wall time then exceeds CPU time and Lighthouse's TBT grows with the
 * machine's contention, not with the page. The CPU-time figure is the page's own cost.
 */

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: { isLoadingMainFrame?: boolean; documentLoaderURL?: string } };
}

export interface MainThreadBlocking {
  /** Σ max(0, slowdown × wall − 50 ms) over the tasks after first contentful paint. */
  fromWallTime: number;
  /** The same sum from the renderer's CPU time in each task. */
  fromCpuTime: number;
  /** CPU time ÷ wall time of those tasks (1 when the renderer never waited for a core). */
  cpuShare: number;
}

const LONG_TASK_MS = 50;

export function mainThreadBlocking(traceEvents: readonly TraceEvent[], slowdown: number): MainThreadBlocking | null {
  const navigation = traceEvents.find(
    (event) =>
      event.name === 'navigationStart' &&
      event.args?.data?.isLoadingMainFrame &&
      event.args.data.documentLoaderURL?.startsWith('http'),
  );
  if (!navigation) return null;
  const { pid } = navigation;
  const firstPaint = traceEvents.find(
    (event) => event.pid === pid && event.name === 'firstContentfulPaint' && event.ts >= navigation.ts,
  );
  const mainThread = traceEvents.find(
    (event) => event.pid === pid && event.name === 'thread_name' && event.args?.name === 'CrRendererMain',
  );
  if (!firstPaint || !mainThread) return null;
  const tasks = traceEvents
    .filter(
      (event) =>
        event.pid === pid &&
        event.tid === mainThread.tid &&
        event.name === 'RunTask' &&
        event.ph === 'X' &&
        event.ts >= firstPaint.ts,
    )
    .sort((a, b) => a.ts - b.ts);
  let fromWallTime = 0;
  let fromCpuTime = 0;
  let wall = 0;
  let cpu = 0;
  let coveredUntil = 0;
  for (const task of tasks) {
    if (task.ts < coveredUntil) continue; // a task run inside another (a nested loop) is counted in it
    const wallMs = (task.dur ?? 0) / 1000;
    const cpuMs = (task.tdur ?? task.dur ?? 0) / 1000;
    coveredUntil = task.ts + (task.dur ?? 0);
    wall += wallMs;
    cpu += cpuMs;
    fromWallTime += Math.max(0, slowdown * wallMs - LONG_TASK_MS);
    fromCpuTime += Math.max(0, slowdown * cpuMs - LONG_TASK_MS);
  }
  return { fromWallTime, fromCpuTime, cpuShare: wall ? cpu / wall : 1 };
}
