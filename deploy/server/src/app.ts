/**
 * The app server: the site (site-server.ts), the deploy API under /_/deploy, with which teams
 * publish, check and activate their versions, and the deploy console under /_/console, where they
 * watch and act on their releases in a browser. `buildServer` does no I/O until a request comes, so
 * tests drive it with `inject` against a temporary BUILDS_DIR.
 */
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from './config';
import { DEPLOY_API_PREFIX } from './release/deploy-api-protocol';
import { deployApiRoutes } from './deploy-api/routes';
import { startHealthMonitor } from './release/health-monitor';
import { type BuildServerOptions, buildSiteServer } from './site/site-server';
import { deployEventReporter } from './observability/deploy-events';
import { runInContext } from './observability/request-context';
import { consoleRoutes } from './console/console-routes';
import { CONSOLE_PATH } from './console/console-session';
import { deployJobs as createDeployJobs } from './deploy-api/deploy-jobs';
import { createKeyGuesses } from './security/key-guesses';
import { recordServingServer } from './release/site-record';
import { processEnvironment } from './settings/settings-table';

export type { BuildServerOptions } from './site/site-server';

export function buildServer(config: ServerConfig, options: BuildServerOptions = {}): FastifyInstance {
  const { app, ctx } = buildSiteServer(config, options);
  // The API's and the console's jobs, one set per server: a job asked in one is followed in the other.
  const deployJobs = createDeployJobs({
    buildsDir: config.buildsDir,
    keys: config.deploy,
    announceLiveChange: ctx.announceLiveChange,
    announceKeysRevoked: ctx.announceKeysRevoked,
    announceStored: ctx.announceStored,
    log: app.log,
  });
  app.addHook('onClose', async () => deployJobs.stop());
  // One count of wrong keys for both places a key is presented: guessing in one slows the other.
  const keyGuesses = createKeyGuesses(config.deploy.keyFailures, ctx.shared, ctx.metrics);
  app.register(deployApiRoutes, { ...ctx, deployJobs, keyGuesses, prefix: DEPLOY_API_PREFIX });
  app.register(consoleRoutes, { ...ctx, deployJobs, keyGuesses, prefix: CONSOLE_PATH });
  // Its address, CMS, gate port and where it reads deploy keys, for the scripts that act on the
  // builds folder: the deploy CLI's gate and `npm run build` (release/site-record.ts).
  if (!options.liveOverlay)
    app.addHook('onReady', async () => {
      await recordServingServer(config, processEnvironment()).catch((error: unknown) =>
        app.log.warn({ err: error }, 'the builds folder does not record this server'),
      );
    });
  // The live site's servers watch release health; the gate's smoke server (an overlay) does not.
  const rules = config.releaseHealth;
  if (rules && !options.liveOverlay) {
    let stop = () => {};
    // The monitor acts in a context of its own, not that of the request whose change it hears: its
    // deploy actions are logged and counted as its own.
    const monitorContext = { onDeployEvent: deployEventReporter(app.log, ctx.metrics) };
    app.addHook('onReady', async () => {
      // Its changes are announced like the deploy API's; it hears every change through the live store.
      stop = runInContext(monitorContext, () =>
        startHealthMonitor(config.buildsDir, rules, app.log, ctx.announceLiveChange, ctx.shared.counts, (listener) =>
          ctx.live.onChange(() => runInContext(monitorContext, listener)),
        ),
      );
    });
    app.addHook('onClose', async () => stop());
  }
  return app;
}
