/** The settings of deploying: the deploy API, its gate, a canary's health and the deploy CLI. Part of the one settings table (settings-table.ts). */
import { KeyFileError, parseKeyRecords } from '../live-set/deploy-keys';
import { ConfigError, onOff, optionalText, optionalUrl, type Setting, shaped, text, whole } from './setting-kinds';

const MINUTE_MS = 60_000;

/** The deploy API and the gate. */
export const DEPLOY_SETTINGS = {
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
} satisfies Record<string, Setting<unknown>>;

/** Canary health. */
export const CANARY_SETTINGS = {
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
} satisfies Record<string, Setting<unknown>>;

/** The deploy CLI. */
export const DEPLOY_CLI_SETTINGS = {
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
