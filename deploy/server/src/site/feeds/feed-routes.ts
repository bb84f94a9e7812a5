/**
 * The blog's RSS feed and the site's sitemap, made from the CMS by the app server. Each is kept
 * for a few minutes and dropped as soon as the CMS reports a change to what it read, so both
 * stay correct as content changes, with no rebuild. A CMS that cannot answer gives a 503 (a
 * crawler retries), never a feed or sitemap with pages missing.
 */
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { RouteContext } from '../context';
import { CmsDerivedValue, CmsUnavailableError } from './cms-collections';
import { RSS_PATH, readLatestArticles, rssXml } from './rss';
import { SITEMAP_COLLECTIONS, readSitemapEntries, sitemapXml } from './sitemap';

/** Past this a value is read again even without a change report (a lost report heals itself). */
const KEEP_MS = 5 * 60 * 1000;

export const feedRoutes: FastifyPluginAsync<RouteContext> = async (app, { config, contentChanges }) => {
  const rss = new CmsDerivedValue(
    ['articles'],
    async () => rssXml(config.siteUrl, await readLatestArticles(config.cmsInternalUrl)),
    KEEP_MS,
  );
  const sitemap = new CmsDerivedValue(
    SITEMAP_COLLECTIONS,
    async () => sitemapXml(config.siteUrl, await readSitemapEntries(config.cmsInternalUrl)),
    KEEP_MS,
  );
  const stopListening = contentChanges.listen((collections) => {
    rss.invalidate(collections);
    sitemap.invalidate(collections);
  });
  app.addHook('onClose', async () => stopListening());

  async function send(reply: FastifyReply, type: string, value: CmsDerivedValue<string>) {
    try {
      const xml = await value.get();
      // Revalidated on every use: a published change shows at once.
      return reply.header('cache-control', 'no-cache').type(`${type}; charset=utf-8`).send(xml);
    } catch (error) {
      if (!(error instanceof CmsUnavailableError)) throw error;
      reply.log.warn({ err: error }, 'the CMS did not answer: feed or sitemap unavailable');
      return reply
        .code(503)
        .header('cache-control', 'no-store')
        .header('retry-after', '60')
        .type('text/plain; charset=utf-8')
        .send('Service Unavailable');
    }
  }

  app.get(RSS_PATH, (_request, reply) => send(reply, 'application/rss+xml', rss));
  app.get('/sitemap.xml', (_request, reply) => send(reply, 'application/xml', sitemap));
};
