/**
 * How the page route answers: the page with its validators (ETag, 304), the last good render of a
 * page whose re-render failed (stale-if-error), no build live (503) and too many renders (429).
 */
import type { FastifyReply } from 'fastify';
import { overridesOf } from '../live-set/visitor-live-set';
import type { CachedPage } from '../rendering/page-cache';
import { NO_BUILD_PAGE } from '../rendering/shell-page-template';
import { TOO_MANY_RENDERS_PAGE } from '../security/render-rate-limit';
import { CompressedPages, sendSharedPage } from './compressed-pages';
import { overrideStrip, withOverrideStrip } from './override-strip';

/**
 * Every visitor of this app server shares the compressed bodies of its pages: they are kept by
 * ETag, a hash of the page's bytes, so one process-wide store serves every page route in it.
 */
const compressedPages = new CompressedPages();

/** What a 503 page asks the browser (and a crawler) to wait before trying again. */
const RETRY_AFTER_S = '30';

export interface PageAnswer {
  status: number;
  html: string;
  etag: string;
}

export function sendPage(reply: FastifyReply, ifNoneMatch: string | undefined, page: PageAnswer) {
  reply.code(page.status).type('text/html; charset=utf-8');
  // The content could not be had: nobody may keep this answer, and the visitor is told when to come back.
  if (page.status === 503)
    return reply.header('cache-control', 'no-store').header('retry-after', RETRY_AFTER_S).send(page.html);
  // A page with an override strip is that visitor's alone: neither stored nor revalidated.
  const strip = overrideStrip(overridesOf(reply.request));
  if (strip) return reply.header('cache-control', 'private, no-store').send(withOverrideStrip(page.html, strip));
  // no-cache: the browser may keep the page but must revalidate, so a deploy shows at once.
  reply.header('cache-control', 'no-cache').header('etag', page.etag);
  if (page.status === 200 && ifNoneMatch === page.etag) return reply.code(304).send();
  return sendSharedPage(reply, compressedPages, page);
}

/** The last good render of a page whose re-render failed, saying so (RFC 9111's Age; Warning 111). */
export function sendStale(reply: FastifyReply, ifNoneMatch: string | undefined, page: CachedPage) {
  const age = Math.max(0, Math.floor((Date.now() - page.renderedAt) / 1000));
  reply.header('x-render', 'stale').header('age', String(age)).header('warning', '111 - "Revalidation Failed"');
  return sendPage(reply, ifNoneMatch, page);
}

/** No shell is live (or its build lacks index.html). */
export function sendNoBuild(reply: FastifyReply) {
  return reply
    .code(503)
    .header('cache-control', 'no-store')
    .header('retry-after', RETRY_AFTER_S)
    .type('text/html; charset=utf-8')
    .send(NO_BUILD_PAGE);
}

/** The client is over its fresh renders for this minute and there is no good render to give it. */
export function sendTooManyRenders(reply: FastifyReply, retryAfterSeconds: number) {
  return reply
    .code(429)
    .header('retry-after', String(retryAfterSeconds))
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(TOO_MANY_RENDERS_PAGE);
}
