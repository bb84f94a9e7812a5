/** `/robots.txt` and `/sitemap.xml` for the main public paths (product and article URLs come later). */
import type { FastifyPluginAsync } from 'fastify';
import type { RouteContext } from './context';

export const CATEGORY_PATHS = [
  '/rebar',
  '/iron-beam',
  '/sheet',
  '/pipe',
  '/profile',
  '/wire-rods',
  '/mesh-grids',
  '/scrap-iron',
  '/corner-gutter',
  '/steel-raw-materials',
] as const;

export const SITEMAP_PATHS: readonly string[] = [
  '/',
  ...CATEGORY_PATHS,
  '/blog',
  '/factories',
  '/experts',
  '/services',
  '/weight_table',
  '/landing/bourse',
  '/about-us',
  '/contact-us',
  '/rules',
  '/export',
];

function xmlEscape(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function sitemapXml(siteUrl: string, paths: readonly string[] = SITEMAP_PATHS): string {
  const urls = paths.map((p) => `  <url><loc>${xmlEscape(siteUrl + p)}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export function robotsTxt(siteUrl: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${siteUrl}/sitemap.xml\n`;
}

export const seoRoutes: FastifyPluginAsync<RouteContext> = async (app, { config }) => {
  const robots = robotsTxt(config.siteUrl);
  const sitemap = sitemapXml(config.siteUrl);

  app.get('/robots.txt', async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').type('text/plain; charset=utf-8').send(robots),
  );
  app.get('/sitemap.xml', async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').type('application/xml; charset=utf-8').send(sitemap),
  );
};
