/** The settings of what the app server renders: pages on the server, images, printed pages. Part of the one settings table (settings-table.ts). */
import { onOff, optionalText, type Setting, whole, wholeOrOff } from './setting-kinds';

/** Server rendering. */
export const RENDERING_SETTINGS = {
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
} satisfies Record<string, Setting<unknown>>;

/** Images. */
export const IMAGE_SETTINGS = {
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
} satisfies Record<string, Setting<unknown>>;

/** Printing. */
export const PRINT_SETTINGS = {
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
} satisfies Record<string, Setting<unknown>>;
