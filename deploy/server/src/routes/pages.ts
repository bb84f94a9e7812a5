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
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { RegistryEntry, RemoteName } from '@steel/shared';
import { isBot } from '@steel/shared/bots';
import type { LiveSnapshot } from '../builds';
import { publicPathPlaceholder } from '../deploy/builds-folder';
import { NO_BUILD_PAGE, renderShellPage } from '../pages/shell-page-template';
import { assemblePage, clientRenderedPage, type PageParts } from '../rendering/assemble-page';
import { PageCache, type CachedPage } from '../rendering/page-cache';
import { RenderPools } from '../rendering/render-pool';
import type { RenderOutcome } from '../rendering/render-worker';
import type { RouteContext } from './context';
import { overrideStrip, withOverrideStrip } from './overrides';
import { overridesOf, visitorLiveSet } from './visitor-live-set';
import { helmetOptions, inlineScriptHashes } from '../security/security-headers';
import { contentChangeAllowed } from '../security/content-change-caller';
import { TOO_MANY_RENDERS_PAGE, createRenderBudget } from '../security/render-budget';
import { canonicalQuery } from '../rendering/canonical-query';
import { APP_MANIFEST_FILE, appScriptFiles, crossOriginFor, findPageRoute, type AppManifest, type FederationManifest } from '@steel/shared/contract';
import type { ServerConfig } from '../config';
import { versionFileUrl } from '../builds';

const RESERVED_PREFIXES = ['/api/', '/builds/', '/_'];


/** What one server render gave (see `render` below). */
type Rendered =
  | { kind: 'page'; page: CachedPage; good: boolean; xRender: 'server' | 'partial'; renderMs: number }
  | { kind: 'redirect'; status: 301; location: string }
  | { kind: 'browser' }
  | { kind: 'failed' };

export function isAppPath(pathname: string): boolean {
  if (pathname === '/api' || pathname === '/builds') return false;
  if (RESERVED_PREFIXES.some((prefix) => pathname.startsWith(prefix))) return false;
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  return !/\.[A-Za-z0-9]+$/.test(last);
}

const etagOf = (html: string) => `W/"${createHash('sha256').update(html).digest('base64url').slice(0, 22)}"`;

/**
 * Per version folder, read once: what the browser needs first for a remote, and the shell's font.
 * A remote's hints come from its registry entry — the same URLs (its asset origin) and digests the
 * shell will load it with: its entry and app module (from its federation manifest), then the
 * page's own chunk when the page names one (from its app manifest), so a page whose code loads
 * with it hydrates as soon as the app's does.
 */
function createPreloadHints({ buildsDir, siteUrl }: Pick<ServerConfig, 'buildsDir' | 'siteUrl'>) {
  const known = new Map<string, Promise<PageParts['preload']>>();
  const pageOrigin = new URL(siteUrl).origin;
  const versionFile = async <T,>(app: RemoteName, entry: RegistryEntry, file: string) =>
    JSON.parse(await fs.readFile(path.join(buildsDir, app, entry.version, file), 'utf8')) as T;
  const hintFor = (entry: RegistryEntry) => {
    const entryFile = entry.entry.slice(entry.entry.lastIndexOf('/') + 1);
    return (file: string, as: 'script' | 'fetch') => {
      // The registry's own URL for the entry, the same folder for the rest.
      const href = file === entryFile ? entry.entry : entry.entry.slice(0, entry.entry.length - entryFile.length) + file;
      const integrity = file === entryFile ? entry.integrity : entry.files?.[file];
      return { href, as, ...(integrity ? { integrity } : {}), ...(crossOriginFor(href, pageOrigin) ? { crossorigin: true } : {}) };
    };
  };
  const remote = (app: RemoteName, entry: RegistryEntry) =>
    cached(`${app}/${entry.version}/${entry.entry}`, async () => {
      const [entryScript, ...appModule] = appScriptFiles(await versionFile<FederationManifest>(app, entry, 'mf-manifest.json'));
      const hint = hintFor(entry);
      return [hint('mf-manifest.json', 'fetch'), hint(entryScript!, 'script'), ...appModule.map((file) => hint(file, 'script'))];
    });
  const pageChunk = (app: RemoteName, entry: RegistryEntry, chunk: string) =>
    cached(`${app}/${entry.version}/${entry.entry}#${chunk}`, async () => {
      const { chunks } = await versionFile<Pick<AppManifest, 'chunks'>>(app, entry, APP_MANIFEST_FILE);
      const hint = hintFor(entry);
      return (chunks?.[chunk] ?? []).map((file) => hint(file, 'script'));
    });
  const font = (version: string) =>
    cached(`shell/${version}`, async () => {
      const files = await fs.readdir(path.join(buildsDir, 'shell', version, 'assets')).catch(() => [] as string[]);
      // Exactly the URL the stylesheet asks for, or the preload is not reused.
      return files.filter((file) => file.endsWith('.woff2')).map((file) => ({ href: `/builds/shell/${version}/assets/${file}`, as: 'font' as const }));
    });
  function cached(key: string, read: () => Promise<PageParts['preload']>) {
    let hints = known.get(key);
    if (!hints) {
      hints = read().catch(() => []);
      known.set(key, hints);
    }
    return hints;
  }
  return { remote, pageChunk, font };
}

export const pageRoutes: FastifyPluginAsync<RouteContext> = async (app, { config, live, shared, failureCounts }) => {
  // The template depends only on the shell version and the live set id: prepared once per deploy.
  let template: { key: string; html: string; clientHtml: string; etag: string; scriptHashes: string[] } | null = null;
  const pools = config.rendering.enabled ? new RenderPools({ threads: config.rendering.threads, onLog: (message) => app.log.info(message) }) : null;
  // Shared by the app servers in the production arrangement (shared-state/), this process's own otherwise.
  const cache = shared.pages;
  const renderBudget = createRenderBudget(config.rendering.rendersPerClientMinute, shared);
  const preload = createPreloadHints(config);
  app.addHook('onClose', async () => pools?.close());

  function unavailable(reply: FastifyReply) {
    return reply.code(503).header('cache-control', 'no-store').header('retry-after', '30').type('text/html; charset=utf-8').send(NO_BUILD_PAGE);
  }

  async function shellTemplate(snapshot: LiveSnapshot, shellVersion: string) {
    const key = `${shellVersion}|${snapshot.manifest.id}`;
    if (template?.key !== key) {
      const raw = await fs.readFile(path.join(config.buildsDir, 'shell', shellVersion, 'index.html'), 'utf8');
      const html = renderShellPage(raw, { ...config.runtime, buildId: snapshot.manifest.id }, `/builds/shell/${shellVersion}/`);
      const clientHtml = clientRenderedPage(html, snapshot.remotes, snapshot.incompatible);
      template = { key, html, clientHtml, etag: etagOf(clientHtml), scriptHashes: inlineScriptHashes(html) };
    }
    return template;
  }

  function send(reply: FastifyReply, ifNoneMatch: string | undefined, page: { status: number; html: string; etag: string }) {
    // A page with an override strip is that visitor's alone: neither stored nor revalidated.
    const strip = overrideStrip(overridesOf(reply.request));
    if (strip) return reply.code(page.status).header('cache-control', 'private, no-store').type('text/html; charset=utf-8').send(withOverrideStrip(page.html, strip));
    // no-cache: the browser may keep the page but must revalidate, so a deploy shows at once.
    reply.code(page.status).header('cache-control', 'no-cache').header('etag', page.etag).type('text/html; charset=utf-8');
    if (page.status === 200 && ifNoneMatch === page.etag) return reply.code(304).send();
    return reply.send(page.html);
  }

  /** The remote's code for the page it rendered: its entry and app module, and the page's own chunk. */
  async function remoteHints(snapshot: LiveSnapshot, app: RemoteName, url: string, entry: RegistryEntry) {
    const chunk = findPageRoute({ [app]: snapshot.pages[app] ?? [] }, new URL(url, 'http://page').pathname)?.route.chunk;
    const appHints = await preload.remote(app, entry);
    // A chunk the app module loads too (a library both use) is hinted once.
    const pageHints = chunk ? (await preload.pageChunk(app, entry, chunk)).filter((hint) => !appHints.some(({ href }) => href === hint.href)) : [];
    return [...appHints, ...pageHints];
  }

  async function assemble(snapshot: LiveSnapshot, base: string, url: string, outcome: Extract<RenderOutcome, { kind: 'page' }>): Promise<string> {
    const shellVersion = snapshot.live.shell as string;
    const remoteVersion = outcome.remote ? snapshot.live[outcome.remote.app as RemoteName] : undefined;
    const remoteEntry = outcome.remote ? snapshot.remotes[outcome.remote.app as RemoteName] : undefined;
    const hints = [...(outcome.remote && remoteEntry && config.rendering.remotePreloadHints ? await remoteHints(snapshot, outcome.remote.app, url, remoteEntry) : []), ...(await preload.font(shellVersion))];
    const publicPaths: Record<string, string> = { [publicPathPlaceholder('shell')]: `/builds/shell/${shellVersion}/` };
    // The remote's images in the rendered markup come from where its code does: its asset origin.
    if (outcome.remote && remoteVersion) publicPaths[publicPathPlaceholder(outcome.remote.app)] = versionFileUrl(outcome.remote.app as RemoteName, remoteVersion, '', config.assetOrigins);
    return assemblePage(base, {
      shellHtml: outcome.shellHtml,
      shellError: outcome.shellError,
      head: outcome.head,
      shellTitle: outcome.shellTitle,
      remote: outcome.remote,
      registry: snapshot.remotes,
      incompatible: snapshot.incompatible,
      preload: hints,
      publicPaths,
      siteUrl: config.siteUrl,
    });
  }

  /** The last good render of a page whose re-render failed, saying so (RFC 9111's Age; Warning 111). */
  function sendStale(reply: FastifyReply, ifNoneMatch: string | undefined, page: CachedPage) {
    const age = Math.max(0, Math.floor((Date.now() - page.renderedAt) / 1000));
    reply.header('x-render', 'stale').header('age', String(age)).header('warning', '111 - "Revalidation Failed"');
    return send(reply, ifNoneMatch, page);
  }

  /**
   * One server render of a URL. A good page (rendered whole, not a 5xx) is kept in the cache; a
   * CMS that could not answer (503), a remote left to the browser (over its budget, or thrown) and
   * a worker that failed are not: the caller serves the last good render instead when there is one.
   */
  async function render(pools: RenderPools, task: { url: string; userAgent: string; cacheKey: string; snapshot: LiveSnapshot; shellVersion: string; base: string }): Promise<Rendered> {
    const { snapshot, shellVersion } = task;
    let outcome: RenderOutcome;
    try {
      outcome = await pools.render(snapshot.manifest.id, {
        url: task.url,
        buildsDir: config.buildsDir,
        versions: { shell: shellVersion, catalogue: snapshot.live.catalogue, blog: snapshot.live.blog, panel: snapshot.live.panel },
        pages: snapshot.pages,
        incompatible: snapshot.incompatible,
        config: { ...config.runtime, buildId: snapshot.manifest.id },
        cmsInternalUrl: config.cmsInternalUrl,
        siteReadSecret: config.siteReadSecret,
        budgetMs: config.rendering.budgetMs,
        userAgent: task.userAgent,
      });
    } catch (error) {
      app.log.error({ err: error, url: task.url }, 'server render failed');
      return { kind: 'failed' };
    }
    if (outcome.kind !== 'page') return outcome.kind === 'redirect' ? outcome : { kind: 'browser' };
    if (outcome.fallback) app.log.warn({ url: task.url, status: outcome.status, reason: outcome.fallback }, outcome.status === 503 ? 'the CMS did not answer' : 'remote left to the browser');
    const html = await assemble(snapshot, task.base, task.url, outcome);
    const page: CachedPage = { status: outcome.status, html, etag: etagOf(html), collections: outcome.collections, renderedAt: Date.now() };
    const good = !outcome.fallback && outcome.status < 500;
    if (good) await cache.set(task.cacheKey, page);
    return { kind: 'page', page, good, xRender: outcome.fallback && outcome.status !== 503 ? 'partial' : 'server', renderMs: outcome.renderMs };
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
      request.log.warn({ from: request.socket.remoteAddress, forwardedFor: request.headers['x-forwarded-for'] }, 'content-changed refused: no valid secret');
      return reply.code(403).send({ error: 'Forbidden' });
    }
    const body = (request.body ?? {}) as { collections?: unknown };
    const collections = Array.isArray(body.collections) ? body.collections.filter((item): item is string => typeof item === 'string') : null;
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
    const shellVersion = snapshot?.live.shell;
    if (!snapshot || !shellVersion) return unavailable(reply);

    let base: Awaited<ReturnType<typeof shellTemplate>>;
    try {
      base = await shellTemplate(snapshot, shellVersion);
    } catch (error) {
      request.log.error({ err: error, shellVersion }, 'Live shell build has no index.html');
      return unavailable(reply);
    }
    // The page's CSP allows the live shell's inline scripts (colour mode) by their hashes.
    reply.helmet(helmetOptions(config, base.scriptHashes));
    const clientRendered = { status: 200, html: base.clientHtml, etag: base.etag };
    if (!pools) return send(reply, request.headers['if-none-match'], clientRendered);

    // Only what the page reads keys the cache; a request carrying more is sent to the URL without it.
    let cacheUrl = request.url;
    const owner = findPageRoute(snapshot.pages, pathname);
    // A view of the owning app's version: the denominator of its failure rate (canary health).
    const ownerVersion = owner && snapshot.live[owner.app as RemoteName];
    if (ownerVersion) failureCounts.record(owner.app as RemoteName, ownerVersion, 'view');
    if (owner?.route.rendering === 'server' && owner.route.query) {
      const query = canonicalQuery(request.url.slice(pathname.length + 1), owner.route.query);
      if (query.dropsSomething) return reply.code(301).header('cache-control', 'no-cache').redirect(pathname + query.canonical, 301);
      cacheUrl = pathname + query.cacheKey;
    }
    // Bots get the layout instead of the error page: their HTML is cached apart.
    const cacheKey = PageCache.key(snapshot.manifest.id, cacheUrl) + (isBot(request.headers['user-agent'] ?? '') ? ' bot' : '');
    const entry = await cache.get(cacheKey);
    if (entry && !entry.stale) return send(reply.header('x-render', 'cache'), request.headers['if-none-match'], entry.page);
    const task = { url: request.url, userAgent: request.headers['user-agent'] ?? '', cacheKey, snapshot, shellVersion, base: base.html };
    if (entry?.retryAt != null) {
      // Its last re-render failed: the visitor gets the last good render at once, and the page is
      // tried again in the background, at most once per interval, until the CMS answers.
      if (await cache.claimRetry(cacheKey)) {
        void render(pools, task).then(
          (rendered) => rendered.kind === 'page' && rendered.good && request.log.info({ url: request.url }, 'the CMS answers again: page rendered afresh'),
          (error: unknown) => request.log.error({ err: error, url: request.url }, 'background re-render failed'),
        );
      }
      return sendStale(reply, request.headers['if-none-match'], entry.page);
    }
    if (!(await renderBudget.take(request.ip))) {
      if (entry) return sendStale(reply, request.headers['if-none-match'], entry.page);
      return reply.code(429).header('retry-after', String(renderBudget.retryAfterSeconds)).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(TOO_MANY_RENDERS_PAGE);
    }

    const rendered = await render(pools, task);
    if (entry && (rendered.kind === 'failed' || (rendered.kind === 'page' && !rendered.good))) {
      // Stale-if-error: a page rendered well before is not turned into an error page by a CMS fault.
      await cache.renderFailed(cacheKey);
      request.log.warn({ url: request.url }, 're-render failed: serving the last good render');
      return sendStale(reply, request.headers['if-none-match'], entry.page);
    }
    // A broken render never takes a page down: the browser renders it, as before.
    if (rendered.kind === 'failed' || rendered.kind === 'browser') return send(reply.header('x-render', 'browser'), request.headers['if-none-match'], clientRendered);
    if (rendered.kind === 'redirect') return reply.code(rendered.status).header('cache-control', 'no-cache').redirect(rendered.location, rendered.status);
    reply.header('x-render', rendered.xRender).header('server-timing', `render;dur=${rendered.renderMs.toFixed(1)}`);
    return send(reply, request.headers['if-none-match'], rendered.page);
  });
};
