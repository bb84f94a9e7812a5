/** @jest-environment node */
/**
 * The Redis breaker measures Redis, not this machine's CPU: with both cores spinning and this
 * thread held by long tasks longer than the command time limit, a healthy Redis never opens it.
 * (`npm run bench` runs the same for a minute: scripts/bench-redis-breaker.ts.)
 */
import { startTestRedis, type TestRedis } from '../testing/redis-server';
import { breakerUnderBusyCpu } from '../testing/breaker-under-load';

let redis: TestRedis;
beforeAll(async () => {
  redis = await startTestRedis();
});
afterAll(async () => {
  await redis.stop();
});

it('does not open on a healthy Redis with both cores busy and long tasks on the serving thread', async () => {
  const seen = await breakerUnderBusyCpu(redis.url, 6_000);
  // The load was real: tasks held this thread past the 100 ms limit while commands waited.
  expect(seen.longestBlockMs).toBeGreaterThan(100);
  expect(seen.commands).toBeGreaterThan(50);
  expect(seen).toMatchObject({ openings: 0, failures: 0 });
}, 30_000);

it('still opens on a hung Redis under the same load', async () => {
  try {
    const seen = await breakerUnderBusyCpu(redis.url, 2_000, { connected: () => redis.pause() });
    expect(seen.openings).toBe(1);
  } finally {
    redis.resume();
  }
}, 30_000);
