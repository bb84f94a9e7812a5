/**
 * The visitor's live set as the shell reads it: `/remotes.json`, the remote registry (where each
 * remote's live build is), and `/builds/latest.json`, the live set's stamp the shell polls. Both change on every deploy, so they are never cached, and the shell
 * may be served from another origin than the API, hence CORS.
 */
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { RouteContext } from './context';
import { visitorLiveSet } from '../live-set/visitor-live-set';

function noStore(reply: FastifyReply): FastifyReply {
  return reply
    .header('cache-control', 'no-store')
    .header('access-control-allow-origin', '*')
    .type('application/json; charset=utf-8');
}

export const liveSetRoutes: FastifyPluginAsync<RouteContext> = async (app, context) => {
  // Both are the visitor's own live set: a canary visitor's name the canary's version.
  app.get('/remotes.json', async (request, reply) => {
    const snapshot = await visitorLiveSet(context, request, reply);
    // With nothing live, an empty registry lets the shell show its own "remote unavailable" state.
    return noStore(reply).send(snapshot?.remotes ?? {});
  });

  app.get('/builds/latest.json', async (request, reply) => {
    const snapshot = await visitorLiveSet(context, request, reply);
    // 404 is what the shell's poller ignores (docs/behaviour.md, "Version polling") when no build is live.
    if (!snapshot) return noStore(reply).code(404).send({ error: 'No build is live' });
    return noStore(reply).send(snapshot.stamp);
  });
};
