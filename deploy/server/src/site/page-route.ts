/**
 * The page route: every extension-less GET path outside the server's own prefixes is a page, and
 * a path one of the live pages declares as its feed is that feed (feeds/declared-feeds.ts).
 *
 * Public pages are rendered on the server (docs/architecture.md, "How a page reaches the screen"):
 * the render workers run the live versions' server entries, and the result is assembled into the
 * live shell's index.html with real status codes (301 for a redirect of the route table, 404 for an
 * unknown path or slug, 503 when the CMS cannot answer). Rendered pages are cached by URL and live
 * set until the CMS says their content changed (content-changed-webhook.ts); a page whose
 * re-render then fails is served from its last good render (stale-pages.ts). Panel and sign-in
 * pages, a shell without a server entry, and any render failure get the client-rendered page, as
 * before server rendering. A path with an extension is a missing file: plain 404, so a mistyped
 * asset URL never comes back as HTML.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { isBot } from '@steel/contract';
import { findPageRoute, isAppServerPath } from '@steel/contract';
import { visitorLiveSet } from '../live-set/visitor-live-set';
import { createLiveSetWarming } from '../rendering/live-set-warming';
import { isFresh, PageCache } from '../rendering/page-cache';
import { createPageRenders, type PageRenderTask } from '../rendering/page-renders';
import { RenderPools } from '../rendering/render-pool';
import { createShellTemplates, type ShellTemplate } from '../rendering/shell-templates';
import { createRenderRateLimit } from '../security/render-rate-limit';
import { helmetOptions } from '../security/security-headers';
import type { PageOutcome } from '../observability/metrics';
import { createCanonicalRedirects } from './canonical-redirect';
import { createDeclaredFeeds } from './feeds/declared-feeds';
import type { RouteContext } from './context';
import { sendNoBuild, sendPage, sendStale, sendTooManyRenders } from './page-replies';
import { failedRerender, serveStaleAfterFailure, serveStaleWhileRetrying } from './stale-pages';

/** The page label of a path no app's route claims (or with no live set to look in). */
const NO_PAGE = '(none)';

/** A path a page may have: not one the app server answers itself (the contract's list), and without a file extension. */
export function isAppPath(pathname: string): boolean {
  if (isAppServerPath(pathname)) return false;
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  return !/\.[A-Za-z0-9]+$/.test(last);
}

/** The page route's pattern: every path no other route claims. */
const PAGE_ROUTE_URL = '/*';

/** Whether `request` is for a page: routed to the page route, for a path with no file extension. */
export function isPageRequest(request: FastifyRequest): boolean {
  return request.routeOptions.url === PAGE_ROUTE_URL && isAppPath(request.url.split('?')[0] ?? '/');
}

/** How the page was answered, in the metrics' words: the `x-render` it was sent with, or its status's. */
function pageOutcome(reply: FastifyReply): PageOutcome {
  if (reply.statusCode >= 500) return 'error';
  if (reply.statusCode === 429) return 'refused';
  const xRender = reply.getHeader('x-render');
  if (typeof xRender === 'string') return xRender as PageOutcome;
  return reply.statusCode >= 300 && reply.statusCode < 400 && reply.statusCode !== 304 ? 'redirect' : 'browser';
}

export const pageRoutes: FastifyPluginAsync<RouteContext> = async (
  app,
  { config, live, shared, failureCounts, events, metrics, contentChanges },
) => {
  // What the live pages declare beside themselves: their feeds, answered at their paths.
  const feeds = createDeclaredFeeds({ siteUrl: config.siteUrl, cmsUrl: config.cmsInternalUrl, live, contentChanges });
  app.addHook('onClose', async () => feeds.close());
  const pools = config.rendering.enabled
    ? new RenderPools({
        threads: config.rendering.threads,
        maxPools: config.rendering.liveSetPools,
        onLog: (message) => app.log.info(message),
      })
    : null;
  // Shared by the app servers in the production arrangement (shared-state/), this process's own otherwise.
  const cache = shared.pages;
  const templates = createShellTemplates(config);
  const renders = pools
    ? createPageRenders({
        config,
        cache,
        pools,
        templates,
        log: app.log,
        onFallback: events.renderFellBack,
        // A contribution that failed on the server counts against its own app's version, like a browser's report.
        onSlotFailure: (failure, url) => {
          failureCounts.record(failure.app, failure.version, 'slot');
          events.slotFailed?.({ ...failure, url });
        },
        metrics,
      })
    : null;
  const renderRateLimit = createRenderRateLimit(config.rendering.rendersPerClientMinute, shared);
  const canonical = createCanonicalRedirects({ cmsInternalUrl: config.cmsInternalUrl, contentChanges, log: app.log });
  app.addHook('onClose', async () => {
    canonical.close();
    await pools?.close();
  });

  const stopSampling = metrics.beforeScrape(() => {
    const held = cache.held();
    metrics.pageCachePages.set(held.pages);
    metrics.pageCacheBytes.set(held.bytes);
    const load = pools?.load() ?? { threads: 0, queued: 0 };
    metrics.renderPools.set(pools?.stats().live.length ?? 0);
    metrics.renderThreads.set(load.threads);
    metrics.renderQueue.set(load.queued);
  });
  app.addHook('onClose', async () => stopSampling());
  // Each page request's time, by its route's pattern (a bounded label) and how it was answered.
  const pageOf = new WeakMap<FastifyRequest, string>();
  app.addHook('onResponse', async (request, reply) => {
    const page = pageOf.get(request);
    if (page !== undefined)
      metrics.pageRequests.observe({ page, outcome: pageOutcome(reply) }, reply.elapsedTime / 1000);
  });

  if (pools && renders) {
    // A new live set is warmed when it is heard of (whoever changed it), and the live set at start.
    const warm = createLiveSetWarming(live, pools, renders, app.log);
    const stopHearing = live.onChange(() => void warm());
    app.addHook('onClose', async () => stopHearing());
    app.addHook('onReady', async () => void warm());
  }

  app.get(PAGE_ROUTE_URL, async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    // Never a feed either: the gate refuses one declared there, and a version forced past it gets none.
    if (isAppServerPath(pathname)) return reply.callNotFound();
    const feed = await feeds.answer(pathname, reply);
    if (feed) return feed;
    if (!isAppPath(pathname)) return reply.callNotFound();

    const snapshot = await visitorLiveSet({ live, config }, request, reply);
    const owner = snapshot && findPageRoute(snapshot.pages, pathname);
    pageOf.set(request, owner?.route.path ?? NO_PAGE);
    if (!snapshot?.live.versions.shell) return sendNoBuild(reply);
    let base: ShellTemplate;
    try {
      base = await templates.of(snapshot);
    } catch (error) {
      request.log.error(
        { err: error, shellVersion: snapshot.live.versions.shell },
        'Live shell build has no index.html',
      );
      return sendNoBuild(reply);
    }
    // The page's CSP allows the live shell's inline scripts (colour mode) by their hashes.
    reply.helmet(helmetOptions(config, base.scriptHashes));
    const clientRendered = { status: 200, html: base.clientHtml, etag: base.etag };
    const ifNoneMatch = request.headers['if-none-match'];
    if (!renders) return sendPage(reply, ifNoneMatch, clientRendered);

    // A view of the owning app's version: the denominator of its failure rate (canary health).
    const ownerVersion = owner && snapshot.live.versions[owner.app];
    if (ownerVersion) failureCounts.record(owner.app, ownerVersion, 'view');
    const cacheUrl = await canonical.cacheUrlOrRedirect(reply, request.url, pathname, owner?.route);
    if (cacheUrl === null) return reply;
    const bot = isBot(request.headers['user-agent'] ?? '');
    if (!bot) renders.visited(cacheUrl);
    // Bots get the layout instead of the error page: their HTML is cached apart.
    const cacheKey = PageCache.key(snapshot.stamp.id, cacheUrl) + (bot ? ' bot' : '');
    const entry = await cache.get(cacheKey);
    metrics.pageCacheLookups.inc({ result: !entry ? 'miss' : isFresh(entry) ? 'hit' : 'stale' });
    if (entry && isFresh(entry)) return sendPage(reply.header('x-render', 'cache'), ifNoneMatch, entry.page);
    // A page with a last good render serves that rather than wait for a slow CMS; one without
    // waits a little for its data, so that it is never an empty page for the browser to fill.
    const task: PageRenderTask = {
      url: request.url,
      userAgent: request.headers['user-agent'] ?? '',
      cacheKey,
      snapshot,
      dataWaitMs: entry ? 0 : config.rendering.dataWaitMs,
      requestId: request.id,
    };
    const stale = { cache, renders, task, log: request.log };
    if (entry?.retryAt != null) return serveStaleWhileRetrying(reply, ifNoneMatch, entry, stale);
    const partial = entry ? null : renders.partial(task);
    if (partial) return sendPage(reply.header('x-render', 'partial'), ifNoneMatch, partial);

    // A request that joins a render under way causes none: only the one that starts it is counted.
    const admit = () => renderRateLimit.take(request.ip);
    const joined = renders.render(task, admit);
    let rendered = await joined.rendered;
    // The render it joined was refused to whoever started it: this request asks on its own account.
    if (rendered.kind === 'refused' && !joined.started) rendered = await renders.render(task, admit).rendered;
    if (rendered.kind === 'refused') {
      metrics.rendersRefused.inc();
      return entry
        ? sendStale(reply, ifNoneMatch, entry.page)
        : sendTooManyRenders(reply, renderRateLimit.retryAfterSeconds);
    }
    if (entry && failedRerender(rendered)) return serveStaleAfterFailure(reply, ifNoneMatch, entry, stale);
    // A broken render never takes a page down: the browser renders it, as before.
    if (rendered.kind === 'failed' || rendered.kind === 'browser')
      return sendPage(reply.header('x-render', 'browser'), ifNoneMatch, clientRendered);
    if (rendered.kind === 'redirect')
      return reply
        .code(rendered.status)
        .header('cache-control', 'no-cache')
        .redirect(rendered.location, rendered.status);
    reply.header('x-render', rendered.xRender).header('server-timing', `render;dur=${rendered.renderMs.toFixed(1)}`);
    return sendPage(reply, ifNoneMatch, rendered.page);
  });
};
