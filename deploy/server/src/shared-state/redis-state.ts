/**
 * The SharedState of several app servers: one Redis (Debian's redis-server in the production
 * arrangement) with
 * - notices on one pub/sub channel: every server, the announcing one included, hears each one;
 * - each rendered page a hash (`page:<key>`) with an expiry, so Redis's `maxmemory-policy
 *   volatile-lru` evicts pages first and never the indexes; a set per CMS collection names the
 *   pages that read it (members whose page was evicted are dropped as invalidation meets them)
 *   (redis-pages.ts);
 * - request counts as keys that expire with their window;
 * - views and failures per app version as one hash each (`counts:<app>@<version>`, fields
 *   `<minute>|<kind>`), kept a day after the version's last count (redis-counts.ts).
 *
 * Redis down or hung must not take pages down: commands fail at once while the connection is not
 * ready (no queue of waiting requests), wait at most `commandTimeoutMs` (100 ms) of Redis's time for
 * an answer — this process's own delays on a busy CPU do not count (dependency-timeout.ts) — and
 * after failures in a row are not sent at all for a while (circuit-breaker.ts). Meanwhile pages come from
 * this server's own copy of them (below), a failed count lets the request through, and a notice
 * that cannot be published is at least delivered in this process.
 *
 * That copy is memory mode's page cache, with its bounds (`SSR_CACHE_ENTRIES`, `SSR_CACHE_MB`): a
 * fallback, never a second truth. Every page this server sets, and every answer Redis gives it, is
 * copied there (a page Redis no longer has is dropped), so an outage still finds the pages this
 * server served lately, stale-if-error copies included. Reads go to Redis whenever it answers. An
 * invalidation marks the copy as well as Redis, and so does a content notice heard from another
 * server; one that cannot reach Redis is kept (collection names only) and sent, then announced,
 * once Redis answers again — otherwise Redis, the truth again, would serve what changed as fresh
 * (until it is sent, pages Redis gives that read those collections count as stale).
 */
import { Redis } from 'ioredis';
import { PageCache } from '../rendering/page-cache';
import { CircuitOpenError, createCircuitBreaker } from './circuit-breaker';
import { withinDependencyTime } from './dependency-timeout';
import type { ServerMetrics } from '../observability/metrics';
import type { Notice, SharedState, SharedStateOptions } from './shared-state';
import { NO_HITS } from './window-counts';
import { redisPageStore } from './redis-pages';
import { redisCountStore } from './redis-counts';

export interface RedisStateOptions extends SharedStateOptions {
  url: string;
  /** Key prefix, e.g. `steel:`. */
  prefix: string;
  /** How long a rendered page may stay without being rendered again (default a week). */
  pageTtlSeconds?: number;
  /**
   * How long a command waits for Redis's answer (`REDIS_COMMAND_TIMEOUT_MS`, default 100): past it
   * the caller goes on without Redis. Redis on the same network answers in about a millisecond.
   */
  commandTimeoutMs?: number;
  /** The breaker's first and longest pause after a failure (default 2 s, growing to 30 s while Redis stays away). */
  breakerPauseMs?: { first: number; max: number };
  onError?: (message: string) => void;
  /** Where each command's latency and outcome are counted. */
  metrics?: ServerMetrics;
}

const DEFAULT_COMMAND_TIMEOUT_MS = 100;
const DEFAULT_BREAKER_PAUSE_MS = { first: 2000, max: 30_000 };
/** Connection errors are logged at most this often, so an outage is one line a minute per server, not one per reconnect. */
const ERROR_LOG_INTERVAL_MS = 60_000;

const HIT = `local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n`;
// The count and its window's time left, in one answer (a missing key: 0 and -2).
const HITS = `return { tonumber(redis.call('GET', KEYS[1]) or '0'), redis.call('PTTL', KEYS[1]) }`;

export function createRedisState(options: RedisStateOptions): SharedState {
  const { prefix } = options;
  const pageTtlSeconds = options.pageTtlSeconds ?? 7 * 24 * 3600;
  const commandTimeoutMs = options.commandTimeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS;
  // Commands are never queued to be sent later: not while disconnected (no offline queue, so
  // maxRetriesPerRequest has nothing to retry), and not after a reconnect — a command that timed
  // out has been answered already (a miss), so it is not sent again. What was written to a hung
  // Redis still runs when it wakes; the breaker keeps that to the few commands before it opened.
  // The time limit is ours (dependency-timeout.ts), not ioredis's `commandTimeout`: a plain timer
  // counts this process's own delays on a busy CPU against Redis.
  const redis = new Redis(options.url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    autoResendUnfulfilledCommands: false,
  });
  // The subscriber only listens: nothing waits on it, so a hung Redis delays notices, never a
  // request. Its SUBSCRIBE waits for the connection and is repeated after each reconnect.
  const subscriber = new Redis(options.url, { maxRetriesPerRequest: null });
  const channel = `${prefix}notices`;
  const listeners = new Set<(notice: Notice) => void>();
  let lastErrorLog = 0;
  const report = (error: unknown) => {
    if (Date.now() - lastErrorLog < ERROR_LOG_INTERVAL_MS) return;
    lastErrorLog = Date.now();
    options.onError?.(`Redis: ${(error as Error).message ?? String(error)}`);
  };
  redis.on('error', report);
  subscriber.on('error', report);

  let everReady = false;
  redis.once('ready', () => (everReady = true));
  const pause = options.breakerPauseMs ?? DEFAULT_BREAKER_PAUSE_MS;
  const breaker = createCircuitBreaker(
    {
      pauseMs: pause.first,
      maxPauseMs: pause.max,
      onOpen: (error) =>
        options.onError?.(
          `Redis unavailable (${(error as Error).message ?? String(error)}): pages come from this server's own copy, asking Redis again every ${pause.first / 1000}–${pause.max / 1000} s`,
        ),
      onClose: (openForMs) => {
        options.onError?.(`Redis answers again after ${(openForMs / 1000).toFixed(1)} s: the shared cache is back`);
        sendKeptInvalidations();
      },
    },
    // Redis answering with an error (a bad command) is not an outage; nor is the connection not
    // being up yet at start, which fails at once anyway (the breaker would only delay the cache).
    (error) => (error as Error).name !== 'ReplyError' && everReady,
  );

  // This server's copy of the pages (top of the file): what it serves while Redis cannot be asked.
  const local = new PageCache(options.pages);

  const deliver = (notice: Notice) => {
    // Another server's invalidation reached Redis, not this copy: it is marked here as well.
    if (notice.kind === 'content') local.invalidate(notice.collections);
    for (const listener of listeners) listener(notice);
  };
  void subscriber.subscribe(channel).catch(report);
  subscriber.on('message', (_channel: string, message: string) => {
    try {
      deliver(JSON.parse(message) as Notice);
    } catch (error) {
      report(error);
    }
  });

  /** Runs a command only while connected and the breaker is closed: a request never waits for a reconnect or a hung Redis. */
  const whenReady = async <T>(command: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const count = (outcome: 'ok' | 'error' | 'skipped') =>
      options.metrics?.redisCommands.observe({ outcome }, (performance.now() - started) / 1000);
    try {
      const result = await breaker.run(async () => {
        if (redis.status !== 'ready') throw new Error(`not connected (${redis.status})`);
        return withinDependencyTime(command(), commandTimeoutMs, 'Redis');
      });
      count('ok');
      return result;
    } catch (error) {
      count(error instanceof CircuitOpenError ? 'skipped' : 'error');
      throw error;
    }
  };
  /** An outage is the breaker's one line (and the connection's errors); an error Redis answers with is a bug worth its own. */
  const commandFailed = (error: unknown) => {
    if ((error as Error).name === 'ReplyError') report(error);
  };

  const { pages, sendKeptInvalidations } = redisPageStore({
    redis,
    prefix,
    channel,
    pageOptions: options.pages,
    pageTtlSeconds,
    local,
    whenReady,
    commandFailed,
  });
  redis.on('ready', sendKeptInvalidations);

  return {
    kind: 'redis',
    counts: redisCountStore(redis, prefix, whenReady),
    async announce(notice) {
      try {
        await whenReady(() => redis.publish(channel, JSON.stringify(notice)));
      } catch (error) {
        commandFailed(error);
        // The other servers miss it (their live-set check and page expiry still catch up); this one does not.
        // (A PUBLISH that timed out on a hung Redis is sent when it wakes: heard twice, which notices allow.)
        deliver(notice);
      }
    },
    onNotice(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    pages,
    async hit(key, windowMs) {
      try {
        return Number(await whenReady(() => redis.eval(HIT, 1, `${prefix}hits:${key}`, String(windowMs))));
      } catch (error) {
        commandFailed(error);
        return 0;
      }
    },
    async hits(key) {
      try {
        const [count, msLeft] = (await whenReady(() => redis.eval(HITS, 1, `${prefix}hits:${key}`))) as [
          number,
          number,
        ];
        return count > 0 && msLeft > 0 ? { count, msLeft } : NO_HITS;
      } catch (error) {
        commandFailed(error);
        return NO_HITS;
      }
    },
    async close() {
      listeners.clear();
      // Called once the server has answered its last request: nothing is left to send.
      subscriber.disconnect();
      redis.disconnect();
    },
  };
}
