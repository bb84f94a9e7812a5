/**
 * `GET /metrics`: the Prometheus text format, for whoever runs on this machine (Prometheus
 * scraping over loopback) or holds `METRICS_TOKEN` (`Authorization: Bearer <token>`, a Prometheus
 * elsewhere). A request a proxy forwarded is not the machine's own, though it comes from loopback:
 * it needs the token too, and nginx refuses the path anyway (deploy/nginx/nginx.conf.template).
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ServerMetrics } from './metrics';

export const METRICS_PATH = '/metrics';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

function bearerMatches(request: FastifyRequest, token: string): boolean {
  const given = Buffer.from(/^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function mayScrape(request: FastifyRequest, token: string | null): boolean {
  if (token && bearerMatches(request, token)) return true;
  const proxied = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  return !proxied && LOOPBACK.test(request.socket.remoteAddress ?? '');
}

export const metricsRoute: FastifyPluginAsync<{ metrics: ServerMetrics; token: string | null }> = async (
  app,
  { metrics, token },
) => {
  app.get(METRICS_PATH, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!mayScrape(request, token))
      return reply.code(403).type('text/plain; charset=utf-8').send('metrics: loopback or METRICS_TOKEN only\n');
    return reply.type(metrics.contentType).send(await metrics.scrape());
  });
};
