/**
 * Server settings, all from the environment with defaults that work on a developer machine.
 * The browser-facing part becomes the `RuntimeConfig` embedded in every page (docs/architecture.md, "Contracts between apps"):
 * it is never baked into a build, so one build runs in every environment.
 */
import os from 'node:os';
import path from 'node:path';
import type { RemoteName, RuntimeConfig } from '@steel/contract';
import { type DeployKeyRecord, KeyFileError, parseKeyRecords } from './live-set/deploy-keys';
import { isAppName, SHELL } from './live-set/builds-folder';

export interface ServerConfig {
  port: number;
  host: string;
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
    /** `SSR_SLOT_BUDGET_MS` (100): time limit of one slot contribution's server render; past it the browser renders it. */
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

export interface DeployApiConfig {
  /** `DEPLOY_KEYS_FILE` (default <repo>/.deploy-keys.json): key hashes, outside the builds folder. */
  keysFile: string;
  /** `DEPLOY_KEYS`: key hashes given in the environment (the file's JSON form). */
  keys: DeployKeyRecord[];
  /** `DEPLOY_UPLOAD_LIMIT_MB` (50): the largest tarball an upload may send. */
  uploadLimitBytes: number;
  /** `DEPLOY_UNPACKED_LIMIT_MB` (500): the most an upload may unpack to (a gzip bomb stops there). */
  unpackedLimitBytes: number;
  /** `DEPLOY_UPLOAD_TMP_DIR` (the OS temp folder): where an upload is unpacked before it is published. */
  uploadTmpDir: string;
}

type Env = Record<string, string | undefined>;

/** The repository root: this file lives in deploy/server/src. */
export const REPO_ROOT = path.resolve(__dirname, '../../..');

/**
 * Relative paths are taken from where the user typed the command: npm runs workspace scripts
 * inside the workspace folder but keeps the original directory in INIT_CWD.
 */
export function resolveFromUserCwd(p: string, env: Env = process.env): string {
  return path.resolve(env.INIT_CWD || process.cwd(), p);
}

export function defaultBuildsDir(env: Env = process.env): string {
  return env.BUILDS_DIR ? resolveFromUserCwd(env.BUILDS_DIR, env) : path.join(REPO_ROOT, '.builds');
}

export function loadConfig(env: Env = process.env): ServerConfig {
  const cmsPublicUrl = trimSlash(str(env, 'CMS_PUBLIC_URL') ?? 'http://127.0.0.1:1337/api');
  const buildsDir = defaultBuildsDir(env);
  const imageDiskCacheDir = str(env, 'IMAGE_DISK_CACHE_DIR');
  const siteUrl = trimSlash(str(env, 'SITE_URL') ?? 'http://localhost:8080');
  // Secure cookies follow the site's scheme unless stated explicitly.
  const cookieSecure = bool(env, 'COOKIE_SECURE') ?? false;

  const analyticsKey = str(env, 'ANALYTICS_KEY');
  const chatSrc = str(env, 'CHAT_SRC');
  const gtmId = str(env, 'GTM_ID');

  return {
    port: int(env, 'PORT', 0, 65535) ?? 8080,
    host: str(env, 'HOST') ?? '127.0.0.1',
    trustedProxies: (str(env, 'TRUSTED_PROXIES') ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
    buildsDir,
    publicSourceMaps: bool(env, 'PUBLIC_SOURCE_MAPS') ?? false,
    redisUrl: str(env, 'REDIS_URL') ?? null,
    redisPrefix: str(env, 'REDIS_PREFIX') ?? 'steel:',
    redisCommandTimeoutMs: int(env, 'REDIS_COMMAND_TIMEOUT_MS', 1, 60_000) ?? 100,
    assetOrigins: assetOrigins(env),
    cmsPublicUrl,
    cmsInternalUrl: trimSlash(str(env, 'CMS_INTERNAL_URL') ?? cmsPublicUrl),
    siteReadSecret: str(env, 'SITE_READ_SECRET') ?? null,
    siteUrl,
    imageCacheBytes: (int(env, 'IMAGE_CACHE_MB', 1, 4096) ?? 64) * 1024 * 1024,
    imageDiskCache: {
      dir: imageDiskCacheDir ? resolveFromUserCwd(imageDiskCacheDir, env) : path.join(buildsDir, '.image-cache'),
      capBytes: (int(env, 'IMAGE_DISK_CACHE_MB', 0, 1024 * 1024) ?? 512) * 1024 * 1024,
    },
    metricsToken: str(env, 'METRICS_TOKEN') ?? null,
    releaseHealth:
      str(env, 'HEALTH_MONITOR') === 'off'
        ? null
        : {
            checkMs: int(env, 'HEALTH_CHECK_MS', 100) ?? 5000,
            minViews: int(env, 'HEALTH_MIN_VIEWS', 1) ?? 20,
            margin: (int(env, 'HEALTH_FAILURE_MARGIN_PERCENT', 0, 100) ?? 5) / 100,
            rollbackWindowMs: int(env, 'AUTO_ROLLBACK_WINDOW_MS', 0) ?? 10 * 60_000,
          },
    rendering: {
      enabled: str(env, 'SSR') !== 'off',
      renderTimeLimitMs: int(env, 'SSR_BUDGET_MS', 1) ?? 300,
      slotTimeLimitMs: int(env, 'SSR_SLOT_BUDGET_MS', 1) ?? 100,
      remotePreloadHints: str(env, 'REMOTE_PRELOAD_HINTS') !== 'off',
      threads: int(env, 'SSR_THREADS', 1, 16) ?? 2,
      liveSetPools: int(env, 'SSR_LIVE_SETS', 1, 16) ?? 3,
      dataWaitMs: int(env, 'SSR_DATA_WAIT_MS', 0) ?? 4000,
      cacheEntries: int(env, 'SSR_CACHE_ENTRIES', 0) ?? 1000,
      cacheBytes: (int(env, 'SSR_CACHE_MB', 1, 64 * 1024) ?? 128) * 1024 * 1024,
      staleRetryMs: int(env, 'SSR_STALE_RETRY_MS', 0) ?? 10_000,
      rendersPerClientMinute:
        str(env, 'RENDER_RATE_LIMIT_PER_MINUTE') === 'off'
          ? null
          : (int(env, 'RENDER_RATE_LIMIT_PER_MINUTE', 1) ?? 120),
      contentChangeSecret: str(env, 'CONTENT_CHANGE_SECRET') ?? null,
    },
    deploy: deployApiConfig(env, buildsDir),
    print: {
      chromiumPath: str(env, 'CHROMIUM_PATH') ?? '/usr/bin/chromium',
      perClientMinute:
        str(env, 'PRINT_RATE_LIMIT_PER_MINUTE') === 'off' ? null : (int(env, 'PRINT_RATE_LIMIT_PER_MINUTE', 1) ?? 10),
      readyTimeoutMs: int(env, 'PRINT_READY_TIMEOUT_MS', 1) ?? 15_000,
      queueWaitMs: int(env, 'PRINT_QUEUE_WAIT_MS', 0) ?? 5000,
    },
    loadShedding: {
      queueMs: str(env, 'SHED_QUEUE_MS') === 'off' ? null : (int(env, 'SHED_QUEUE_MS', 1) ?? 3000),
      eventLoopDelayMs:
        str(env, 'SHED_EVENT_LOOP_DELAY_MS') === 'off' ? null : (int(env, 'SHED_EVENT_LOOP_DELAY_MS', 1) ?? 1000),
    },
    runtime: {
      cmsUrl: cmsPublicUrl,
      siteUrl,
      // Cookie names are kept from the old site so signed-in customers stay signed in (docs/behaviour.md, "Session cookies").
      cookie: {
        tokenName: 'user_token',
        userName: 'user_data',
        options: { path: '/', sameSite: 'lax', secure: cookieSecure, expires: 30 },
      },
      // Share of remote failures each browser reports (docs/architecture.md, "Failure stays contained").
      failureReportSampleRate: Math.min(1, Math.max(0, Number(str(env, 'FAILURE_REPORT_SAMPLE_RATE') ?? 1) || 0)),
      analytics: analyticsKey
        ? {
            key: analyticsKey,
            host: trimSlash(str(env, 'ANALYTICS_HOST') ?? 'https://us.i.posthog.com'),
            clientConfig: jsonObject(env, 'ANALYTICS_CLIENT_CONFIG') ?? {},
            debug: bool(env, 'ANALYTICS_DEBUG') ?? false,
          }
        : null,
      chat: chatSrc ? { src: chatSrc, delayMs: int(env, 'CHAT_DELAY_MS', 0) ?? 5000 } : null,
      tagManager: gtmId ? { id: gtmId } : null,
      versionCheckIntervalMs: int(env, 'VERSION_CHECK_INTERVAL_MS', 1) ?? 60 * 60 * 1000,
      remoteLoadTimeoutMs: int(env, 'REMOTE_LOAD_TIMEOUT_MS', 0) ?? 8000,
      pageDataTimeoutMs: int(env, 'PAGE_DATA_TIMEOUT_MS', 0) ?? 5000,
    },
  };
}

// A wrong setting stops the server at start with the variable's name, instead of a subtly broken page.
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Where `deploy keys add` writes and the deploy API reads key hashes. */
export function deployKeysFile(env: Env = process.env): string {
  const file = str(env, 'DEPLOY_KEYS_FILE');
  return file ? resolveFromUserCwd(file, env) : path.join(REPO_ROOT, '.deploy-keys.json');
}

function deployApiConfig(env: Env, buildsDir: string): DeployApiConfig {
  const keysFile = deployKeysFile(env);
  // Everything below the builds folder is a published build or state next to it: no secrets there.
  const inside = path.relative(buildsDir, keysFile);
  if (!inside.startsWith('..') && !path.isAbsolute(inside))
    throw new ConfigError(`DEPLOY_KEYS_FILE must be outside BUILDS_DIR (${buildsDir}), got "${keysFile}"`);
  let keys: DeployKeyRecord[] = [];
  const inline = str(env, 'DEPLOY_KEYS');
  try {
    if (inline) keys = parseKeyRecords(inline, 'DEPLOY_KEYS');
  } catch (error) {
    throw error instanceof KeyFileError ? new ConfigError(error.message) : error;
  }
  return {
    keysFile,
    keys,
    uploadLimitBytes: (int(env, 'DEPLOY_UPLOAD_LIMIT_MB', 1, 4096) ?? 50) * 1024 * 1024,
    unpackedLimitBytes: (int(env, 'DEPLOY_UNPACKED_LIMIT_MB', 1, 65536) ?? 500) * 1024 * 1024,
    uploadTmpDir: str(env, 'DEPLOY_UPLOAD_TMP_DIR')
      ? resolveFromUserCwd(str(env, 'DEPLOY_UPLOAD_TMP_DIR')!, env)
      : os.tmpdir(),
  };
}

function str(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function int(env: Env, name: string, min: number, max = Number.MAX_SAFE_INTEGER): number | undefined {
  const raw = str(env, name);
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer between ${min} and ${max}, got "${raw}"`);
  }
  return value;
}

function bool(env: Env, name: string): boolean | undefined {
  const raw = str(env, name)?.toLowerCase();
  if (raw === undefined) return undefined;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

function jsonObject(env: Env, name: string): Record<string, unknown> | undefined {
  const raw = str(env, name);
  if (raw === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new ConfigError(`${name} must be a JSON object, got "${raw}"`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ConfigError(`${name} must be a JSON object, got "${raw}"`);
  }
  return value as Record<string, unknown>;
}

/** `ASSET_ORIGINS`: `app=origin` pairs, comma separated; each app a remote, each value a bare http(s) origin. */
export function assetOrigins(env: Env): Record<RemoteName, string> {
  const raw = str(env, 'ASSET_ORIGINS');
  const origins: Record<RemoteName, string> = {};
  if (!raw) return origins;
  for (const pair of raw
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)) {
    const [app = '', value = ''] = pair.split(/=(.*)/s).map((part) => part.trim());
    if (!isAppName(app) || app === SHELL) {
      throw new ConfigError(
        `ASSET_ORIGINS names "${app}", which is not a remote's name; the shell is always served by the app server`,
      );
    }
    let url: URL | null = null;
    try {
      url = new URL(value);
    } catch {
      // reported below
    }
    // A bare origin only: the paths below it are the app server's own, so one list gives the URLs and the CSP.
    if (!url || !/^https?:$/.test(url.protocol) || trimSlash(value) !== url.origin) {
      throw new ConfigError(
        `ASSET_ORIGINS: "${value}" for ${app} must be an http(s) origin such as https://cdn.example.com (no path)`,
      );
    }
    if (origins[app]) throw new ConfigError(`ASSET_ORIGINS names ${app} twice`);
    origins[app] = url.origin;
  }
  return origins;
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
