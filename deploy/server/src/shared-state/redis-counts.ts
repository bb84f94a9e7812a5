/**
 * Views and failures per app version in Redis (redis-state.ts): one hash each
 * (`counts:<app>@<version>`, fields `<minute>|<kind>`), kept a day after the version's last count,
 * and a set naming the versions.
 */
import type { Redis } from 'ioredis';
import type { CountKind, CountStore, FailureCounts } from './failure-counts';
import type { RedisCommand } from './redis-pages';

/** A version's counts stay this long after its last one (a day of deploys, as in the file). */
const COUNTS_KEEP_SECONDS = 24 * 3600;

export function redisCountStore(redis: Redis, prefix: string, whenReady: RedisCommand): CountStore {
  const countsIndex = `${prefix}counts`;
  return {
    async add(batch) {
      const transaction = redis.multi();
      for (const [version, minutes] of Object.entries(batch)) {
        const key = `${prefix}counts:${version}`;
        for (const [minute, kinds] of Object.entries(minutes)) {
          for (const [kind, count] of Object.entries(kinds)) transaction.hincrby(key, `${minute}|${kind}`, count ?? 0);
        }
        transaction.expire(key, COUNTS_KEEP_SECONDS).sadd(countsIndex, version);
      }
      await whenReady(() => transaction.exec());
    },
    async read() {
      const result: FailureCounts = {};
      for (const version of await whenReady(() => redis.smembers(countsIndex))) {
        const fields = await whenReady(() => redis.hgetall(`${prefix}counts:${version}`));
        // Expired: forgotten from the index too.
        if (Object.keys(fields).length === 0) {
          await whenReady(() => redis.srem(countsIndex, version));
          continue;
        }
        const minutes: FailureCounts[string] = (result[version] = {});
        for (const [field, value] of Object.entries(fields)) {
          const [minute, kind] = field.split('|') as [string, CountKind];
          (minutes[minute] ??= {})[kind] = Number(value);
        }
      }
      return result;
    },
  };
}
