/** The settings every page carries to the browser (its runtime config). Part of the one settings table (settings-table.ts). */
import { fraction, jsonObject, onOff, optionalText, optionalUrl, type Setting, whole } from './setting-kinds';

const MINUTE_MS = 60_000;

/** In the browser (the runtime config every page carries). */
export const BROWSER_SETTINGS = {
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
} satisfies Record<string, Setting<unknown>>;
