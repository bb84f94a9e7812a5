/**
 * App routes: every extension-less GET path outside the server's own prefixes is a page.
 *
 * Public pages are rendered on the server (docs/architecture.md, "How a page reaches the screen"): the render workers run the live
 * versions' server entries, and the result is assembled into the live shell's index.html with
 * real status codes (301 for a redirect of the route table, 404 for an unknown path or slug, 503
 * when the CMS cannot answer). Rendered pages are cached by URL and live set until the CMS says
 * their content changed; a page whose re-render then fails (the CMS down, slow or answering 5xx)
 * is served from its last good render, marked `x-render: stale`, and re-rendered in the
 * background until the CMS answers. Panel and sign-in pages, a shell without a server entry, and any render
 * failure get the client-rendered page, as before server rendering. A path with an extension is
 * a missing file: plain 404, so a mistyped asset URL never comes back as HTML.
 */
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { RemoteName } from '@steel/shared';
import { isBot } from '@steel/shared/bots';
import { findPageRoute } from '@steel/shared/contract';
import { NO_BUILD_PAGE } from '../rendering/shell-page-template';
import { PageCache, type CachedPage } from '../rendering/page-cache';
import { createPageRenders, createShellTemplates, type PageRenderTask } from '../rendering/page-renders';
import { RenderPools } from '../rendering/render-pool';
import type { RouteContext } from './context';
import { overrideStrip, withOverrideStrip } from './overrides';
import { overridesOf, visitorLiveSet } from '../live-set/visitor-live-set';
import { helmetOptions } from '../security/security-headers';
import { contentChangeAllowed } from '../security/content-change-caller';
import { TOO_MANY_RENDERS_PAGE, createRenderRateLimit } from '../security/render-rate-limit';
import { canonicalQuery } from '../rendering/canonical-query';

const RESERVED_PREFIXES = ['/api/', '/builds/', '/_'];
/** What a 503 page asks the browser (and a crawler) to wait before trying again. */
const RETRY_AFTER_S = '30';

export function isAppPath(pathname: string): boolean {
  if (pathname === '/api' || pathname === '/builds') return false;
  if (RESERVED_PREFIXES.some((prefix) => pathname.startsWith(prefix))) return false;
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  return !/\.[A-Za-z0-9]+$/.test(last);
}

export const pageRoutes: FastifyPluginAsync<RouteContext> = async (app, { config, live, shared, failureCounts }) => {
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
  const renders = pools ? createPageRenders({ config, cache, pools, templates, log: app.log }) : null;
  const renderRateLimit = createRenderRateLimit(config.rendering.rendersPerClientMinute, shared);
  app.addHook('onClose', async () => pools?.close());

  // A new live set (an activation, a canary, a rollback: here or on another app server) is warmed
  // as soon as it is heard of, before visitors ask for its pages; and the live set at start.
  let warmedFor: string | null = null;
  const warmServedSets = async () => {
    const stable = await live.current();
    // The canaries are part of what is served: a canary started is a new live set to warm.
    const served = stable && `${stable.manifest.id} ${JSON.stringify(stable.live.canary ?? {})}`;
    if (!renders || !served || warmedFor === served) return;
    warmedFor = served;
    try {
      const sets = await live.servedSets();
      // A deploy's previous live set is served to nobody now: its threads and their memory go.
      pools?.keepOnly(sets.map((set) => set.manifest.id));
      await renders.warm(sets);
    } catch (error) {
      // Called without waiting (per request, per notice): a failure is said here, never left unhandled.
      app.log.warn({ err: error }, 'warming the new live set failed');
    }
  };
  const stopHearing = shared.onNotice((notice) => notice.kind === 'live' && void warmServedSets());
  app.addHook('onClose', async () => stopHearing());
  app.addHook('onReady', async () => void warmServedSets());

  function unavailable(reply: FastifyReply) {
    return reply
      .code(503)
      .header('cache-control', 'no-store')
      .header('retry-after', RETRY_AFTER_S)
      .type('text/html; charset=utf-8')
      .send(NO_BUILD_PAGE);
  }

  function send(
    reply: FastifyReply,
    ifNoneMatch: string | undefined,
    page: { status: number; html: string; etag: string },
  ) {
    reply.code(page.status).type('text/html; charset=utf-8');
    // The content could not be had: nobody may keep this answer, and the visitor is told when to come back.
    if (page.status === 503)
      return reply.header('cache-control', 'no-store').header('retry-after', RETRY_AFTER_S).send(page.html);
    // A page with an override strip is that visitor's alone: neither stored nor revalidated.
    const strip = overrideStrip(overridesOf(reply.request));
    if (strip) return reply.header('cache-control', 'private, no-store').send(withOverrideStrip(page.html, strip));
    // no-cache: the browser may keep the page but must revalidate, so a deploy shows at once.
    reply.header('cache-control', 'no-cache').header('etag', page.etag);
    if (page.status === 200 && ifNoneMatch === page.etag) return reply.code(304).send();
    return reply.send(page.html);
  }

  /** The last good render of a page whose re-render failed, saying so (RFC 9111's Age; Warning 111). */
  function sendStale(reply: FastifyReply, ifNoneMatch: string | undefined, page: CachedPage) {
    const age = Math.max(0, Math.floor((Date.now() - page.renderedAt) / 1000));
    reply.header('x-render', 'stale').header('age', String(age)).header('warning', '111 - "Revalidation Failed"');
    return send(reply, ifNoneMatch, page);
  }

  /** The CMS tells the server what changed; pages that read it are rendered afresh next time. */
  app.post('/_/content-changed', async (request, reply) => {
    const allowed = contentChangeAllowed({
      secret: config.rendering.contentChangeSecret,
      presented: request.headers['x-content-change-secret'],
      socketAddress: request.socket.remoteAddress,
      host: config.host,
    });
    if (!allowed) {
      request.log.warn(
        { from: request.socket.remoteAddress, forwardedFor: request.headers['x-forwarded-for'] },
        'content-changed refused: no valid secret',
      );
      return reply.code(403).send({ error: 'Forbidden' });
    }
    const body = (request.body ?? {}) as { collections?: unknown };
    const collections = Array.isArray(body.collections)
      ? body.collections.filter((item): item is string => typeof item === 'string')
      : null;
    let stale: number;
    try {
      stale = await cache.invalidate(collections);
    } catch (error) {
      // Said plainly so the caller can try again: pages that read this content would stay as they are.
      request.log.error({ err: error, collections }, 'content changed, but the page cache could not be told');
      return reply.code(503).header('cache-control', 'no-store').send({ error: 'The page cache is unavailable' });
    }
    // Every app server's own caches of CMS content (feed, sitemap) hear it, this one's included.
    await shared.announce({ kind: 'content', collections });
    request.log.info({ collections, stale }, 'content changed: cached pages turned stale');
    return reply.header('cache-control', 'no-store').send({ stale });
  });

  app.get('/*', async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (!isAppPath(pathname)) return reply.callNotFound();

    const snapshot = await visitorLiveSet({ live, config }, request, reply);
    if (!snapshot?.live.shell) return unavailable(reply);
    // live.json changed without a notice reaching this server (a file copied by hand, a lost notice).
    void warmServedSets();

    let base: Awaited<ReturnType<typeof templates.of>>;
    try {
      base = await templates.of(snapshot);
    } catch (error) {
      request.log.error({ err: error, shellVersion: snapshot.live.shell }, 'Live shell build has no index.html');
      return unavailable(reply);
    }
    // The page's CSP allows the live shell's inline scripts (colour mode) by their hashes.
    reply.helmet(helmetOptions(config, base.scriptHashes));
    const clientRendered = { status: 200, html: base.clientHtml, etag: base.etag };
    const ifNoneMatch = request.headers['if-none-match'];
    if (!renders) return send(reply, ifNoneMatch, clientRendered);

    // Only what the page reads keys the cache; a request carrying more is sent to the URL without it.
    let cacheUrl = request.url;
    const owner = findPageRoute(snapshot.pages, pathname);
    // A view of the owning app's version: the denominator of its failure rate (canary health).
    const ownerVersion = owner && snapshot.live[owner.app as RemoteName];
    if (ownerVersion) failureCounts.record(owner.app as RemoteName, ownerVersion, 'view');
    if (owner?.route.rendering === 'server' && owner.route.query) {
      const query = canonicalQuery(request.url.slice(pathname.length + 1), owner.route.query);
      if (query.dropsSomething)
        return reply
          .code(301)
          .header('cache-control', 'no-cache')
          .redirect(pathname + query.canonical, 301);
      cacheUrl = pathname + query.cacheKey;
    }
    const bot = isBot(request.headers['user-agent'] ?? '');
    if (!bot) renders.visited(cacheUrl);
    // Bots get the layout instead of the error page: their HTML is cached apart.
    const cacheKey = PageCache.key(snapshot.manifest.id, cacheUrl) + (bot ? ' bot' : '');
    const entry = await cache.get(cacheKey);
    if (entry && !entry.stale) return send(reply.header('x-render', 'cache'), ifNoneMatch, entry.page);
    // A page with a last good render serves that rather than wait for a slow CMS; one without
    // waits a little for its data, so that it is never an empty page for the browser to fill.
    const task: PageRenderTask = {
      url: request.url,
      userAgent: request.headers['user-agent'] ?? '',
      cacheKey,
      snapshot,
      dataWaitMs: entry ? 0 : config.rendering.dataWaitMs,
    };
    if (entry?.retryAt != null) {
      // Its last re-render failed: the visitor gets the last good render at once, and the page is
      // tried again in the background, at most once per interval, until the CMS answers.
      if (await cache.claimRetry(cacheKey)) {
        void renders.render(task).rendered.then(
          (rendered) =>
            rendered.kind === 'page' &&
            rendered.good &&
            request.log.info({ url: request.url }, 'the CMS answers again: page rendered afresh'),
          (error: unknown) => request.log.error({ err: error, url: request.url }, 'background re-render failed'),
        );
      }
      return sendStale(reply, ifNoneMatch, entry.page);
    }
    const partial = entry ? null : renders.partial(task);
    if (partial) return send(reply.header('x-render', 'partial'), ifNoneMatch, partial);

    // A request that joins a render under way causes none: only the one that starts it is counted.
    const admit = () => renderRateLimit.take(request.ip);
    const joined = renders.render(task, admit);
    let rendered = await joined.rendered;
    // The render it joined was refused to whoever started it: this request asks on its own account.
    if (rendered.kind === 'refused' && !joined.started) rendered = await renders.render(task, admit).rendered;
    if (rendered.kind === 'refused') {
      if (entry) return sendStale(reply, ifNoneMatch, entry.page);
      return reply
        .code(429)
        .header('retry-after', String(renderRateLimit.retryAfterSeconds))
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(TOO_MANY_RENDERS_PAGE);
    }
    if (entry && (rendered.kind === 'failed' || (rendered.kind === 'page' && !rendered.good))) {
      // Stale-if-error: a page rendered well before is not turned into an error page by a CMS fault.
      await cache.renderFailed(cacheKey);
      request.log.warn({ url: request.url }, 're-render failed: serving the last good render');
      return sendStale(reply, ifNoneMatch, entry.page);
    }
    // A broken render never takes a page down: the browser renders it, as before.
    if (rendered.kind === 'failed' || rendered.kind === 'browser')
      return send(reply.header('x-render', 'browser'), ifNoneMatch, clientRendered);
    if (rendered.kind === 'redirect')
      return reply
        .code(rendered.status)
        .header('cache-control', 'no-cache')
        .redirect(rendered.location, rendered.status);
    reply.header('x-render', rendered.xRender).header('server-timing', `render;dur=${rendered.renderMs.toFixed(1)}`);
    return send(reply, ifNoneMatch, rendered.page);
  });
};
