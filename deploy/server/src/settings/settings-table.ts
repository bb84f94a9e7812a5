/**
 * Every setting of the app server, its deploy gate and its deploy CLI, in one table: the name of
 * its environment variable, what it accepts, its default and what it does. `readSettings` is the
 * only place the process's environment is read (a test holds every other module to it); config.ts
 * shapes the values for the code, and `docs/settings.md` is generated from this table
 * (`npm run docs:settings`), so the code, its defaults and the reference cannot drift apart.
 * The table's rows are kept by subject, one file each (server-, rendering-, scaling-, deploy- and
 * browser-settings.ts), and joined here in the reference's order.
 */
import type { Env, Setting } from './setting-kinds';
import { CMS_SETTINGS, LOAD_SHEDDING_SETTINGS, SERVER_SETTINGS } from './server-settings';
import { IMAGE_SETTINGS, PRINT_SETTINGS, RENDERING_SETTINGS } from './rendering-settings';
import { SEVERAL_MACHINES_SETTINGS, SEVERAL_SERVERS_SETTINGS } from './scaling-settings';
import { CANARY_SETTINGS, DEPLOY_CLI_SETTINGS, DEPLOY_SETTINGS } from './deploy-settings';
import { BROWSER_SETTINGS } from './browser-settings';

export const SETTINGS = {
  ...SERVER_SETTINGS,
  ...CMS_SETTINGS,
  ...RENDERING_SETTINGS,
  ...SEVERAL_SERVERS_SETTINGS,
  ...SEVERAL_MACHINES_SETTINGS,
  ...IMAGE_SETTINGS,
  ...DEPLOY_SETTINGS,
  ...CANARY_SETTINGS,
  ...PRINT_SETTINGS,
  ...LOAD_SHEDDING_SETTINGS,
  ...BROWSER_SETTINGS,
  ...DEPLOY_CLI_SETTINGS,
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
