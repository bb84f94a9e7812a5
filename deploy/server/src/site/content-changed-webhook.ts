/**
 * `POST /_/content-changed` `{ "collections": [...] }`: the CMS tells the server what changed. The
 * cached pages that read those collections turn stale (the next request renders them afresh), and
 * every app server's own caches of CMS content (feed, sitemap) hear it through the shared state.
 * Only a caller with CONTENT_CHANGE_SECRET, or this machine while the server listens on loopback.
 */
import type { FastifyPluginAsync } from 'fastify';
import { contentChangeAllowed } from '../security/content-change-caller';
import type { RouteContext } from './context';

export const contentChangedWebhook: FastifyPluginAsync<RouteContext> = async (app, { config, shared }) => {
  app.post('/_/content-changed', async (request, reply) => {
    const allowed = contentChangeAllowed({
      secret: config.rendering.contentChangeSecret,
      presented: request.headers['x-content-change-secret'],
      socketAddress: request.socket.remoteAddress,
      host: config.host,
    });
    if (!allowed) {
      request.log.warn(
        { from: request.socket.remoteAddress, forwardedFor: request.headers['x-forwarded-for'] },
        'content-changed refused: no valid secret',
      );
      return reply.code(403).send({ error: 'Forbidden' });
    }
    const body = (request.body ?? {}) as { collections?: unknown };
    const collections = Array.isArray(body.collections)
      ? body.collections.filter((item): item is string => typeof item === 'string')
      : null;
    let stale: number;
    try {
      stale = await shared.pages.invalidate(collections);
    } catch (error) {
      // Said plainly so the caller can try again: pages that read this content would stay as they are.
      request.log.error({ err: error, collections }, 'content changed, but the page cache could not be told');
      return reply.code(503).header('cache-control', 'no-store').send({ error: 'The page cache is unavailable' });
    }
    // Every app server's own caches of CMS content (feed, sitemap) hear it, this one's included.
    await shared.announce({ kind: 'content', collections });
    request.log.info({ collections, stale }, 'content changed: cached pages turned stale');
    return reply.header('cache-control', 'no-store').send({ stale });
  });
};
