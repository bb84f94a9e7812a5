/** `/api/health`: for load balancers and the start scripts; 503 until a shell build is live. */
import type { FastifyPluginAsync } from 'fastify';
import { servedApps } from '../live-set/app-registry';
import { SHELL } from '../live-set/builds-folder';
import type { RouteContext } from './context';

export const healthRoutes: FastifyPluginAsync<RouteContext> = async (app, { live, config }) => {
  app.get('/api/health', async (_request, reply) => {
    const snapshot = await live.current();
    const l = snapshot?.live;
    // Every app the platform serves, null for one with nothing live: from the live set as last read,
    // so a load balancer's check never waits on the platform's database (nor fails with it).
    const apps = snapshot?.apps ?? (await servedApps(config.buildsDir).catch(() => [SHELL]));
    const builds = Object.fromEntries(apps.map((name) => [name, l?.versions[name] ?? null]));
    reply.header('cache-control', 'no-store');
    // The process id tells a deploy check that the same server kept running (no restart).
    if (!l?.versions.shell) return reply.code(503).send({ status: 'unavailable', builds, pid: process.pid });
    return reply.send({ status: 'ok', builds, pid: process.pid });
  });
};
