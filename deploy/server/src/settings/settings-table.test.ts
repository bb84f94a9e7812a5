/** @jest-environment node */
/**
 * The settings table is the one place settings are read, parsed and described: every setting
 * refuses what it does not accept by name, the reference page is the table's, and no other module
 * of the server reads the environment.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, type Setting } from './setting-kinds';
import { SETTINGS_REFERENCE, SETTINGS_REFERENCE_FILE, settingsReference } from './settings-reference';
import { readSettings, SETTINGS } from './settings-table';

const entries = Object.entries(SETTINGS) as Array<[string, Setting<unknown>]>;
/** Kinds that take any text (a folder, a secret, a host): nothing written there is wrong in itself. */
const FREE_TEXT = ['text', 'a folder', 'a file', 'a redis:// URL', 'a script URL'];
/** Kinds for which `zzz1` is a right value: each is refused something else below. */
const ZZZ1_ACCEPTED = { BUILD_STORE_BUCKET: 'Builds_Of_Steel' };

describe('the settings table', () => {
  it('reads a setting with nothing set as its default, and each documented default is what it reads', () => {
    const settings = readSettings({});
    for (const [name, setting] of entries) {
      const value = (settings as Record<string, unknown>)[name];
      if (typeof value === 'number') expect(`${name} ${setting.shownDefault}`).toBe(`${name} ${value}`);
      if (typeof value === 'boolean') expect(`${name} ${setting.shownDefault}`).toBe(`${name} ${value ? 'on' : 'off'}`);
    }
    expect(settings.PORT).toBe(8080);
    expect(settings.CHROMIUM_PATH).toBe('/usr/bin/chromium');
    expect(settings.DEPLOY_GATE_PORT).toBe(8099);
  });

  it.each(entries.filter(([, setting]) => !FREE_TEXT.includes(setting.accepts)))(
    '%s refuses a value it does not accept, with a line naming it',
    (name) => {
      const refusal = (() => {
        try {
          readSettings({ [name]: ZZZ1_ACCEPTED[name as keyof typeof ZZZ1_ACCEPTED] ?? 'zzz1' });
          return null;
        } catch (error) {
          return error;
        }
      })();
      expect(refusal).toBeInstanceOf(ConfigError);
      expect((refusal as Error).message).toContain(name);
    },
  );

  it('takes a blank value as unset and trims what is set', () => {
    expect(readSettings({ PORT: '  ', SSR_THREADS: ' 4 ' })).toMatchObject({ PORT: 8080, SSR_THREADS: 4 });
  });
});

describe("a setting's former names", () => {
  const formerNames = entries.flatMap(([name, setting]) => (setting.formerNames ?? []).map((former) => [former, name]));
  let warnings: string[];
  let emitWarning: jest.SpyInstance;
  beforeEach(() => {
    warnings = [];
    emitWarning = jest.spyOn(process, 'emitWarning').mockImplementation((warning, options) => {
      const type = typeof options === 'object' ? options.type : options;
      warnings.push(`${String(type)}: ${String(warning)}`);
    });
  });
  afterEach(() => emitWarning.mockRestore());

  it('are no setting’s name, and each belongs to one setting', () => {
    expect(formerNames.length).toBeGreaterThan(0);
    const names = new Set(entries.map(([name]) => name));
    for (const [former] of formerNames) expect(names.has(former!)).toBe(false);
    expect(new Set(formerNames.map(([former]) => former)).size).toBe(formerNames.length);
  });

  // Each case reads a former name this process has not warned about yet: a warning is said once per process.
  it('are read while the new name is unset, with one deprecation line naming both', () => {
    expect(readSettings({ SSR_BUDGET_MS: '450' }).SSR_TIME_LIMIT_MS).toBe(450);
    expect(readSettings({ SSR_BUDGET_MS: '450' }).SSR_TIME_LIMIT_MS).toBe(450);
    expect(warnings).toEqual([
      'DeprecationWarning: SSR_BUDGET_MS is deprecated: it is now named SSR_TIME_LIMIT_MS. Rename it; it is read until then.',
    ]);
  });

  it('give way to the new name when both are set, with a line saying the former is ignored', () => {
    const settings = readSettings({
      SSR_TIME_LIMIT_MS: '200',
      SSR_SLOT_BUDGET_MS: '900',
      SSR_SLOT_TIME_LIMIT_MS: '50',
    });
    expect(settings).toMatchObject({ SSR_TIME_LIMIT_MS: 200, SSR_SLOT_TIME_LIMIT_MS: 50 });
    expect(warnings).toEqual([
      'DeprecationWarning: SSR_SLOT_BUDGET_MS is ignored: SSR_SLOT_TIME_LIMIT_MS is set, its new name. Remove SSR_SLOT_BUDGET_MS.',
    ]);
  });

  it('refuse a bad value under the name the operator wrote', () => {
    expect(() => readSettings({ SSR_BUDGET_MS: 'soon' })).toThrow(
      new ConfigError('SSR_BUDGET_MS must be an integer between 1 and 9007199254740991, got "soon"'),
    );
  });

  it('are listed as deprecated in the reference, beside the name that replaced each', () => {
    const page = settingsReference();
    expect(page).toContain('## Former names (deprecated)');
    for (const [former, name] of formerNames) expect(page).toContain(`| \`${former}\` | \`${name}\` |`);
  });
});

describe('the settings reference', () => {
  it(`is ${SETTINGS_REFERENCE} as the table makes it (npm run docs:settings writes it)`, () => {
    expect(fs.readFileSync(SETTINGS_REFERENCE_FILE, 'utf8')).toBe(settingsReference());
  });

  it('lists every setting', () => {
    const page = settingsReference();
    for (const [name] of entries) expect(page).toContain(`| \`${name}\` |`);
  });
});

describe('the environment', () => {
  /** Every module of the server, its tests and test fixtures aside (they start servers with an environment of their own). */
  function serverModules(dir: string): string[] {
    return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === 'testing' ? [] : serverModules(file);
      return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
    });
  }

  it('is read by the settings table alone', () => {
    const src = path.resolve(__dirname, '..');
    const readers = serverModules(src)
      .filter((file) => /process\.env\b/.test(fs.readFileSync(file, 'utf8')))
      .map((file) => path.relative(src, file));
    expect(readers).toEqual(['settings/settings-table.ts']);
  });
});
