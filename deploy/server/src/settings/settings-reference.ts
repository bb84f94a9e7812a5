/**
 * docs/settings.md, made from the settings table: one section per group, one row per setting. It
 * is written by `npm run docs:settings`, and a test fails while the file and the table differ.
 */
import path from 'node:path';
import type { Setting, SettingsGroup } from './setting-kinds';
import { SETTINGS } from './settings-table';

/** Where the reference lives, from the repository's root. */
export const SETTINGS_REFERENCE = path.join('docs', 'settings.md');
/** The same, from here (deploy/server/src/settings). */
export const SETTINGS_REFERENCE_FILE = path.resolve(__dirname, '../../../..', SETTINGS_REFERENCE);

const cell = (value: string) => value.replace(/\|/g, '\\|');

export function settingsReference(): string {
  const groups = new Map<SettingsGroup, string[]>();
  for (const [name, setting] of Object.entries(SETTINGS) as Array<[string, Setting<unknown>]>) {
    const rows = groups.get(setting.group) ?? [];
    rows.push(`| \`${name}\` | ${cell(setting.shownDefault)} | ${cell(setting.accepts)} | ${cell(setting.about)} |`);
    groups.set(setting.group, rows);
  }
  const sections = [...groups].map(([group, rows]) =>
    [`## ${group}`, '', '| Variable | Default | Accepts | What it does |', '|---|---|---|---|', ...rows].join('\n'),
  );
  const renamed = (Object.entries(SETTINGS) as Array<[string, Setting<unknown>]>).flatMap(([name, setting]) =>
    (setting.formerNames ?? []).map((formerName) => `| \`${formerName}\` | \`${name}\` |`),
  );
  if (renamed.length)
    sections.push(
      [
        '## Former names (deprecated)',
        '',
        'A renamed setting is still read under its former name while its new one is unset, and the server',
        'says so at start (a `DeprecationWarning` line naming both); with both set, the new name wins.',
        '',
        '| Former name | Now |',
        '|---|---|',
        ...renamed,
      ].join('\n'),
    );
  return [
    '# App server settings',
    '',
    '<!-- Generated from deploy/server/src/settings/settings-table.ts by `npm run docs:settings`: edit the table, not this page. -->',
    '',
    'Every setting of the app server (`npm start`, `npm run start:production`), its deploy gate and its',
    'deploy CLI is an environment variable with a default that works on a developer machine. A value',
    'it does not accept stops the server at start with a line naming the variable. The CMS has',
    'settings of its own (`deploy/cms/README.md`).',
    '',
    '## `npm start`',
    '',
    '`npm start` runs the CMS and the app server with the settings they share derived from a few of its',
    'own: `PORT` (8080), `CMS_PORT` (1337), `DEPLOY_GATE_PORT` (8099) and `HOST`. Both servers listen on',
    "`HOST`: loopback by default; `HOST=0.0.0.0` (or one of the machine's addresses) shows the site to",
    "others on the same network, the pages then naming the site and the CMS by this machine's network",
    'address (`scripts/lib/start-addresses.ts`). A second copy on other ports',
    '(`PORT=8580 CMS_PORT=1638 npm start`) needs nothing else: the deploy CLI run beside it reads the CMS',
    'and the gate port of the server running on its builds folder (`BUILDS_DIR/.site.json`), not these',
    'defaults.',
    '',
    'Its terminal is for a person: one short line per notable event — the site up with its address, a',
    'deploy or a change of what is live, a warning, an error — never one per request',
    "(`scripts/lib/terminal-lines.ts`). The whole output of each process, the app server's JSON log",
    'lines (pino) included, goes to `.tmp/logs/server-<PORT>.log` and `.tmp/logs/cms-<CMS_PORT>.log`.',
    '`npm run start:production`, and the app server run on its own (`npm run start:compiled -w @steel/server`,',
    'a service), keep the JSON lines only, for a log collector; `LOG_LEVEL` below sets their least level.',
    '',
    sections.join('\n\n'),
    '',
  ].join('\n');
}
