/** The sign-in page (the panel's); `?redirect=` says where to return (see safe-redirect.ts). */
export const LOGIN_PATH = '/login';

/**
 * `/login?redirect=/panel/order`: slashes stay readable, everything that could break the query is
 * encoded. Used by the shell's auth guard and by pages that ask a signed-out visitor to sign in.
 */
export function loginUrlFor(pathAndSearch: string): string {
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(pathAndSearch).replace(/%2F/gi, '/')}`;
}
