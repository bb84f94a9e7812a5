/**
 * Records which versions each served page pins (its embedded registry names them), so `deploy
 * prune` never removes files an open tab may still load.
 */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { createServedVersionsRecorder } from '../live-set/served-versions';
import type { RouteContext } from './context';

const plugin: FastifyPluginAsync<RouteContext> = async (app, { config, live }) => {
  const recorder = createServedVersionsRecorder(config.buildsDir);
  app.addHook('onClose', async () => recorder.flush());
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode === 200 && String(reply.getHeader('content-type') ?? '').startsWith('text/html')) {
      const snapshot = await live.current();
      if (snapshot) recorder.record(snapshot.live.versions);
      // A canary's pages pin its version too (this page may be one of them).
      for (const [app, canary] of Object.entries(snapshot?.live.canary ?? {}))
        recorder.record({ [app]: canary.version });
    }
    return payload;
  });
};

/** Unencapsulated (fastify-plugin): the hook sees the page routes registered beside it. */
export const servedVersionsTracking = fp(plugin, { name: 'served-versions' });
