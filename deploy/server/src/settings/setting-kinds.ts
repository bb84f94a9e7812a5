/**
 * The kinds of value a setting can hold, each with how it is read from the environment, what it
 * accepts and its default as the settings reference shows them (settings-reference.ts). A value
 * that does not parse stops the server at start with a line naming the variable, instead of a
 * subtly broken page.
 */
export type Env = Record<string, string | undefined>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Where a setting is listed in the reference. */
export type SettingsGroup =
  | 'The server'
  | 'The CMS and the site'
  | 'Server rendering'
  | 'Several app servers (Redis)'
  | 'Several machines (PostgreSQL and an object store)'
  | 'Images'
  | 'The deploy API and the gate'
  | 'Canary health'
  | 'Printing'
  | 'Load shedding'
  | 'In the browser'
  | 'The deploy CLI';

export interface Setting<T> {
  readonly group: SettingsGroup;
  /** What it does, in a sentence or two. */
  readonly about: string;
  /** What values it accepts, as a reader writes them. */
  readonly accepts: string;
  /** Its value when unset, as a reader sees it. */
  readonly shownDefault: string;
  /**
   * The names it had before (deprecated): still read when it is unset, with a line telling the
   * operator to rename it, so a settings file written before a rename keeps its meaning.
   */
  readonly formerNames?: readonly string[];
  /** The value of `raw` (undefined when unset or blank), or a ConfigError naming `name`. */
  read(name: string, raw: string | undefined): T;
}

interface Described {
  group: SettingsGroup;
  about: string;
  formerNames?: readonly string[];
}

const ON = ['1', 'true', 'yes', 'on'];
const OFF = ['0', 'false', 'no', 'off'];

function wholeNumber(name: string, raw: string, min: number, max: number): number {
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max)
    throw new ConfigError(`${name} must be an integer between ${min} and ${max}, got "${raw}"`);
  return value;
}

const range = (min: number, max: number) =>
  max === Number.MAX_SAFE_INTEGER ? `an integer ≥ ${min}` : `an integer ${min}–${max}`;

/** A whole number within [min, max]. */
export function whole(
  options: Described & { default: number; min: number; max?: number; shownDefault?: string },
): Setting<number> {
  const max = options.max ?? Number.MAX_SAFE_INTEGER;
  return {
    ...options,
    accepts: range(options.min, max),
    shownDefault: options.shownDefault ?? String(options.default),
    read: (name, raw) => (raw === undefined ? options.default : wholeNumber(name, raw, options.min, max)),
  };
}

/** A whole number within [min, max], or `off` (null): the limit is not applied. */
export function wholeOrOff(
  options: Described & { default: number; min: number; max?: number },
): Setting<number | null> {
  const max = options.max ?? Number.MAX_SAFE_INTEGER;
  return {
    ...options,
    accepts: `${range(options.min, max)}, or \`off\``,
    shownDefault: String(options.default),
    read: (name, raw) => {
      if (raw === undefined) return options.default;
      return raw.toLowerCase() === 'off' ? null : wholeNumber(name, raw, options.min, max);
    },
  };
}

/** A number within [0, 1]. */
export function fraction(options: Described & { default: number }): Setting<number> {
  return {
    ...options,
    accepts: 'a number 0–1',
    shownDefault: String(options.default),
    read: (name, raw) => {
      if (raw === undefined) return options.default;
      const value = Number(raw);
      if (!Number.isFinite(value) || value < 0 || value > 1)
        throw new ConfigError(`${name} must be a number between 0 and 1, got "${raw}"`);
      return value;
    },
  };
}

/** On or off: `on`, `true`, `yes`, `1` / `off`, `false`, `no`, `0`. */
export function onOff(options: Described & { default: boolean }): Setting<boolean> {
  return {
    ...options,
    accepts: '`on` or `off`',
    shownDefault: options.default ? 'on' : 'off',
    read: (name, raw) => {
      if (raw === undefined) return options.default;
      if (ON.includes(raw.toLowerCase())) return true;
      if (OFF.includes(raw.toLowerCase())) return false;
      throw new ConfigError(`${name} must be on or off, got "${raw}"`);
    },
  };
}

/** Any text, with a default. */
export function text(
  options: Described & { default: string; accepts?: string; shownDefault?: string },
): Setting<string> {
  return {
    ...options,
    accepts: options.accepts ?? 'text',
    shownDefault: options.shownDefault ?? `\`${options.default}\``,
    read: (_name, raw) => raw ?? options.default,
  };
}

/** Any text, or nothing (null); `shownDefault` says what nothing means. */
export function optionalText(options: Described & { shownDefault: string; accepts?: string }): Setting<string | null> {
  return { ...options, accepts: options.accepts ?? 'text', read: (_name, raw) => raw ?? null };
}

/** One of a few words. */
export function oneOf<const T extends string>(options: Described & { values: readonly T[]; default: T }): Setting<T> {
  return {
    ...options,
    accepts: options.values.map((value) => `\`${value}\``).join(', '),
    shownDefault: `\`${options.default}\``,
    read: (name, raw) => {
      if (raw === undefined) return options.default;
      if ((options.values as readonly string[]).includes(raw)) return raw as T;
      throw new ConfigError(`${name} must be one of ${options.values.join(', ')}, got "${raw}"`);
    },
  };
}

/** An http(s) URL, its trailing slashes dropped; nothing (null) means `shownDefault`. */
export function optionalUrl(options: Described & { shownDefault: string }): Setting<string | null> {
  return {
    ...options,
    accepts: 'an http(s) URL',
    read: (name, raw) => {
      if (raw === undefined) return null;
      let url: URL | null = null;
      try {
        url = new URL(raw);
      } catch {
        // said below
      }
      if (!url || !/^https?:$/.test(url.protocol))
        throw new ConfigError(`${name} must be an http(s) URL, got "${raw}"`);
      return raw.replace(/\/+$/, '');
    },
  };
}

/** A value of its own shape, read by `parse` (a list, a JSON object, pairs). */
export function shaped<T>(
  options: Described & { accepts: string; shownDefault: string; parse: (name: string, raw: string | undefined) => T },
): Setting<T> {
  return { ...options, read: options.parse };
}

/** A JSON object. */
export function jsonObject(options: Described & { shownDefault: string }): Setting<Record<string, unknown> | null> {
  return shaped({
    ...options,
    accepts: 'a JSON object',
    parse: (name, raw) => {
      if (raw === undefined) return null;
      let value: unknown;
      try {
        value = JSON.parse(raw);
      } catch {
        throw new ConfigError(`${name} must be a JSON object, got "${raw}"`);
      }
      if (typeof value !== 'object' || value === null || Array.isArray(value))
        throw new ConfigError(`${name} must be a JSON object, got "${raw}"`);
      return value as Record<string, unknown>;
    },
  });
}
