/**
 * Only what a server-rendered page reads keys the page cache: its path and the query parameters
 * its page manifest declares. A request carrying more is sent (301) to the URL without them.
 */
import type { FastifyReply } from 'fastify';
import type { PageRoute } from '@steel/shared/contract';
import { canonicalQuery } from '../rendering/canonical-query';

/** The URL the page is cached under, or null when the reply is the redirect to the canonical URL. */
export function cacheUrlOrRedirect(
  reply: FastifyReply,
  url: string,
  pathname: string,
  route: PageRoute | undefined,
): string | null {
  if (route?.rendering !== 'server' || !route.query) return url;
  const query = canonicalQuery(url.slice(pathname.length + 1), route.query);
  if (!query.dropsSomething) return pathname + query.cacheKey;
  void reply
    .code(301)
    .header('cache-control', 'no-cache')
    .redirect(pathname + query.canonical, 301);
  return null;
}
