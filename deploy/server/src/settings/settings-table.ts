/**
 * Every setting of the app server, its deploy gate and its deploy CLI, in one table: the name of
 * its environment variable, what it accepts, its default and what it does. `readSettings` is the
 * only place the process's environment is read (a test holds every other module to it); config.ts
 * shapes the values for the code, and `docs/settings.md` is generated from this table
 * (`npm run docs:settings`), so the code, its defaults and the reference cannot drift apart.
 */
import { isIP } from 'node:net';
import { assetOrigins } from './asset-origins';
import { parseKeyRecords, KeyFileError } from '../live-set/deploy-keys';
import {
  ConfigError,
  type Env,
  fraction,
  jsonObject,
  onOff,
  oneOf,
  optionalText,
  optionalUrl,
  type Setting,
  shaped,
  text,
  whole,
  wholeOrOff,
} from './setting-kinds';

const MINUTE_MS = 60_000;

export const SETTINGS = {
  // The server
  PORT: whole({ group: 'The server', about: 'The port the server listens on.', default: 8080, min: 0, max: 65535 }),
  HOST: text({
    group: 'The server',
    about: 'The address it listens on; loopback unless the machine itself is meant to be reached.',
    default: '127.0.0.1',
  }),
  TRUSTED_PROXIES: shaped({
    group: 'The server',
    about:
      'Proxies whose `X-Forwarded-For` (and `X-Request-Start`) is believed; behind nginx, its address. From anyone else the header is ignored: a client could name itself 127.0.0.1.',
    accepts: 'addresses or CIDRs (or `loopback`, `linklocal`, `uniquelocal`), comma separated',
    shownDefault: 'none',
    parse: (name, raw) =>
      (raw ?? '')
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean)
        .map((item) => {
          // proxy-addr's names for ranges (fastify's trustProxy reads them) are taken as they are.
          if (['loopback', 'linklocal', 'uniquelocal'].includes(item)) return item;
          const [address = '', prefix] = item.split('/');
          const version = isIP(address);
          const bits = version === 6 ? 128 : 32;
          if (!version || (prefix !== undefined && !(/^\d+$/.test(prefix) && Number(prefix) <= bits)))
            throw new ConfigError(`${name} must be addresses or CIDRs (10.0.0.0/8), comma separated, got "${item}"`);
          return item;
        }),
  }),
  BUILDS_DIR: optionalText({
    group: 'The server',
    about:
      'The versioned builds folder (every published version, `live.json`, the release log). A relative path is taken from where the command was typed.',
    accepts: 'a folder',
    shownDefault: '`.builds` in the repository',
  }),
  PUBLIC_SOURCE_MAPS: onOff({
    group: 'The server',
    about:
      "Serve the builds' `*.map` files. Off, they answer 404 (they give the sources away); on for the end-to-end tests and the benches.",
    default: false,
  }),
  LOG_LEVEL: oneOf({
    group: 'The server',
    about: 'The least level of the JSON log lines written.',
    values: ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'],
    default: 'info',
  }),
  METRICS_TOKEN: optionalText({
    group: 'The server',
    about: 'Lets a scraper beyond this machine read `/metrics` (`Authorization: Bearer`).',
    shownDefault: 'unset: only a client on this machine, never one a proxy forwarded',
  }),
  CONSOLE_SESSION_SECONDS: whole({
    group: 'The server',
    about:
      'How long a sign-in to the release console lasts: long enough to watch a canary, short enough that a forgotten tab signs itself out.',
    default: 30 * 60,
    min: 1,
    max: 24 * 60 * 60,
  }),
  CONSOLE_KEY_CHECK_MS: whole({
    group: 'The server',
    about:
      "How often, while a release console's event stream is open, this server reads its deploy keys again, ending the streams of a key removed by the local CLI (a removal through the deploy API tells every server at once).",
    default: 1000,
    min: 1,
  }),

  // The CMS and the site
  SITE_URL: optionalUrl({
    group: 'The CMS and the site',
    about:
      "The site's public address: canonical links, the sitemap, mails and documents. The CMS takes the same value for the links in its mails: `npm start` and the production arrangement pass it to both.",
    shownDefault: '`http://localhost:8080`',
  }),
  CMS_PUBLIC_URL: optionalUrl({
    group: 'The CMS and the site',
    about: "The CMS's API as browsers reach it (it goes into every page's runtime config).",
    shownDefault: '`http://127.0.0.1:1337/api`',
  }),
  CMS_INTERNAL_URL: optionalUrl({
    group: 'The CMS and the site',
    about: "The CMS's API as this server reaches it (server renders, `/users/me`).",
    shownDefault: '`CMS_PUBLIC_URL`',
  }),
  SITE_READ_SECRET: optionalText({
    group: 'The CMS and the site',
    about:
      "Shared with the CMS: this server's reads carry it and are not counted by the CMS's per-address read limits.",
    shownDefault: 'unset (`npm start` makes one per run)',
  }),
  CONTENT_CHANGE_SECRET: optionalText({
    group: 'The CMS and the site',
    about: 'Shared with the CMS, which sends it with its calls to `POST /_/content-changed`.',
    shownDefault: 'unset: only this machine is heard, and only while the server listens on loopback',
  }),
  COOKIE_SECURE: onOff({
    group: 'The CMS and the site',
    about: "Mark the customer's session cookies `Secure` (a site served over https).",
    default: false,
  }),

  // Server rendering
  SSR: onOff({
    group: 'Server rendering',
    about: 'Server rendering of public pages. Off, every page is rendered in the browser.',
    default: true,
  }),
  SSR_TIME_LIMIT_MS: whole({
    group: 'Server rendering',
    about: "A remote's server render time limit, its data included; past it the browser renders it.",
    formerNames: ['SSR_BUDGET_MS'],
    default: 300,
    min: 1,
  }),
  SSR_SLOT_TIME_LIMIT_MS: whole({
    group: 'Server rendering',
    formerNames: ['SSR_SLOT_BUDGET_MS'],
    about:
      "One slot contribution's server render time limit; past it the browser renders that contribution, and one that held the thread more than three times as long, or past it three times, is not rendered on that server again until its next version.",
    default: 100,
    min: 1,
  }),
  REMOTE_PRELOAD_HINTS: onOff({
    group: 'Server rendering',
    about:
      "A rendered page preloads its remote's entry and chunks (off only for the monolith the bench compares with).",
    default: true,
  }),
  SSR_THREADS: whole({
    group: 'Server rendering',
    about: 'Render worker threads per live set.',
    default: 2,
    min: 1,
    max: 16,
  }),
  SSR_LIVE_SETS: whole({
    group: 'Server rendering',
    about: 'Live sets with render workers of their own at once (the live one, canaries, overrides).',
    default: 3,
    min: 1,
    max: 16,
  }),
  SSR_DATA_WAIT_MS: whole({
    group: 'Server rendering',
    about:
      "How long past `SSR_TIME_LIMIT_MS` a page with no good render may wait for the CMS's answer; past it the page is the 503 page.",
    default: 4000,
    min: 0,
  }),
  SSR_CACHE_ENTRIES: whole({
    group: 'Server rendering',
    about: 'Rendered pages kept (0: no page cache).',
    default: 1000,
    min: 0,
  }),
  SSR_CACHE_MB: whole({
    group: 'Server rendering',
    about: "The memory those pages' HTML may take, last good renders included.",
    default: 128,
    min: 1,
    max: 64 * 1024,
  }),
  SSR_STALE_RETRY_MS: whole({
    group: 'Server rendering',
    about: 'After a re-render failed and the last good render was served instead, how long before it is tried again.',
    default: 10_000,
    min: 0,
  }),
  RENDER_RATE_LIMIT_PER_MINUTE: wholeOrOff({
    group: 'Server rendering',
    about: 'Fresh renders one client may cause a minute.',
    default: 120,
    min: 1,
  }),

  // Several app servers
  REDIS_URL: optionalText({
    group: 'Several app servers (Redis)',
    about:
      'What several app servers must share (notices, the page cache, rate counts, canary counts) lives in this Redis, e.g. `redis://127.0.0.1:6379/0`.',
    accepts: 'a redis:// URL',
    shownDefault: 'unset: all of it stays in this process (one server)',
  }),
  REDIS_PREFIX: text({
    group: 'Several app servers (Redis)',
    about: "The keys' and channel's prefix, so several sites can share one Redis.",
    default: 'steel:',
  }),
  REDIS_COMMAND_TIMEOUT_MS: whole({
    group: 'Several app servers (Redis)',
    about: "How long a command waits for Redis's answer; past it the request goes on as if Redis were down.",
    default: 100,
    min: 1,
    max: 60_000,
  }),
  ASSET_ORIGINS: shaped({
    group: 'Several app servers (Redis)',
    about:
      "Where browsers fetch each remote's files: an origin serving the same `/builds/<app>/<version>/…` paths with CORS (a CDN pulling from the server). The registry's URLs and the Content-Security-Policy both come from it.",
    accepts: '`app=origin` pairs, comma separated (e.g. `catalogue=https://cdn.example.com`)',
    shownDefault: 'none: every app from this server',
    parse: (_name, raw) => assetOrigins(raw),
  }),

  // Several machines: the platform's state and the versions' files off this server's disk
  PLATFORM_STATE_URL: shaped({
    group: 'Several machines (PostgreSQL and an object store)',
    about:
      "The deploy platform's state (apps, the deploy keys' hashes, the live set with its canaries, the release log, counts, the gate's reports, the deploy lock) in this PostgreSQL database instead of the builds folder's files, so app servers on several machines share it; its tables are made by migrations at start. `deploy platform import` copies a builds folder into it and the object store (`platform export`: back).",
    accepts: 'a postgres:// URL',
    shownDefault: "unset: the builds folder's files (one machine)",
    parse: (name, raw) => {
      if (raw === undefined) return null;
      if (!/^postgres(ql)?:\/\/\S+$/.test(raw))
        throw new ConfigError(`${name} must be a postgres:// URL, got "${raw}"`);
      return raw;
    },
  }),
  BUILD_STORE_BUCKET: shaped({
    group: 'Several machines (PostgreSQL and an object store)',
    about:
      "Published versions' files in this bucket of an S3-compatible object store (made when missing); the builds folder becomes this server's cache of the versions it serves, filled from the store and checked against the digests.",
    accepts: "a bucket name (3–63 of a–z, 0–9, '.', '-')",
    shownDefault: 'unset: the builds folder holds the versions (one machine)',
    parse: (name, raw) => {
      if (raw === undefined) return null;
      // S3's rule for bucket names, which every compatible store keeps.
      if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(raw) || raw.includes('..'))
        throw new ConfigError(`${name} must be a bucket name (3–63 of a–z, 0–9, '.', '-'), got "${raw}"`);
      return raw;
    },
  }),
  BUILD_STORE_ENDPOINT: optionalUrl({
    group: 'Several machines (PostgreSQL and an object store)',
    about: "The object store's address (R2, Ceph, MinIO, Swift with s3api: path-style addresses are used).",
    shownDefault: 'unset: AWS S3 itself, by region',
  }),
  BUILD_STORE_REGION: text({
    group: 'Several machines (PostgreSQL and an object store)',
    about: "The object store's region.",
    default: 'us-east-1',
  }),
  BUILD_STORE_ACCESS_KEY_ID: optionalText({
    group: 'Several machines (PostgreSQL and an object store)',
    about: "The object store's access key; with `BUILD_STORE_SECRET_ACCESS_KEY`.",
    accepts: 'text',
    shownDefault: "unset: the SDK's own chain (instance roles, `AWS_*` variables, profiles)",
  }),
  BUILD_STORE_SECRET_ACCESS_KEY: optionalText({
    group: 'Several machines (PostgreSQL and an object store)',
    about: "The object store's secret key; with `BUILD_STORE_ACCESS_KEY_ID`.",
    accepts: 'text',
    shownDefault: 'unset',
  }),
  BUILD_STORE_PREFIX: text({
    group: 'Several machines (PostgreSQL and an object store)',
    about: "The objects' keys start with this (e.g. `site-a/`), so several sites can share a bucket.",
    default: '',
    shownDefault: 'empty',
  }),

  // Images
  IMAGE_CACHE_MB: whole({
    group: 'Images',
    about: 'Resized images (`/_/img`) kept in memory.',
    default: 64,
    min: 1,
    max: 4096,
  }),
  IMAGE_DISK_CACHE_DIR: optionalText({
    group: 'Images',
    about: 'Resized images on disk, shared by the app servers that share the builds folder.',
    accepts: 'a folder',
    shownDefault: '`BUILDS_DIR/.image-cache`',
  }),
  IMAGE_DISK_CACHE_MB: whole({
    group: 'Images',
    about: 'The most those images may take on disk (0: none kept).',
    default: 512,
    min: 0,
    max: 1024 * 1024,
  }),

  // The deploy API and the gate
  DEPLOY_KEYS_FILE: optionalText({
    group: 'The deploy API and the gate',
    about:
      "The deploy keys' hashes of the builds folder's state (`deploy keys add` writes it); it must be outside `BUILDS_DIR`. Unused with `PLATFORM_STATE_URL`: the keys are in PostgreSQL.",
    accepts: 'a file',
    shownDefault: '`.deploy-keys.json` in the repository',
  }),
  DEPLOY_KEYS: shaped({
    group: 'The deploy API and the gate',
    about:
      "Deploy keys' hashes given in the environment, in the keys file's JSON form: read-only, added to the platform state's.",
    accepts: "the keys file's JSON",
    shownDefault: 'none',
    parse: (name, raw) => {
      if (raw === undefined) return [];
      try {
        return parseKeyRecords(raw, name);
      } catch (error) {
        throw error instanceof KeyFileError ? new ConfigError(error.message) : error;
      }
    },
  }),
  DEPLOY_UPLOAD_LIMIT_MB: whole({
    group: 'The deploy API and the gate',
    about: 'The largest tarball an upload may send.',
    default: 50,
    min: 1,
    max: 4096,
  }),
  DEPLOY_UNPACKED_LIMIT_MB: whole({
    group: 'The deploy API and the gate',
    about: 'The most an upload may unpack to (a gzip bomb stops there).',
    default: 500,
    min: 1,
    max: 65536,
  }),
  DEPLOY_KEY_FAILURES_PER_ADDRESS: whole({
    group: 'The deploy API and the gate',
    about:
      'Wrong deploy keys one address may present in 15 minutes, at the deploy API and the console sign-in together; past them it gets 429 whatever key it sends.',
    default: 10,
    min: 1,
    max: 10_000,
  }),
  DEPLOY_KEY_FAILURES_OVERALL: whole({
    group: 'The deploy API and the gate',
    about: 'Wrong deploy keys from every address in 15 minutes before each address is held to 2.',
    default: 100,
    min: 1,
    max: 1_000_000,
  }),
  DEPLOY_UPLOAD_TMP_DIR: optionalText({
    group: 'The deploy API and the gate',
    about: 'Where an upload is unpacked before it is published.',
    accepts: 'a folder',
    shownDefault: "the system's temporary folder",
  }),
  DEPLOY_GATE_PORT: whole({
    group: 'The deploy API and the gate',
    about:
      "The gate's smoke server (the first free of it and the three after it); the CMS's CORS must allow them, as it does by default.",
    default: 8099,
    min: 1,
    max: 65535,
  }),
  CHROMIUM_PATH: text({
    group: 'The deploy API and the gate',
    about: 'The Chromium the gate opens pages in, and the printer prints with.',
    default: '/usr/bin/chromium',
    accepts: 'a file',
  }),

  // Canary health
  HEALTH_MONITOR: onOff({
    group: 'Canary health',
    about: 'Ends a failing canary and rolls back a failing new version by itself.',
    default: true,
  }),
  HEALTH_CHECK_MS: whole({
    group: 'Canary health',
    about: 'How often the counts are judged.',
    default: 5000,
    min: 100,
  }),
  HEALTH_MIN_VIEWS: whole({
    group: 'Canary health',
    about: 'Views a version needs before it is judged.',
    default: 20,
    min: 1,
  }),
  HEALTH_FAILURE_MARGIN_PERCENT: whole({
    group: 'Canary health',
    about: "How many points a version's failure rate may exceed the one it is compared with.",
    default: 5,
    min: 0,
    max: 100,
  }),
  AUTO_ROLLBACK_WINDOW_MS: whole({
    group: 'Canary health',
    about: 'How long after an activation a version may be rolled back by itself.',
    default: 10 * MINUTE_MS,
    min: 0,
  }),

  // Printing
  PRINT_RATE_LIMIT_PER_MINUTE: wholeOrOff({
    group: 'Printing',
    about: 'Prints (`/_/print.pdf`) one client may ask for a minute.',
    default: 10,
    min: 1,
  }),
  PRINT_READY_TIMEOUT_MS: whole({
    group: 'Printing',
    about: 'How long a page may take to mark itself ready to print.',
    default: 15_000,
    min: 1,
  }),
  PRINT_QUEUE_WAIT_MS: whole({
    group: 'Printing',
    about:
      'How long a print waits for those asked before it (one at a time, one per account, in the order asked), then 503.',
    default: 5000,
    min: 0,
  }),

  // Load shedding
  SHED_QUEUE_MS: wholeOrOff({
    group: 'Load shedding',
    about: 'The longest a page may have waited behind the proxy before it is answered with the busy page.',
    default: 3000,
    min: 1,
  }),
  SHED_EVENT_LOOP_DELAY_MS: wholeOrOff({
    group: 'Load shedding',
    about: 'The mean event-loop delay past which pages are answered with the busy page.',
    default: 1000,
    min: 1,
  }),

  // In the browser (the runtime config every page carries)
  FAILURE_REPORT_SAMPLE_RATE: fraction({
    group: 'In the browser',
    about: 'The share of remote failures each browser reports.',
    default: 1,
  }),
  VERSION_CHECK_INTERVAL_MS: whole({
    group: 'In the browser',
    about: 'How often an open tab asks whether a new version is live.',
    default: 60 * MINUTE_MS,
    min: 1,
  }),
  REMOTE_LOAD_TIMEOUT_MS: whole({
    group: 'In the browser',
    about: "How long the shell waits for a remote's code before it shows the error.",
    default: 8000,
    min: 0,
  }),
  PAGE_DATA_TIMEOUT_MS: whole({
    group: 'In the browser',
    about: 'How long a page waits for its data in the browser.',
    default: 5000,
    min: 0,
  }),
  ANALYTICS_KEY: optionalText({
    group: 'In the browser',
    about: 'The PostHog project key; unset, no analytics.',
    shownDefault: 'unset',
  }),
  ANALYTICS_HOST: optionalUrl({
    group: 'In the browser',
    about: 'Where analytics are sent.',
    shownDefault: '`https://us.i.posthog.com`',
  }),
  ANALYTICS_CLIENT_CONFIG: jsonObject({
    group: 'In the browser',
    about: 'Options for the analytics client.',
    shownDefault: '`{}`',
  }),
  ANALYTICS_DEBUG: onOff({ group: 'In the browser', about: "The analytics client's debug mode.", default: false }),
  CHAT_SRC: optionalText({
    group: 'In the browser',
    about: "The chat widget's script; unset, no chat.",
    accepts: 'a script URL',
    shownDefault: 'unset',
  }),
  CHAT_DELAY_MS: whole({
    group: 'In the browser',
    about: 'How long after the page loads the chat widget is loaded.',
    default: 5000,
    min: 0,
  }),
  GTM_ID: optionalText({
    group: 'In the browser',
    about: 'The Google Tag Manager container; unset, none.',
    shownDefault: 'unset',
  }),

  // The deploy CLI
  DEPLOY_SERVER: optionalUrl({
    group: 'The deploy CLI',
    about: 'The app server the CLI deploys through (as `--server`); unset, it works on the builds folder itself.',
    shownDefault: 'unset',
  }),
  DEPLOY_KEY: optionalText({
    group: 'The deploy CLI',
    about: "The app's deploy key the CLI sends (as `--key`).",
    shownDefault: 'unset',
  }),
} satisfies Record<string, Setting<unknown>>;

export type SettingName = keyof typeof SETTINGS;
export type Settings = { readonly [Name in SettingName]: ReturnType<(typeof SETTINGS)[Name]['read']> };

/** This process's environment: the one place it is read. */
export const processEnvironment = (): Env => process.env;

/** The former names already warned about in this process: one line each, however often settings are read. */
const warnedFormerNames = new Set<string>();

/** Node's own channel for deprecations: a line on stderr, `--no-deprecation` silences it, tests can listen. */
function warnOnce(formerName: string, message: string): void {
  if (warnedFormerNames.has(formerName)) return;
  warnedFormerNames.add(formerName);
  process.emitWarning(message, { type: 'DeprecationWarning', code: 'STEEL_SETTING_RENAMED' });
}

/**
 * The variable a setting is read from, and its value: its own name, else the first former name
 * set (deprecated: said once). A bad value is then refused under the name the operator wrote.
 */
function sourceOf(env: Env, name: SettingName, setting: Setting<unknown>): [string, string | undefined] {
  const valueOf = (variable: string) => env[variable]?.trim() || undefined;
  const former = (setting.formerNames ?? []).filter((formerName) => valueOf(formerName) !== undefined);
  if (valueOf(name) !== undefined) {
    for (const formerName of former)
      warnOnce(formerName, `${formerName} is ignored: ${name} is set, its new name. Remove ${formerName}.`);
    return [name, valueOf(name)];
  }
  const [formerName] = former;
  if (formerName === undefined) return [name, undefined];
  warnOnce(formerName, `${formerName} is deprecated: it is now named ${name}. Rename it; it is read until then.`);
  return [formerName, valueOf(formerName)];
}

/** Every setting read from `env`; a bad value is a ConfigError naming its variable. */
export function readSettings(env: Env = processEnvironment()): Settings {
  const values: Record<string, unknown> = {};
  for (const [name, setting] of Object.entries(SETTINGS) as Array<[SettingName, Setting<unknown>]>) {
    const [variable, raw] = sourceOf(env, name, setting);
    values[name] = setting.read(variable, raw);
  }
  return values as Settings;
}

/**
 * Relative paths are taken from where the user typed the command: npm runs workspace scripts
 * inside the workspace folder but keeps the original directory in INIT_CWD (npm's, not a setting).
 */
export function userCwd(env: Env = processEnvironment()): string {
  return env.INIT_CWD || process.cwd();
}
