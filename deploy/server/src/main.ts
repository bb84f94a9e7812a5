/** Starts the app server: `npm start -w @steel/server` (settings: settings/settings-table.ts, docs/settings.md). */
import { buildServer } from './app';
import { ConfigError, loadConfig } from './config';
import { watchCmsReads } from './rendering/site-reads';
import { listensOnLoopbackOnly } from './security/content-change-caller';
import { openSharedPlatform } from './shared-state/shared-platform';
import { keepGateBrowsers } from './release/gate/gate-browsers';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }

  // The server's own CMS reads (session check, feeds, sitemap) are not counted per address.
  watchCmsReads(config.cmsInternalUrl, config.siteReadSecret);
  // PostgreSQL and the object store, when set, before anything reads the platform's state.
  const platform = await openSharedPlatform(config, (message) => console.warn(message));
  // JSON lines (pino), each with its request's id (`reqId`); LOG_LEVEL=warn or silent quiets them.
  const app = buildServer(config, { logger: { level: config.logLevel } });
  // The deploy gate's Chromium stays up between gates, not launched twice for each.
  const closeGateBrowsers = keepGateBrowsers();

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, closing`);
    // Finish in-flight requests; give up after 10 s so a stuck socket cannot block a deploy.
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    app
      .close()
      .then(() => platform.close())
      .then(closeGateBrowsers)
      .then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error(error);
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  const address = await app.listen({ port: config.port, host: config.host });
  app.log.info(`Serving builds from ${config.buildsDir}`);
  for (const shared of platform.described) app.log.info(`Sharing ${shared}`);
  if (!config.rendering.contentChangeSecret && !listensOnLoopbackOnly(config.host)) {
    app.log.warn(
      'Listening beyond loopback without CONTENT_CHANGE_SECRET: content-change reports are refused until it is set',
    );
  }
  app.log.info(`Steel marketplace at ${address}/`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
