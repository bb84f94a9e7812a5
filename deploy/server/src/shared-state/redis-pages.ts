/**
 * Rendered pages in Redis (redis-state.ts): each page a hash (`page:<key>`) with an expiry, so
 * Redis's `maxmemory-policy volatile-lru` evicts pages first and never the indexes; a set per CMS
 * collection names the pages that read it (members whose page was evicted are dropped as
 * invalidation meets them). Every page set and every answer Redis gives is copied to this server's
 * own copy (`local`), which serves while Redis cannot be asked; an invalidation that cannot reach
 * Redis is kept and sent, then announced, once Redis answers again.
 */
import type { Redis } from 'ioredis';
import type { CachedPage, CacheEntry, PageCache } from '../rendering/page-cache';
import type { Notice, PageStore, SharedStateOptions } from './shared-state';

/** Runs a Redis command within the state's limits (connected, breaker closed, time limit). */
export type RedisCommand = <T>(command: () => Promise<T>) => Promise<T>;

export interface RedisPagesContext {
  redis: Redis;
  prefix: string;
  /** The notices' channel: a kept invalidation is announced there once sent. */
  channel: string;
  pageOptions: SharedStateOptions['pages'];
  pageTtlSeconds: number;
  /** This server's copy of the pages. */
  local: PageCache;
  whenReady: RedisCommand;
  commandFailed: (error: unknown) => void;
}

// KEYS[1] the index set; ARGV[1] the page-key prefix. Marks the live members stale, drops the evicted.
const INVALIDATE = `local marked = 0
for _, member in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  local key = ARGV[1] .. member
  if redis.call('EXISTS', key) == 1 then
    if redis.call('HGET', key, 'stale') ~= '1' then
      redis.call('HSET', key, 'stale', '1')
      marked = marked + 1
    end
  else
    redis.call('SREM', KEYS[1], member)
  end
end
return marked`;

const RENDER_FAILED = `if redis.call('EXISTS', KEYS[1]) == 1 then
  redis.call('HSET', KEYS[1], 'stale', '1', 'retryAt', ARGV[1])
end
return 0`;

// ARGV[1] now, ARGV[2] the next retry's time: true for the one caller that finds the pause over.
const CLAIM_RETRY = `local at = redis.call('HGET', KEYS[1], 'retryAt')
if at and at ~= '' and tonumber(ARGV[1]) >= tonumber(at) then
  redis.call('HSET', KEYS[1], 'retryAt', ARGV[2])
  return 1
end
return 0`;

export function redisPageStore(context: RedisPagesContext): {
  pages: PageStore;
  /** Once Redis answers again: marks there what changed meanwhile, and tells the other servers. */
  sendKeptInvalidations: () => void;
} {
  const { redis, prefix, channel, pageOptions, pageTtlSeconds, local, whenReady, commandFailed } = context;

  const pageKey = (key: string) => `${prefix}page:${key}`;
  const indexKey = (collection: string | null) =>
    collection === null ? `${prefix}pages` : `${prefix}pages-of:${collection}`;

  const invalidateInRedis = async (collections: readonly string[] | null) => {
    let marked = 0;
    for (const collection of collections ?? [null]) {
      marked += Number(await whenReady(() => redis.eval(INVALIDATE, 1, indexKey(collection), `${prefix}page:`)));
    }
    return marked;
  };

  // Invalidations that did not reach Redis: a few collection names (or every page), however long the outage.
  let keptAll = false;
  const kept = new Set<string>();
  const keep = (collections: readonly string[] | null) => {
    if (collections === null) keptAll = true;
    else for (const collection of collections) kept.add(collection);
  };
  /** Until Redis has been told, what it gives of a page that read a changed collection is stale all the same. */
  const changedMeanwhile = (page: CachedPage) => keptAll || page.collections.some((collection) => kept.has(collection));
  let sending = false;
  /** Once Redis answers again (it reconnected, or the breaker closed): marks there what changed meanwhile, and tells the other servers. */
  function sendKeptInvalidations(): void {
    if (sending || (!keptAll && kept.size === 0)) return;
    const collections = keptAll ? null : [...kept];
    sending = true;
    void (async () => {
      try {
        await invalidateInRedis(collections);
        if (collections === null) {
          keptAll = false;
          kept.clear();
        } else {
          for (const collection of collections) kept.delete(collection);
        }
        await whenReady(() =>
          redis.publish(channel, JSON.stringify({ kind: 'content', collections } satisfies Notice)),
        );
      } catch (error) {
        commandFailed(error);
      } finally {
        sending = false;
      }
    })();
  }

  const pages: PageStore = {
    async get(key) {
      let fields: Record<string, string>;
      try {
        fields = await whenReady(() => redis.hgetall(pageKey(key)));
      } catch (error) {
        commandFailed(error);
        return local.get(key);
      }
      // Redis is the truth while it answers: the copy here follows it.
      if (fields.html === undefined) {
        local.delete(key);
        return undefined;
      }
      const entry = entryOf(fields);
      if (changedMeanwhile(entry.page)) entry.stale = true;
      local.set(key, entry.page, entry);
      return entry;
    },
    async set(key, page) {
      // SSR_CACHE_ENTRIES=0 turns the cache off here too.
      if (pageOptions.maxEntries <= 0) return;
      local.set(key, page);
      try {
        const transaction = redis
          .multi()
          .del(pageKey(key))
          .hset(pageKey(key), pageFields(page))
          .expire(pageKey(key), pageTtlSeconds)
          .sadd(indexKey(null), key);
        for (const collection of page.collections) transaction.sadd(indexKey(collection), key);
        await whenReady(() => transaction.exec());
      } catch (error) {
        commandFailed(error);
      }
    },
    async renderFailed(key) {
      local.renderFailed(key);
      await whenReady(() => redis.eval(RENDER_FAILED, 1, pageKey(key), String(Date.now() + pageOptions.retryMs))).catch(
        commandFailed,
      );
    },
    async claimRetry(key) {
      const now = Date.now();
      try {
        return (
          (await whenReady(() =>
            redis.eval(CLAIM_RETRY, 1, pageKey(key), String(now), String(now + pageOptions.retryMs)),
          )) === 1
        );
      } catch (error) {
        commandFailed(error);
        // One retry at a time per server while the servers cannot agree.
        return local.claimRetry(key);
      }
    },
    async invalidate(collections) {
      const markedHere = local.invalidate(collections);
      try {
        return await invalidateInRedis(collections);
      } catch (error) {
        commandFailed(error);
        keep(collections);
        // Nothing for the caller to try again: this server serves the change now, Redis is told once it answers.
        return markedHere;
      }
    },
    held: () => ({ pages: local.size, bytes: local.sizeBytes }),
  };

  return { pages, sendKeptInvalidations };
}

function pageFields(page: CachedPage): Record<string, string> {
  return {
    status: String(page.status),
    html: page.html,
    etag: page.etag,
    collections: JSON.stringify(page.collections),
    renderedAt: String(page.renderedAt),
    stale: '0',
    retryAt: '',
  };
}

function entryOf(fields: Record<string, string>): CacheEntry {
  return {
    page: {
      status: Number(fields.status),
      html: fields.html ?? '',
      etag: fields.etag ?? '',
      collections: JSON.parse(fields.collections ?? '[]') as string[],
      renderedAt: Number(fields.renderedAt),
    },
    stale: fields.stale === '1',
    retryAt: fields.retryAt ? Number(fields.retryAt) : null,
  };
}
