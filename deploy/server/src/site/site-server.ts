/**
 * The site half of the app server: the versioned builds, the live shell page with its runtime
 * config, the remote registry and the live set's stamp, the SEO files and images — everything but the
 * deploy API (app.ts adds it). The deploy gate's smoke render runs this alone, which also keeps the
 * gate from importing the API that calls it. No I/O until a request comes.
 */
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { buildsOfFolder } from '../build-files/builds-of-folder';
import { LiveStore } from '../live-set/live-store';
import { stateOfFolder } from '../platform-state/state-of-folder';
import type { ServerConfig } from '../config';
import { type AppName, isAppName, VERSION_RE } from '../live-set/builds-folder';
import type { RouteContext, SiteEvents } from './context';
import { authRoutes } from './auth';
import { ContentChanges } from './content-changes';
import { contentChangedWebhook } from './content-changed-webhook';
import { feedRoutes } from './feeds/feed-routes';
import { healthRoutes } from './health';
import { responsiveImageRoutes } from './images/responsive-images';
import { liveEventRoutes } from './live-events';
import { liveSetRoutes } from './live-set-routes';
import { countedInMetrics, createFailureRecorder, UNCOUNTED } from '../shared-state/failure-counts';
import { isPageRequest, pageRoutes } from './page-route';
import { printRoutes } from './print/print-route';
import { overrideRoutes } from './override-links';
import { remoteFailureRoutes } from './remote-failures';
import { servedVersionsTracking } from './served-versions-tracking';
import { seoRoutes } from './seo';
import { staticBuildRoutes } from './static-builds';
import { registerSecurityHeaders } from '../security/security-headers';
import { loadShedding } from '../security/load-shedding';
import {
  answerClientError,
  answerFrameworkError,
  answerNotFound,
  refuseMalformedPaths,
} from '../security/malformed-requests';
import { createSharedState } from '../shared-state/create-shared-state';
import { deployEventReporter } from '../observability/deploy-events';
import { createServerMetrics } from '../observability/metrics';
import { metricsRoute } from '../observability/metrics-route';
import { REQUEST_ID_HEADER, requestIdFrom, runRequestsInContext } from '../observability/request-context';

export type { RemoteFailureReport, SiteEvents } from './context';
export type { RenderFallback } from '../rendering/page-renders';

export interface BuildServerOptions {
  logger?: FastifyServerOptions['logger'];
  /** Serve these versions instead of the live ones (the deploy gate's smoke tests). */
  liveOverlay?: Record<AppName, string>;
  /** Typed records of what the site saw (the deploy gate's smoke tests listen). */
  events?: SiteEvents;
}

export function buildSiteServer(
  config: ServerConfig,
  options: BuildServerOptions = {},
): { app: FastifyInstance; ctx: RouteContext } {
  // The client's address is the socket's unless a configured proxy says otherwise.
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: config.trustedProxies.length ? config.trustedProxies : false,
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    // While closing, a request that still arrives on a kept-alive connection is answered, not
    // refused with 503: behind nginx that request would reach a visitor as an error.
    return503OnClosing: false,
    // On every log line of the request (`reqId`), and sent with its CMS reads: nginx's id when it sent a well-formed one.
    genReqId: (request) => requestIdFrom(request.headers[REQUEST_ID_HEADER]),
  });
  // The gate's trial server lives for one check: the process's own metrics are the live site's.
  const metrics = createServerMetrics({ processMetrics: !options.liveOverlay });
  const live = new LiveStore(config.buildsDir, (msg) => app.log.warn(msg), options.liveOverlay, config.assetOrigins);
  // Another machine's change (PostgreSQL's notice) is taken up at once, not at the next request;
  // the builds folder's own changes are seen by every request's check of its files.
  const platformState = stateOfFolder(config.buildsDir);
  if (platformState.kind !== 'folder') {
    const stopHearing = platformState.onChange(() => live.reload());
    app.addHook('onClose', async () => stopHearing());
  }
  // The gate's trial server shares nothing with the live site's servers: its pages are not the live set's.
  const shared = options.liveOverlay
    ? createSharedState({ ...config, redisUrl: null })
    : createSharedState(config, (message) => app.log.warn(message), metrics);
  const ctx: RouteContext = {
    config,
    live,
    contentChanges: new ContentChanges(),
    failureCounts: options.liveOverlay ? UNCOUNTED : countedInMetrics(createFailureRecorder(shared.counts), metrics),
    shared,
    metrics,
    announceLiveChange: () =>
      shared
        .announce({ kind: 'live' })
        .catch((error: unknown) =>
          app.log.error({ err: error }, 'the live-set notice failed; servers see live.json change at their next check'),
        ),
    announceKeysRevoked: () =>
      shared
        .announce({ kind: 'keys' })
        .catch((error: unknown) =>
          app.log.error({ err: error }, 'the keys notice failed; servers see the keys change at their next check'),
        ),
    announceStored: (appName, version) =>
      shared
        .announce({ kind: 'stored', app: appName, version })
        .catch((error: unknown) =>
          app.log.warn({ err: error }, 'the published-version notice failed; servers fetch it when it goes live'),
        ),
    events: options.events ?? {},
  };
  app.addHook('onClose', async () => {
    await ctx.failureCounts.flush();
    await shared.close();
  });
  // A notice from any app server: read live.json again at once (a shared folder's metadata may be
  // cached) — the live store then tells its listeners — and hand content changes to every cache of
  // CMS content in this process.
  shared.onNotice((notice) => {
    if (notice.kind === 'live') live.reload();
    else if (notice.kind === 'content') ctx.contentChanges.notify(notice.collections);
    else if (notice.kind === 'stored') fetchAhead(config.buildsDir, notice.app, notice.version, app.log);
  });

  // What a request does on its behalf (CMS reads, deploy actions) carries its id and is counted.
  runRequestsInContext(app, (request) => ({
    requestId: request.id,
    onCmsCall: (call) => metrics.cmsCall('server', call),
    onDeployEvent: deployEventReporter(request.log, metrics),
  }));
  registerSecurityHeaders(app, config);
  refuseMalformedPaths(app);
  // Before every route: a page that would come too late is answered busy at once. Never in the
  // gate's smoke server, whose verdict must not depend on the machine's load.
  if (!options.liveOverlay)
    app.register(loadShedding, {
      options: config.loadShedding,
      behindProxy: config.trustedProxies.length > 0,
      isPageRequest,
      metrics,
    });
  // Registered first so its hooks wrap every route below. Brotli quality 4 (the plugin's
  // default) keeps on-the-fly compression cheap; builds may ship .br/.gz files, used as is.
  app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  // Only `reply.sendFile`: the builds route below checks the path before anything is read.
  app.register(fastifyStatic, { serve: false, preCompressed: true });

  app.register(metricsRoute, { metrics, token: config.metricsToken });
  app.register(liveSetRoutes, ctx);
  app.register(liveEventRoutes, ctx);
  app.register(staticBuildRoutes, ctx);
  app.register(healthRoutes, ctx);
  app.register(authRoutes, ctx);
  app.register(seoRoutes, ctx);
  app.register(responsiveImageRoutes, ctx);
  app.register(feedRoutes, ctx);
  app.register(servedVersionsTracking, ctx);
  app.register(remoteFailureRoutes, ctx);
  app.register(overrideRoutes, ctx);
  app.register(contentChangedWebhook, ctx);
  app.register(printRoutes, { config, shared, livePages: async () => (await live.current())?.pages ?? {} });
  app.register(pageRoutes, ctx);

  app.setNotFoundHandler(answerNotFound);

  return { app, ctx };
}

/**
 * A version just published (by any server) fetched into this server's cache from the object store,
 * so that its activation later has nothing left to fetch: the live-set notice alone takes every
 * server to it. Nothing to do with the builds folder alone (it is the store).
 */
function fetchAhead(buildsDir: string, appName: string, version: string, log: FastifyBaseLogger): void {
  const builds = buildsOfFolder(buildsDir);
  if (builds.kind === 'folder' || !isAppName(appName) || !VERSION_RE.test(version)) return;
  builds
    .local(appName, version)
    .catch((error: unknown) =>
      log.warn(
        { err: error },
        `could not fetch ${appName} ${version} ahead of its activation; it is fetched when it goes live`,
      ),
    );
}
