/**
 * One URL per page state: what a server-rendered page reads of its query is declared in its page
 * manifest (`query`, `subpages`; none when undeclared), and the page cache is keyed by the path
 * and that query in its canonical spelling (contracts/query-parameters.ts). A request spelled any
 * other way — a parameter the page does not read, a repeated or empty one, a default or
 * out-of-range value, another order — is sent (301) to the canonical URL before anything is
 * rendered or cached, so random query strings cost neither a render nor a cache entry
 * (`canonicalPageUrl`, which repo/canonical-urls.test.ts walks over every page).
 */
import type { FastifyReply } from 'fastify';
import { canonicalPageUrl, type PageRoute } from '@steel/contract';

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
