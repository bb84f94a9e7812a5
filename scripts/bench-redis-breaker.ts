/**
 * The Redis breaker on a busy machine, for `npm run bench` (printed, never asserted): a shared
 * state asked without a pause for a minute against a healthy Redis while both cores spin and the
 * serving thread is held by long tasks past the 100 ms command limit — how often the breaker
 * opened (it should be 0: a busy CPU is not a Redis that stopped answering) and how many commands
 * were answered or failed. The same load as deploy/server/src/shared-state/busy-cpu-breaker.test.ts,
 * whose test runs it for seconds. Alone: `tsx scripts/bench-redis-breaker.ts`.
 */
import { breakerUnderBusyCpu } from '@steel/server/breaker-under-load';
import { startTestRedis } from '@steel/server/test-redis';

const SECONDS = Number(process.env.BENCH_BREAKER_SECONDS ?? 60);

export async function benchRedisBreaker(log: (line: string) => void) {
  const redis = await startTestRedis();
  try {
    const seen = await breakerUnderBusyCpu(redis.url, SECONDS * 1000);
    log(
      `healthy Redis, both cores busy, ${SECONDS} s: breaker opened ${seen.openings} times; ${seen.commands} commands answered, ${seen.failures} failed (serving thread held up to ${seen.longestBlockMs} ms at a time)`,
    );
  } finally {
    await redis.stop();
  }
}

if (require.main === module) {
  benchRedisBreaker((line) => console.log(line)).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
