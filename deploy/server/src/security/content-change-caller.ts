/**
 * Who may tell the app server that content changed (and so empty its page cache): the CMS, proved
 * by the shared secret. Without a secret only the server's own machine is heard, judged by the
 * socket's address (never a forwarded header), and only while the server listens on loopback
 * alone — reachable from elsewhere, an unauthenticated endpoint would let anyone flush the cache.
 */
import { timingSafeEqual } from 'node:crypto';

const LOOPBACK_ADDRESSES = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const LOOPBACK_HOSTS = new Set(['127.0.0.1', '::1', 'localhost']);

export const listensOnLoopbackOnly = (host: string) => LOOPBACK_HOSTS.has(host);

export interface ContentChangeCaller {
  /** The secret configured (CONTENT_CHANGE_SECRET), or null. */
  secret: string | null;
  /** What the caller sent in `x-content-change-secret`. */
  presented: string | string[] | undefined;
  /** The TCP peer's address. */
  socketAddress: string | undefined;
  /** The address the server listens on (HOST). */
  host: string;
}

export function contentChangeAllowed({ secret, presented, socketAddress, host }: ContentChangeCaller): boolean {
  if (secret) {
    if (typeof presented !== 'string') return false;
    const [expected, given] = [Buffer.from(secret), Buffer.from(presented)];
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
  return listensOnLoopbackOnly(host) && socketAddress !== undefined && LOOPBACK_ADDRESSES.has(socketAddress);
}
