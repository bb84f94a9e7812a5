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
    sections.join('\n\n'),
    '',
  ].join('\n');
}
