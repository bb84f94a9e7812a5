/**
 * The console's markup: a tagged template that escapes every value it is given, so CMS-free but
 * user-given text (key names, gate refusals, version ids) can never become markup. Nested
 * templates and lists of them are kept as they are.
 */
const SAFE = Symbol('html');

export interface Html {
  readonly [SAFE]: string;
}

const escapeText = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

type Value = Html | string | number | null | undefined | false | readonly Value[];

function render(value: Value): string {
  if (value === null || value === undefined || value === false) return '';
  if (Array.isArray(value)) return value.map(render).join('');
  if (typeof value === 'object') return (value as Html)[SAFE];
  return escapeText(String(value));
}

export function html(strings: TemplateStringsArray, ...values: Value[]): Html {
  return { [SAFE]: strings.reduce((out, part, i) => out + part + (i < values.length ? render(values[i]) : ''), '') };
}

export const toText = (markup: Html) => markup[SAFE];

/** Trusted markup written in this code (the stylesheet), never anything from a request or a file. */
export const trusted = (markup: string): Html => ({ [SAFE]: markup });
