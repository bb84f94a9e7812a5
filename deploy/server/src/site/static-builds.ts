/**
 * `/builds/<app>/<version>/<file>`: the immutable, versioned build folders.
 *
 * A version folder never changes, so files are cached for a year. A missing file is a plain 404,
 * never the shell's index.html: the federation runtime must see a failed chunk as a failure
 * (an HTML page answered with 200 would be run as code and fail obscurely instead). Remotes are loaded
 * cross-origin by the runtime, hence CORS.
 *
 * Only what a browser may load is public: a version's server entry (`server/…`, the code the render
 * workers run), its source maps (unless PUBLIC_SOURCE_MAPS=on) and the build's own records
 * (`app-manifest.json`, `mf-stats.json`, read from disk by this server and the deploy gate) answer
 * 404. deploy/nginx/nginx.conf.template keeps the same rule for the files it serves itself.
 *
 * With an object store (several machines), the builds folder is this server's cache of it.
 */
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { NotStored } from '../build-files/build-store';
import { buildsOfFolder } from '../build-files/builds-of-folder';
import { VERSION_RE, isAppName } from '../live-set/builds-folder';
import type { RouteContext } from './context';

const ONE_YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/** Safe relative file path: no empty, dot, dot-dot or hidden segments, no backslashes or NULs. */
export function safeRelativePath(file: string): string | null {
  if (!file || file.length > 512 || /[\\\0]/.test(file)) return null;
  const segments = file.split('/');
  if (segments.some((s) => s === '' || s.startsWith('.'))) return null;
  return segments.join('/');
}

/** Files of a version folder read on the server only: never fetched by a browser. */
const SERVER_ONLY_FILES = new Set(['app-manifest.json', 'mf-stats.json']);

/**
 * Whether a file of a version folder (its safe relative path) may be served to anyone: not the
 * server entry, not the build's records, and a source map only when `sourceMaps` allows — a
 * pre-compressed variant (`.br`, `.gz`) counts as the file it compresses.
 */
export function isPublicBuildFile(file: string, { sourceMaps }: { sourceMaps: boolean }): boolean {
  const original = file.replace(/\.(br|gz)$/, '');
  if (original.startsWith('server/') || SERVER_ONLY_FILES.has(original)) return false;
  return sourceMaps || !original.endsWith('.map');
}

export const staticBuildRoutes: FastifyPluginAsync<RouteContext> = async (app, { config }) => {
  app.get<{ Params: { app: string; version: string; '*': string } }>(
    '/builds/:app/:version/*',
    async (request, reply) => {
      const { app: appName, version } = request.params;
      const file = safeRelativePath(request.params['*']);
      if (
        !isAppName(appName) ||
        !VERSION_RE.test(version) ||
        !file ||
        !isPublicBuildFile(file, { sourceMaps: config.publicSourceMaps })
      )
        return reply.callNotFound();

      // A version this server has not fetched yet (another server published it, or this one's cache
      // was wiped) is fetched from the object store before it answers: never a 404 for a live file.
      // The folder store is the folder itself: nothing to fetch, and no stat per file to ask.
      const builds = buildsOfFolder(config.buildsDir);
      if (builds.kind !== 'folder' && !(await builds.isLocal(appName, version))) {
        try {
          await builds.local(appName, version);
        } catch (error) {
          if (error instanceof NotStored) return reply.callNotFound();
          // Out of reach, or its copy altered: a retry later, never a wrong file.
          request.log.warn({ err: error }, `could not fetch ${appName} ${version}`);
          return reply.code(503).header('retry-after', '5').header('cache-control', 'no-store').send();
        }
      }
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
