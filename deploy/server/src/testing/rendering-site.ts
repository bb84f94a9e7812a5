import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildServer } from '../app';
import { loadConfig } from '../config';
import { addServerEntries, liveFixture, type Fixture } from './fixtures';

/**
 * A live fixture whose pages are server-rendered by the real render workers (one thread), from a
 * CMS stand-in that answers "content" to every read, with no render rate limit and no health
 * monitor (tests of those start their own). `env` adds settings.
 */
export async function startRenderingSite(
  env: Record<string, string> = {},
): Promise<{ fx: Fixture; app: FastifyInstance; close(): Promise<void> }> {
  const fx = await liveFixture();
  await addServerEntries(fx);
  const cms = http.createServer(
    (_request, response) => void response.writeHead(200, { 'content-type': 'text/plain' }).end('content'),
  );
  await new Promise<void>((resolve) => cms.listen(0, '127.0.0.1', resolve));
  const cmsUrl = `http://127.0.0.1:${(cms.address() as AddressInfo).port}`;
  const app = buildServer(
    loadConfig({
      BUILDS_DIR: fx.buildsDir,
      CMS_INTERNAL_URL: cmsUrl,
      RENDER_RATE_LIMIT_PER_MINUTE: 'off',
      SSR_THREADS: '1',
      SSR_TIME_LIMIT_MS: '2000',
      HEALTH_MONITOR: 'off',
      ...env,
    }),
  );
  return {
    fx,
    app,
    async close() {
      await app.close();
      await new Promise((resolve) => cms.close(resolve));
      await fx.cleanup();
    },
  };
}
