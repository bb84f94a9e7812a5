/** The settings of several app servers on one or several machines: what they share and where. Part of the one settings table (settings-table.ts). */
import { assetOrigins } from './asset-origins';
import { ConfigError, optionalText, optionalUrl, type Setting, shaped, text, whole } from './setting-kinds';

/** Several app servers. */
export const SEVERAL_SERVERS_SETTINGS = {
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
} satisfies Record<string, Setting<unknown>>;

/** Several machines: the platform's state and the versions' files off this server's disk. */
export const SEVERAL_MACHINES_SETTINGS = {
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
} satisfies Record<string, Setting<unknown>>;
