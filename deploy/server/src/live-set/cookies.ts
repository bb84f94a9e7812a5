/** Cookies read on the server: the visitor's cohort and overrides (live set), the session token (auth). */

/** The names of the cookies in a `Cookie` header. */
export function cookieNames(header: string | undefined): string[] {
  if (!header) return [];
  return header.split(';').flatMap((part) => {
    const index = part.indexOf('=');
    return index < 0 ? [] : [part.slice(0, index).trim()];
  });
}

/** One cookie's value from a `Cookie` header (values URI-decoded, as js-cookie writes them). */
export function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 0 || part.slice(0, index).trim() !== name) continue;
    const raw = part
      .slice(index + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1');
    try {
      return decodeURIComponent(raw) || null;
    } catch {
      return raw || null;
    }
  }
  return null;
}
