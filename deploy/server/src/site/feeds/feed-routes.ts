/**
 * The blog's RSS feed and the site's sitemap, made from the CMS by the app server (the sitemap by
 * what the live apps' pages declare). Each is kept for a few minutes and dropped as soon as the
 * CMS reports a change to what it read — the sitemap also when the live set changes — so both
 * stay correct as content and apps change, with no rebuild. A CMS that cannot answer gives a 503 (a
 * crawler retries), never a feed or sitemap with pages missing.
 */
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { RouteContext } from '../context';
import { CmsDerivedValue, CmsUnavailableError } from './cms-collections';
import { RSS_PATH, readLatestArticles, rssXml } from './rss';
import { registryNavigation } from '@steel/contract';
import { readSitemapEntries, sitemapCollections, sitemapSources, sitemapXml, type ReadableSource } from './sitemap';

/** Past this a value is read again even without a change report (a lost report heals itself). */
const KEEP_MS = 5 * 60 * 1000;

export const feedRoutes: FastifyPluginAsync<RouteContext> = async (app, { config, contentChanges, live }) => {
  const rss = new CmsDerivedValue(
    ['articles'],
    async () => rssXml(config.siteUrl, await readLatestArticles(config.cmsInternalUrl)),
    KEEP_MS,
  );
  // The live set's declarations as the sitemap was last made from (the collections it read).
  let sources: ReadableSource[] = [];
  const sitemap = new CmsDerivedValue(
    () => sitemapCollections(sources),
    async () => {
      const snapshot = await live.current();
      sources = sitemapSources(snapshot?.pages ?? {}, registryNavigation(snapshot?.remotes ?? {}));
      return sitemapXml(config.siteUrl, await readSitemapEntries(config.cmsInternalUrl, sources));
    },
    KEEP_MS,
  );
  const stopListening = contentChanges.listen((collections) => {
    rss.invalidate(collections);
    sitemap.invalidate(collections);
  });
  // A deploy may add a page, a collection or a sub-category: the next request makes it anew.
  const stopFollowingLive = live.onChange(() => sitemap.invalidate(null));
  app.addHook('onClose', async () => {
    stopListening();
    stopFollowingLive();
  });

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
  app.get('/sitemap.xml', async (_request, reply) => {
    // A live set changed on disk is noticed here (a stat), and its listener drops the sitemap.
    await live.current();
    return send(reply, 'application/xml', sitemap);
  });
};
