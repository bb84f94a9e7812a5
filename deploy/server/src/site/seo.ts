/** `/robots.txt` (the sitemap is made from the CMS: feeds/feed-routes.ts). */
import type { FastifyPluginAsync } from 'fastify';
import type { RouteContext } from './context';

export function robotsTxt(siteUrl: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${siteUrl}/sitemap.xml\n`;
}

export const seoRoutes: FastifyPluginAsync<RouteContext> = async (app, { config }) => {
  const robots = robotsTxt(config.siteUrl);

  app.get('/robots.txt', async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').type('text/plain; charset=utf-8').send(robots),
  );
};
