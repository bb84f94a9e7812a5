/**
 * Two app servers' shared states on one test Redis, under a prefix of their own, connected before
 * the test starts (each has answered a command); waiting for what they report; a page to store.
 */
import type { CachedPage } from '../rendering/page-cache';
import { createRedisState, type RedisStateOptions } from '../shared-state/redis-state';
import type { SharedState } from '../shared-state/shared-state';
import type { TestRedis } from './redis-server';

export async function twoServersOnRedis(
  redis: TestRedis,
  options: Omit<RedisStateOptions, 'url' | 'prefix'>,
): Promise<[SharedState, SharedState]> {
  const shared = { ...options, url: redis.url, prefix: `test${Math.random().toString(36).slice(2, 8)}:` };
  const servers: [SharedState, SharedState] = [createRedisState(shared), createRedisState(shared)];
  await waitFor(async () => (await servers[0].hit('warm-up', 1000)) > 0 && (await servers[1].hit('warm-up', 1000)) > 0);
  return servers;
}

export async function waitFor(check: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A good render of `html` to store, rendered now, read from `collections`. */
export function cachedPage(html: string, collections: string[] = ['products']): CachedPage {
  return { status: 200, html, etag: `"${html}"`, collections, renderedAt: Date.now() };
}
