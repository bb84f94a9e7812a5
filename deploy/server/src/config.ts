/**
 * The server's settings shaped for its code. Each comes from the one settings table
 * (settings/settings-table.ts: its variable, default, range and meaning, and the generated
 * docs/settings.md), read from the environment with defaults that work on a developer machine.
 * The browser-facing part becomes the `RuntimeConfig` embedded in every page (docs/architecture.md, "Contracts between apps"):
 * it is never baked into a build, so one build runs in every environment.
 */
import os from 'node:os';
import path from 'node:path';
import type { RemoteName, RuntimeConfig } from '@steel/contract';
import type { ObjectStoreSettings } from './build-files/s3-client';
import type { DeployKeySource } from './live-set/deploy-keys';
import { ConfigError, type Env } from './settings/setting-kinds';
import { readSettings, type Settings, userCwd } from './settings/settings-table';

export { ConfigError };

export interface ServerConfig {
  port: number;
  host: string;
  /** `LOG_LEVEL` (info): the least level of the JSON log lines. */
  logLevel: Settings['LOG_LEVEL'];
  /** `CONSOLE_SESSION_SECONDS` (1800): how long a sign-in to the release console lasts. */
  consoleSessionSeconds: number;
  /** `CONSOLE_KEY_CHECK_MS` (1000): how often open console streams' keys are read again. */
  consoleKeyCheckMs: number;
  /**
   * Proxies whose `X-Forwarded-For` is believed (`TRUSTED_PROXIES`: addresses or CIDRs, comma
   * separated; none by default). From anyone else the header is ignored: a client could name
   * itself 127.0.0.1 and pass for the server's own machine.
   */
  trustedProxies: string[];
  /** Absolute path of the versioned builds folder (see live-set/builds-folder.ts for its layout). */
  buildsDir: string;
  /**
   * `PUBLIC_SOURCE_MAPS` (off): serve the builds' `*.map` files. Off, they answer 404 like the
   * server entries always do: the browser runs without them, and they give away the sources.
   * On for the end-to-end tests and the benches that read which packages went into a script.
   */
  publicSourceMaps: boolean;
  /**
   * `REDIS_URL` (e.g. `redis://127.0.0.1:6379/0`): what several app servers must share — live-set
   * and content-change notices, the rendered-page cache, render rate limits — lives in Redis
   * (shared-state/). Unset, it all stays in this process: the one-server arrangement.
   */
  redisUrl: string | null;
  /** `REDIS_PREFIX` (`steel:`): the keys' prefix, so several sites can share one Redis. */
  redisPrefix: string;
  /**
   * `PLATFORM_STATE_URL`: the deploy platform's state in this PostgreSQL database
   * (platform-state/postgres-state.ts). Unset, the builds folder's files (one machine).
   */
  platformStateUrl: string | null;
  /**
   * `BUILD_STORE_*`: published versions' files in an S3-compatible object store, the builds folder
   * being this server's cache of them (build-files/object-store-builds.ts). Null: the builds folder
   * holds them (one machine).
   */
  buildStore: ObjectStoreSettings | null;
  /**
   * `REDIS_COMMAND_TIMEOUT_MS` (100): how long a Redis command may wait for its answer. Past it the
   * request goes on as if Redis were down, and Redis is left alone for a while (shared-state/circuit-breaker.ts).
   */
  redisCommandTimeoutMs: number;
  /**
   * Where browsers fetch each remote's files (`ASSET_ORIGINS`, e.g.
   * `catalogue=https://cdn.example.com,blog=https://cdn2.example.com`): an origin that serves the
   * same `/builds/<app>/<version>/…` paths as this server, with CORS — a CDN pulling from it, say.
   * An app not named here is served by this server itself. The registry's URLs and the
   * Content-Security-Policy both come from this one list (docs/architecture.md, "Integrity and origins").
   */
  assetOrigins: Record<RemoteName, string>;
  /** The CMS as browsers reach it (goes into the runtime config). */
  cmsPublicUrl: string;
  /** The CMS as this server reaches it (server-to-server calls such as /users/me). */
  cmsInternalUrl: string;
  /** Sent with this server's reads of the CMS (`SITE_READ_SECRET`), which the CMS then does not count per address. */
  siteReadSecret: string | null;
  siteUrl: string;
  /** Bytes of resized images (`/_/img`) kept in memory (`IMAGE_CACHE_MB`, default 64). */
  imageCacheBytes: number;
  /**
   * Resized images on disk: `IMAGE_DISK_CACHE_DIR` (default BUILDS_DIR/.image-cache, shared by
   * the app servers that share the builds folder), at most `IMAGE_DISK_CACHE_MB` (512; 0: none).
   */
  imageDiskCache: { dir: string; capBytes: number };
  /**
   * `METRICS_TOKEN`: lets a scraper beyond this machine read `/metrics` (`Authorization: Bearer`).
   * Unset, only a client on the server's own machine may, never one a proxy forwarded.
   */
  metricsToken: string | null;
  /** Automatic canary abort and rollback (release/health-monitor.ts); null with `HEALTH_MONITOR=off`. */
  releaseHealth: HealthRules | null;
  /** Server rendering of public pages (docs/architecture.md, "How a page reaches the screen"). */
  rendering: {
    /** Off (`SSR=off`): every page is rendered in the browser, as before server rendering. */
    enabled: boolean;
    /** Time limit of one remote's server render, data included; past it the browser renders it. */
    renderTimeLimitMs: number;
    /** `SSR_SLOT_TIME_LIMIT_MS` (100): time limit of one slot contribution's server render; past it the browser renders it. */
    slotTimeLimitMs: number;
    /**
     * `REMOTE_PRELOAD_HINTS` (on): a rendered page preloads its remote's entry and chunks. Off only
     * for the monolith the bench compares with (scripts/monolith/), whose remotes are in its own bundle.
     */
    remotePreloadHints: boolean;
    /** Render worker threads per live set (rendering/render-pool.ts). */
    threads: number;
    /** `SSR_LIVE_SETS` (3): live sets with render workers of their own at once (the live one, canaries, overrides). */
    liveSetPools: number;
    /**
     * `SSR_DATA_WAIT_MS` (4000): how long past `renderTimeLimitMs` a page with no good render may wait for
     * the CMS's answer; past it the page is the 503 page (never an empty one for the browser).
     */
    dataWaitMs: number;
    /** Rendered pages kept in memory (keyed by URL and live set, stale when their CMS data changes). */
    cacheEntries: number;
    /** `SSR_CACHE_MB` (128): the memory those pages' HTML may take, last good renders included. */
    cacheBytes: number;
    /**
     * `SSR_STALE_RETRY_MS` (10000): after a page's re-render failed and its last good render was
     * served instead, how long before it is tried again (in the background).
     */
    staleRetryMs: number;
    /** Fresh renders one client may cause a minute (`RENDER_RATE_LIMIT_PER_MINUTE`, 120; `off`: none). */
    rendersPerClientMinute: number | null;
    /**
     * Shared secret the CMS sends with its content-changed calls. Unset, only loopback callers are
     * heard — and only while the server itself listens on loopback alone.
     */
    contentChangeSecret: string | null;
  };
  /** The deploy API (`/_/deploy/…`, src/deploy-api/): off while no key is configured. */
  deploy: DeployApiConfig;
  /** `GET /_/print.pdf` (site/print/): one of the site's pages printed by headless Chromium. */
  print: PrintConfig;
  /** Pages answered at once with the busy 503 when they could not be answered in time (security/load-shedding.ts). */
  loadShedding: LoadSheddingOptions;
  /** Runtime config without `buildId`, which is filled in per request from the live set. */
  runtime: Omit<RuntimeConfig, 'buildId'>;
}

/** When the health monitor (release/health-monitor.ts) ends a canary or rolls a version back by itself. */
export interface HealthRules {
  /** How often the counts are judged (`HEALTH_CHECK_MS`, 5 s). */
  checkMs: number;
  /** Views a version needs before it is judged (`HEALTH_MIN_VIEWS`, 20). */
  minViews: number;
  /** How far its failure rate may exceed the comparison's (`HEALTH_FAILURE_MARGIN`, 0.05 = 5 points). */
  margin: number;
  /** How long after an activation it may be rolled back by itself (`AUTO_ROLLBACK_WINDOW_MS`, 10 min). */
  rollbackWindowMs: number;
}

/** When pages are answered busy at once (security/load-shedding.ts). */
export interface LoadSheddingOptions {
  /** `SHED_QUEUE_MS` (3000; `off`): the longest a page may have waited behind the proxy. */
  queueMs: number | null;
  /** `SHED_EVENT_LOOP_DELAY_MS` (1000; `off`): the mean event-loop delay past which pages are shed. */
  eventLoopDelayMs: number | null;
}

export interface PrintConfig {
  /** `CHROMIUM_PATH` (/usr/bin/chromium, the deploy gate's too). */
  chromiumPath: string;
  /** Prints one client may ask for a minute (`PRINT_RATE_LIMIT_PER_MINUTE`, 10; `off`: none). */
  perClientMinute: number | null;
  /** How long a page may take to mark itself `[data-print-ready]` (`PRINT_READY_TIMEOUT_MS`, 15000). */
  readyTimeoutMs: number;
  /** How long a print waits for the one before it (`PRINT_QUEUE_WAIT_MS`, 5000), then 503. */
  queueWaitMs: number;
}

/** How many wrong deploy keys are heard before key guessing is refused (security/key-guesses.ts), per window. */
export interface KeyGuessLimits {
  /** `DEPLOY_KEY_FAILURES_PER_ADDRESS` (10): wrong keys one address may present. */
  perAddress: number;
  /** `DEPLOY_KEY_FAILURES_OVERALL` (100): wrong keys from every address before each is held shorter. */
  overall: number;
}

/**
 * The deploy keys (live-set/deploy-keys.ts): those of the builds folder's platform state, in
 * `DEPLOY_KEYS_FILE` (default <repo>/.deploy-keys.json, outside the builds folder) for the folder's
 * own or in PostgreSQL (`PLATFORM_STATE_URL`), and `DEPLOY_KEYS`, hashes given in the environment.
 */
export interface DeployApiConfig extends DeployKeySource {
  /** `DEPLOY_UPLOAD_LIMIT_MB` (50): the largest tarball an upload may send. */
  uploadLimitBytes: number;
  /** `DEPLOY_UNPACKED_LIMIT_MB` (500): the most an upload may unpack to (a gzip bomb stops there). */
  unpackedLimitBytes: number;
  /** `DEPLOY_UPLOAD_TMP_DIR` (the OS temp folder): where an upload is unpacked before it is published. */
  uploadTmpDir: string;
  /** Wrong keys allowed per address and site-wide before key guessing is refused (security/key-guesses.ts). */
  keyFailures: KeyGuessLimits;
}

/** The repository root: this file lives in deploy/server/src. */
export const REPO_ROOT = path.resolve(__dirname, '../../..');

/** A path the user typed, taken from where they typed the command (settings-table.ts, `userCwd`). */
export function resolveFromUserCwd(p: string, env?: Env): string {
  return path.resolve(userCwd(env), p);
}

export function defaultBuildsDir(env?: Env): string {
  const dir = readSettings(env).BUILDS_DIR;
  return dir ? resolveFromUserCwd(dir, env) : path.join(REPO_ROOT, '.builds');
}

/** Where `deploy keys add` writes and the deploy API reads key hashes. */
export function deployKeysFile(env?: Env): string {
  const file = readSettings(env).DEPLOY_KEYS_FILE;
  return file ? resolveFromUserCwd(file, env) : path.join(REPO_ROOT, '.deploy-keys.json');
}

function buildStoreSettings(s: Settings): ObjectStoreSettings | null {
  if (!s.BUILD_STORE_BUCKET) return null;
  const keyId = s.BUILD_STORE_ACCESS_KEY_ID;
  const secret = s.BUILD_STORE_SECRET_ACCESS_KEY;
  if (Boolean(keyId) !== Boolean(secret))
    throw new ConfigError('BUILD_STORE_ACCESS_KEY_ID and BUILD_STORE_SECRET_ACCESS_KEY are set together, or neither');
  return {
    bucket: s.BUILD_STORE_BUCKET,
    endpoint: s.BUILD_STORE_ENDPOINT,
    region: s.BUILD_STORE_REGION,
    credentials: keyId && secret ? { accessKeyId: keyId, secretAccessKey: secret } : null,
    prefix: s.BUILD_STORE_PREFIX,
  };
}

export function loadConfig(env?: Env): ServerConfig {
  const s = readSettings(env);
  const cmsPublicUrl = s.CMS_PUBLIC_URL ?? 'http://127.0.0.1:1337/api';
  const buildsDir = defaultBuildsDir(env);
  const siteUrl = s.SITE_URL ?? 'http://localhost:8080';

  return {
    port: s.PORT,
    host: s.HOST,
    logLevel: s.LOG_LEVEL,
    consoleSessionSeconds: s.CONSOLE_SESSION_SECONDS,
    consoleKeyCheckMs: s.CONSOLE_KEY_CHECK_MS,
    trustedProxies: s.TRUSTED_PROXIES,
    buildsDir,
    publicSourceMaps: s.PUBLIC_SOURCE_MAPS,
    redisUrl: s.REDIS_URL,
    redisPrefix: s.REDIS_PREFIX,
    platformStateUrl: s.PLATFORM_STATE_URL,
    buildStore: buildStoreSettings(s),
    redisCommandTimeoutMs: s.REDIS_COMMAND_TIMEOUT_MS,
    assetOrigins: s.ASSET_ORIGINS,
    cmsPublicUrl,
    cmsInternalUrl: s.CMS_INTERNAL_URL ?? cmsPublicUrl,
    siteReadSecret: s.SITE_READ_SECRET,
    siteUrl,
    imageCacheBytes: s.IMAGE_CACHE_MB * 1024 * 1024,
    imageDiskCache: {
      dir: s.IMAGE_DISK_CACHE_DIR
        ? resolveFromUserCwd(s.IMAGE_DISK_CACHE_DIR, env)
        : path.join(buildsDir, '.image-cache'),
      capBytes: s.IMAGE_DISK_CACHE_MB * 1024 * 1024,
    },
    metricsToken: s.METRICS_TOKEN,
    releaseHealth: s.HEALTH_MONITOR
      ? {
          checkMs: s.HEALTH_CHECK_MS,
          minViews: s.HEALTH_MIN_VIEWS,
          margin: s.HEALTH_FAILURE_MARGIN_PERCENT / 100,
          rollbackWindowMs: s.AUTO_ROLLBACK_WINDOW_MS,
        }
      : null,
    rendering: {
      enabled: s.SSR,
      renderTimeLimitMs: s.SSR_TIME_LIMIT_MS,
      slotTimeLimitMs: s.SSR_SLOT_TIME_LIMIT_MS,
      remotePreloadHints: s.REMOTE_PRELOAD_HINTS,
      threads: s.SSR_THREADS,
      liveSetPools: s.SSR_LIVE_SETS,
      dataWaitMs: s.SSR_DATA_WAIT_MS,
      cacheEntries: s.SSR_CACHE_ENTRIES,
      cacheBytes: s.SSR_CACHE_MB * 1024 * 1024,
      staleRetryMs: s.SSR_STALE_RETRY_MS,
      rendersPerClientMinute: s.RENDER_RATE_LIMIT_PER_MINUTE,
      contentChangeSecret: s.CONTENT_CHANGE_SECRET,
    },
    deploy: deployApiConfig(s, env, buildsDir),
    print: {
      chromiumPath: s.CHROMIUM_PATH,
      perClientMinute: s.PRINT_RATE_LIMIT_PER_MINUTE,
      readyTimeoutMs: s.PRINT_READY_TIMEOUT_MS,
      queueWaitMs: s.PRINT_QUEUE_WAIT_MS,
    },
    loadShedding: { queueMs: s.SHED_QUEUE_MS, eventLoopDelayMs: s.SHED_EVENT_LOOP_DELAY_MS },
    runtime: {
      cmsUrl: cmsPublicUrl,
      siteUrl,
      // Cookie names are kept from the old site so signed-in customers stay signed in (docs/behaviour.md, "Session cookies").
      cookie: {
        tokenName: 'user_token',
        userName: 'user_data',
        options: { path: '/', sameSite: 'lax', secure: s.COOKIE_SECURE, expires: 30 },
      },
      // Share of remote failures each browser reports (docs/architecture.md, "Failure stays contained").
      failureReportSampleRate: s.FAILURE_REPORT_SAMPLE_RATE,
      analytics: s.ANALYTICS_KEY
        ? {
            key: s.ANALYTICS_KEY,
            host: s.ANALYTICS_HOST ?? 'https://us.i.posthog.com',
            clientConfig: s.ANALYTICS_CLIENT_CONFIG ?? {},
            debug: s.ANALYTICS_DEBUG,
          }
        : null,
      chat: s.CHAT_SRC ? { src: s.CHAT_SRC, delayMs: s.CHAT_DELAY_MS } : null,
      tagManager: s.GTM_ID ? { id: s.GTM_ID } : null,
      versionCheckIntervalMs: s.VERSION_CHECK_INTERVAL_MS,
      remoteLoadTimeoutMs: s.REMOTE_LOAD_TIMEOUT_MS,
      pageDataTimeoutMs: s.PAGE_DATA_TIMEOUT_MS,
    },
  };
}

/** The deploy keys the environment names: its builds folder's state, DEPLOY_KEYS_FILE (or its default) and DEPLOY_KEYS. */
export function deployKeySource(env?: Env): DeployKeySource {
  return { buildsDir: defaultBuildsDir(env), keysFile: deployKeysFile(env), keys: readSettings(env).DEPLOY_KEYS };
}

function deployApiConfig(s: Settings, env: Env | undefined, buildsDir: string): DeployApiConfig {
  const { keysFile, keys } = deployKeySource(env);
  // Everything below the builds folder is a published build or state next to it: no secrets there.
  const inside = path.relative(buildsDir, keysFile);
  if (!inside.startsWith('..') && !path.isAbsolute(inside))
    throw new ConfigError(`DEPLOY_KEYS_FILE must be outside BUILDS_DIR (${buildsDir}), got "${keysFile}"`);
  return {
    buildsDir,
    keysFile,
    keys,
    uploadLimitBytes: s.DEPLOY_UPLOAD_LIMIT_MB * 1024 * 1024,
    unpackedLimitBytes: s.DEPLOY_UNPACKED_LIMIT_MB * 1024 * 1024,
    uploadTmpDir: s.DEPLOY_UPLOAD_TMP_DIR ? resolveFromUserCwd(s.DEPLOY_UPLOAD_TMP_DIR, env) : os.tmpdir(),
    keyFailures: { perAddress: s.DEPLOY_KEY_FAILURES_PER_ADDRESS, overall: s.DEPLOY_KEY_FAILURES_OVERALL },
  };
}
