/** Where a visitor lands after sign-in when `redirect` is missing or not honoured (docs/guide-working-on-the-platform.md, "What the shell does at run time"). */
export const DEFAULT_REDIRECT_PATH = '/panel';

/**
 * The ONE place that decides whether a `?redirect=` value may be followed (docs/guide-working-on-the-platform.md, "What the shell does at run time": only
 * same-origin relative paths are honoured; anything else goes to `/panel`). Refused: anything not
 * starting with a single `/`, protocol-relative `//host`, `/\host` (browsers treat `\` as `/`),
 * a scheme (`javascript:`, `https:`), control characters or whitespace tricks, and anything that
 * still resolves to another origin. Returns path + search + hash of the resolved URL.
 */
export function safeRedirectPath(value: unknown, fallback: string = DEFAULT_REDIRECT_PATH): string {
  if (typeof value !== 'string' || value === '') return fallback;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  // Control characters (tab/newline are stripped by URL parsers, which can turn `/\t/evil` into `//evil`).
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return fallback;
  const origin = 'http://same-origin.invalid';
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return fallback;
  }
  if (url.origin !== origin) return fallback;
  return url.pathname + url.search + url.hash;
}
