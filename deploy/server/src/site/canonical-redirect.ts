/**
 * One URL per page state: what a server-rendered page reads of its query is declared in its page
 * manifest (`query`, `subpages`; none when undeclared), and the page cache is keyed by the path
 * and that query in its canonical spelling (contracts/query-parameters.ts). A request spelled any
 * other way — a parameter the page does not read, a repeated or empty one, a default or
 * out-of-range value, another order — is sent (301) to the canonical URL before anything is
 * rendered or cached, so random query strings cost neither a render nor a cache entry. A path no
 * app owns reads no query either. Pages rendered in the browser are the same shell page whatever
 * their query, and keep it: the browser reads it.
 */
import type { FastifyReply } from 'fastify';
import { canonicalSearch, declaredQueryAt, type PageRoute } from '@steel/shared/contract';

/** Where a request for `url` belongs: null when it is already the canonical URL, else that URL. */
export function canonicalPageUrl(url: string, pathname: string, route: PageRoute | undefined): string | null {
  if (route?.rendering === 'browser') return null;
  const search = url.slice(pathname.length);
  const canonical = canonicalSearch(search, route ? declaredQueryAt(route, pathname) : []);
  return search === canonical ? null : pathname + canonical;
}

/** The URL the page is cached under, or null when the reply is the redirect to the canonical URL. */
export function cacheUrlOrRedirect(
  reply: FastifyReply,
  url: string,
  pathname: string,
  route: PageRoute | undefined,
): string | null {
  const canonical = canonicalPageUrl(url, pathname, route);
  if (canonical === null) return url;
  void reply.code(301).header('cache-control', 'no-cache').redirect(canonical, 301);
  return null;
}
