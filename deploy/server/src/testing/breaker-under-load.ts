/**
 * A Redis-backed shared state asked continuously while the CPU is busy — both cores spinning and
 * this thread held by long tasks — counting how often its breaker opened (busy-cpu-breaker.test.ts,
 * and over a minute in `npm run bench`).
 */
import { createRedisState } from '../shared-state/redis-state';
import { blockFor, busyCores } from './busy-cpu';

const CACHED_PAGE = { html: '<p>صفحه</p>', status: 200, headers: {}, collections: ['articles'], renderedAt: 0 };

export interface BreakerUnderLoad {
  openings: number;
  commands: number;
  failures: number;
  longestBlockMs: number;
}

/** `connected`: called once the state reached Redis, before the load (a test hangs Redis there). */
export async function breakerUnderBusyCpu(
  url: string,
  ms: number,
  { cores = 2, connected }: { cores?: number; connected?: () => void } = {},
): Promise<BreakerUnderLoad> {
  const lines: string[] = [];
  const state = createRedisState({
    url,
    prefix: `busy${Math.random().toString(36).slice(2, 8)}:`,
    pages: { maxEntries: 100, maxBytes: Infinity, retryMs: 60_000 },
    onError: (line) => lines.push(line),
  });
  // Connected before the load starts (a command before then fails at once, by design).
  for (let tries = 0; tries < 100 && (await state.hit('warm', 60_000).catch(() => -1)) <= 0; tries++)
    await new Promise((resolve) => setTimeout(resolve, 50));
  connected?.();
  const stop = await busyCores(cores);
  let commands = 0;
  let failures = 0;
  let longestBlockMs = 0;
  try {
    const until = Date.now() + ms;
    let round = 0;
    while (Date.now() < until) {
      round += 1;
      // Requests in flight, as a server's visitors make them…
      const asked = [
        state.pages.set(`set1 /page-${round % 20}`, CACHED_PAGE as never),
        state.pages.get(`set1 /page-${(round + 7) % 20}`),
        state.hit(`renders:203.0.113.${round % 50}`, 60_000),
      ].map((call) =>
        (call as Promise<unknown>).then(
          () => (commands += 1),
          () => (failures += 1),
        ),
      );
      // …while this thread does a long task: 150–250 ms, past the 100 ms limit.
      const block = 150 + (round % 5) * 25;
      blockFor(block);
      longestBlockMs = Math.max(longestBlockMs, block);
      await Promise.all(asked);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    await stop();
    await state.close();
  }
  return {
    openings: lines.filter((line) => line.startsWith('Redis unavailable')).length,
    commands,
    failures,
    longestBlockMs,
  };
}
