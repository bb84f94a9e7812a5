/** The app server's own settings: where it listens and logs, the CMS and the site it serves, and when it sheds load. Part of the one settings table (settings-table.ts). */
import { isIP } from 'node:net';
import {
  ConfigError,
  oneOf,
  onOff,
  optionalText,
  optionalUrl,
  type Setting,
  shaped,
  text,
  whole,
  wholeOrOff,
} from './setting-kinds';

/** The server. */
export const SERVER_SETTINGS = {
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
} satisfies Record<string, Setting<unknown>>;

/** The CMS and the site. */
export const CMS_SETTINGS = {
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
} satisfies Record<string, Setting<unknown>>;

/** Load shedding. */
export const LOAD_SHEDDING_SETTINGS = {
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
} satisfies Record<string, Setting<unknown>>;
