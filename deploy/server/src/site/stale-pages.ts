/**
 * Stale-if-error: a page rendered well before is not turned into an error page by a CMS fault. When
 * its re-render fails (the CMS down, over the time limit or answering 5xx), the last good render is
 * served, marked `x-render: stale`, and the page is tried again in the background, at most once per
 * SSR_STALE_RETRY_MS, until the CMS answers.
 */
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { CacheEntry, PageStore } from '../rendering/page-cache';
import type { PageRenders, PageRenderTask, Rendered } from '../rendering/page-renders';
import { sendStale } from './page-replies';

/** A render that must not replace a last good one. */
export const failedRerender = (rendered: Rendered) =>
  rendered.kind === 'failed' || (rendered.kind === 'page' && !rendered.good);

/** Its last re-render failed: the last good render at once, and one background try per interval. */
export async function serveStaleWhileRetrying(
  reply: FastifyReply,
  ifNoneMatch: string | undefined,
  entry: CacheEntry,
  {
    cache,
    renders,
    task,
    log,
  }: { cache: PageStore; renders: PageRenders; task: PageRenderTask; log: FastifyBaseLogger },
) {
  if (await cache.claimRetry(task.cacheKey)) {
    void renders.render(task).rendered.then(
      (rendered) =>
        rendered.kind === 'page' &&
        rendered.good &&
        log.info({ url: task.url }, 'the CMS answers again: page rendered afresh'),
      (error: unknown) => log.error({ err: error, url: task.url }, 'background re-render failed'),
    );
  }
  return sendStale(reply, ifNoneMatch, entry.page);
}

/** This re-render failed: the page keeps its last good render, retried after a pause. */
export async function serveStaleAfterFailure(
  reply: FastifyReply,
  ifNoneMatch: string | undefined,
  entry: CacheEntry,
  { cache, task, log }: { cache: PageStore; task: PageRenderTask; log: FastifyBaseLogger },
) {
  await cache.renderFailed(task.cacheKey);
  log.warn({ url: task.url }, 're-render failed: serving the last good render');
  return sendStale(reply, ifNoneMatch, entry.page);
}
