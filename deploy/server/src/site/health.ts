/** `/api/health`: for load balancers and the start scripts; 503 until a shell build is live. */
import type { FastifyPluginAsync } from 'fastify';
import type { RouteContext } from './context';

export const healthRoutes: FastifyPluginAsync<RouteContext> = async (app, { live }) => {
  app.get('/api/health', async (_request, reply) => {
    const snapshot = await live.current();
    const l = snapshot?.live;
    const builds = {
      shell: l?.shell ?? null,
      catalogue: l?.catalogue ?? null,
      blog: l?.blog ?? null,
      panel: l?.panel ?? null,
    };
    reply.header('cache-control', 'no-store');
    // The process id tells a deploy check that the same server kept running (no restart).
    if (!l?.shell) return reply.code(503).send({ status: 'unavailable', builds, pid: process.pid });
    return reply.send({ status: 'ok', builds, pid: process.pid });
  });
};
