import type { ServerConfig } from '../config';
import type { ServerMetrics } from '../observability/metrics';
import { createMemoryState } from './memory-state';
import { createRedisState } from './redis-state';
import type { SharedState } from './shared-state';

/** Redis when `REDIS_URL` is set, this process's memory otherwise. */
export function createSharedState(
  config: ServerConfig,
  onError: (message: string) => void = () => {},
  metrics?: ServerMetrics,
): SharedState {
  const pages = {
    maxEntries: config.rendering.cacheEntries,
    maxBytes: config.rendering.cacheBytes,
    retryMs: config.rendering.staleRetryMs,
  };
  if (!config.redisUrl) return createMemoryState({ pages, buildsDir: config.buildsDir });
  return createRedisState({
    url: config.redisUrl,
    prefix: config.redisPrefix,
    commandTimeoutMs: config.redisCommandTimeoutMs,
    pages,
    onError,
    metrics,
  });
}
