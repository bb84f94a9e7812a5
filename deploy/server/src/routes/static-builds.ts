/**
 * `/builds/<app>/<version>/<file>`: the immutable, versioned build folders.
 *
 * A version folder never changes, so files are cached for a year. A missing file is a plain 404,
 * never the shell's index.html: the federation runtime must see a failed chunk as a failure
 * (an HTML page answered with 200 would be run as code and fail obscurely instead). Remotes are loaded cross-origin by the runtime, hence CORS.
 */
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { VERSION_RE, isApp } from '../deploy/builds-folder';
import type { RouteContext } from './context';

const ONE_YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/** Safe relative file path: no empty, dot, dot-dot or hidden segments, no backslashes or NULs. */
export function safeRelativePath(file: string): string | null {
  if (!file || file.length > 512 || /[\\\0]/.test(file)) return null;
  const segments = file.split('/');
  if (segments.some((s) => s === '' || s.startsWith('.'))) return null;
  return segments.join('/');
}

export const staticBuildRoutes: FastifyPluginAsync<RouteContext> = async (app, { config }) => {
  app.get<{ Params: { app: string; version: string; '*': string } }>(
    '/builds/:app/:version/*',
    async (request, reply) => {
      const { app: appName, version } = request.params;
      const file = safeRelativePath(request.params['*']);
      if (!isApp(appName) || !VERSION_RE.test(version) || !file) return reply.callNotFound();

      const root = path.join(config.buildsDir, appName, version);
      reply.header('access-control-allow-origin', '*').header('vary', 'Accept-Encoding');
      // @fastify/send checks again that the resolved path stays inside `root`.
      return reply.sendFile(file, root, {
        maxAge: ONE_YEAR_MS,
        immutable: true,
        cacheControl: true,
        dotfiles: 'deny',
        index: false,
      });
    },
  );
};
