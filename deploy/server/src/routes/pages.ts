/**
 * App routes: every extension-less GET path outside the server's own prefixes answers the live
 * shell's index.html with the runtime config; the shell's route table decides what (and whether)
 * to render, including its own 404 page. A path with an extension is a missing file: plain 404,
 * so a mistyped asset URL never comes back as HTML.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { NO_BUILD_PAGE, renderShellPage } from '../pages/render';
import type { RouteContext } from './context';

const RESERVED_PREFIXES = ['/api/', '/builds/', '/_'];

export function isAppPath(pathname: string): boolean {
  if (pathname === '/api' || pathname === '/builds') return false;
  if (RESERVED_PREFIXES.some((prefix) => pathname.startsWith(prefix))) return false;
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  return !/\.[A-Za-z0-9]+$/.test(last);
}

interface RenderedPage {
  key: string;
  html: string;
  etag: string;
}

export const pageRoutes: FastifyPluginAsync<RouteContext> = async (app, { config, live }) => {
  // The page depends only on the shell version and the live set id: render once per deploy.
  let cached: RenderedPage | null = null;

  function unavailable(reply: FastifyReply) {
    return reply
      .code(503)
      .header('cache-control', 'no-store')
      .header('retry-after', '30')
      .type('text/html; charset=utf-8')
      .send(NO_BUILD_PAGE);
  }

  app.get('/*', async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (!isAppPath(pathname)) return reply.callNotFound();

    const snapshot = await live.current();
    const shellVersion = snapshot?.live.shell;
    if (!snapshot || !shellVersion) return unavailable(reply);

    const key = `${shellVersion}|${snapshot.manifest.id}`;
    if (cached?.key !== key) {
      let template: string;
      try {
        template = await fs.readFile(path.join(config.buildsDir, 'shell', shellVersion, 'index.html'), 'utf8');
      } catch (error) {
        request.log.error({ err: error, shellVersion }, 'Live shell build has no index.html');
        return unavailable(reply);
      }
      const html = renderShellPage(template, { ...config.runtime, buildId: snapshot.manifest.id }, `/builds/shell/${shellVersion}/`);
      const etag = `W/"${createHash('sha256').update(html).digest('base64url').slice(0, 22)}"`;
      cached = { key, html, etag };
    }
    const page = cached;

    // no-cache: the browser may keep the page but must revalidate, so a deploy shows at once.
    reply.header('cache-control', 'no-cache').header('etag', page.etag).type('text/html; charset=utf-8');
    if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
    return reply.send(page.html);
  });
};
