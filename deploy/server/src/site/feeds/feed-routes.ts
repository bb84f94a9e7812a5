/**
 * The site's sitemap, made from the CMS by the app server by what the live apps' pages declare
 * (the feeds they declare are answered by the page route, declared-feeds.ts). It is kept for a few
 * minutes and dropped as soon as the CMS reports a change to what it read or the live set changes,
 * so it stays correct as content and apps change, with no rebuild. A CMS that cannot answer gives
 * a 503 (a crawler retries), never a sitemap with pages missing.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { RouteContext } from '../context';
import { CmsDerivedValue, KEEP_CMS_DERIVED_MS } from './cms-collections';
import { sendCmsXml } from './xml-replies';
import { registryNavigation } from '@steel/contract';
import { readSitemapEntries, sitemapCollections, sitemapSources, sitemapXml, type ReadableSource } from './sitemap';

export const feedRoutes: FastifyPluginAsync<RouteContext> = async (app, { config, contentChanges, live }) => {
  // The live set's declarations as the sitemap was last made from (the collections it read).
  let sources: ReadableSource[] = [];
  const sitemap = new CmsDerivedValue(
    () => sitemapCollections(sources),
    async () => {
      const snapshot = await live.current();
      sources = sitemapSources(snapshot?.pages ?? {}, registryNavigation(snapshot?.remotes ?? {}));
      return sitemapXml(config.siteUrl, await readSitemapEntries(config.cmsInternalUrl, sources));
    },
    KEEP_CMS_DERIVED_MS,
  );
  const stopListening = contentChanges.listen((collections) => sitemap.invalidate(collections));
  // A deploy may add a page, a collection or a sub-category: the next request makes it anew.
  const stopFollowingLive = live.onChange(() => sitemap.invalidate(null));
  app.addHook('onClose', async () => {
    stopListening();
    stopFollowingLive();
  });

  app.get('/sitemap.xml', async (_request, reply) => {
    // A live set changed on disk is noticed here (a stat), and its listener drops the sitemap.
    await live.current();
    return sendCmsXml(reply, 'application/xml', sitemap);
  });
};
