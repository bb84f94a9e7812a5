/**
 * Server renders of pages, as the page route and the warm-up after a deploy ask for them
 * (docs/architecture.md, "How a page reaches the screen"): one render of a URL through the render
 * workers, assembled into the live shell's page and kept in the page cache when good.
 *
 * What a deploy used to cost visitors, and what is done about it here:
 * - **One render per page at a time.** Concurrent requests for the same uncached page (a busy
 *   page right after an activation) share one render instead of each starting its own; only the
 *   request that started it counts against its client's render limit (site/page-route.ts).
 * - **A partial render is kept briefly.** A page whose remote was left to the browser (over its
 *   time limit, typically on cold workers) is not a page to keep, but rendering it again for
 *   every request is what made a deploy under load a stampede: it is served for a few seconds
 *   while the full render is tried again in the background, once at a time.
 * - **A new live set is warmed before its visitors come** (`warm`): its render workers load the
 *   server entries, then the pages visitors asked for most are rendered into the cache.
 */
import type { RegistryEntry, RemoteName } from '@steel/contract';
import { findPageRoute, registryContributions, registryNavigation } from '@steel/contract';
import type { ServerConfig } from '../config';
import { publicPathPlaceholder } from '../live-set/builds-folder';
import { type LiveSnapshot, versionFileUrl } from '../live-set/live-store';
import { assemblePage } from './assemble-page';
import { type CachedPage, PageCache, type PageStore } from './page-cache';
import { createPreloadHints } from './preload-hints';
import type { RenderPools } from './render-pool';
import { etagOf, type ShellTemplates } from './shell-templates';
import type { RenderOutcome } from './render-worker';
import type { SlotFailure } from './slot-contributions';
import { createSlotOverruns } from './slot-overruns';
import type { ServerMetrics } from '../observability/metrics';

/** What one server render gave. */
export type Rendered =
  | { kind: 'page'; page: CachedPage; good: boolean; xRender: 'server' | 'partial'; renderMs: number }
  | { kind: 'redirect'; status: 301 | 302; location: string }
  | { kind: 'browser' }
  | { kind: 'failed' }
  /** The request that would have started the render was over its client's render limit. */
  | { kind: 'refused' };

export interface PageRenderTask {
  /** pathname + search, as requested. */
  url: string;
  userAgent: string;
  /** Where a good render is kept (live set, canonical URL, bots apart). */
  cacheKey: string;
  snapshot: LiveSnapshot;
  /** The page may wait this long past its time limit for the CMS (0 when a last good render exists). */
  dataWaitMs: number;
  /** The request that asked for it (a warm-up has none): its CMS reads carry the id. */
  requestId?: string;
}

/** How long a partial render stands in for its page, and how often its full render is tried again. */
const PARTIAL_KEPT_MS = 10_000;
const PARTIAL_RETRY_MS = 1_000;
/** URLs remembered as candidates for the warm-up, and how many of the most asked are warmed. */
const VISITED_KEPT = 500;
const WARMED_PAGES = 6;

export interface PageRendersOptions {
  config: ServerConfig;
  cache: PageStore;
  pools: RenderPools;
  templates: ShellTemplates;
  /** Where the renders' CMS reads are counted. */
  metrics?: ServerMetrics;
  /** Told of every render that left a remote to the browser or lacked the CMS's answer, and why. */
  onFallback?: (fallback: RenderFallback) => void;
  /** A contribution to one of the page's slots was left out of its server render. */
  onSlotFailure?: (failure: SlotFailure, url: string) => void;
  log: {
    info(object: object, message: string): void;
    warn(object: object, message: string): void;
    error(object: object, message: string): void;
  };
}

/** A server render that did not render the page whole: its URL, its status and why (a throw, the time limit, no entry, the CMS). */
export interface RenderFallback {
  url: string;
  status: number;
  reason: string;
}

export function createPageRenders({
  config,
  cache,
  pools,
  templates,
  log,
  onFallback,
  onSlotFailure,
  metrics,
}: PageRendersOptions) {
  const preload = createPreloadHints(config);
  const overruns = createSlotOverruns(config.rendering.slotTimeLimitMs);
  const flights = new Map<string, Promise<Rendered>>();
  const partials = new Map<string, { page: CachedPage; retryAt: number }>();
  const visited = new Map<string, number>();

  /** The remote's code for the page it rendered: its entry and app module, and the page's own chunk. */
  async function remoteHints(snapshot: LiveSnapshot, app: RemoteName, url: string, entry: RegistryEntry) {
    const chunk = findPageRoute({ [app]: snapshot.pages[app] ?? [] }, new URL(url, 'http://page').pathname)?.route
      .chunk;
    const appHints = await preload.remote(app, entry);
    // A chunk the app module loads too (a library both use) is hinted once.
    const pageHints = chunk
      ? (await preload.pageChunk(app, entry, chunk)).filter((hint) => !appHints.some(({ href }) => href === hint.href))
      : [];
    return [...appHints, ...pageHints];
  }

  async function assemble(
    snapshot: LiveSnapshot,
    url: string,
    outcome: Extract<RenderOutcome, { kind: 'page' }>,
  ): Promise<string> {
    const shellVersion = snapshot.live.versions.shell as string;
    const remoteVersion = outcome.remote ? snapshot.live.versions[outcome.remote.app] : undefined;
    const remoteEntry = outcome.remote ? snapshot.remotes[outcome.remote.app] : undefined;
    const hints = [
      ...(outcome.remote && remoteEntry && config.rendering.remotePreloadHints
        ? await remoteHints(snapshot, outcome.remote.app, url, remoteEntry)
        : []),
      ...(await preload.font(shellVersion)),
    ];
    const publicPaths: Record<string, string> = { [publicPathPlaceholder('shell')]: `/builds/shell/${shellVersion}/` };
    // The remote's images in the rendered markup come from where its code does: its asset origin.
    if (outcome.remote && remoteVersion)
      publicPaths[publicPathPlaceholder(outcome.remote.app)] = versionFileUrl(
        outcome.remote.app,
        remoteVersion,
        '',
        config.assetOrigins,
      );
    return assemblePage((await templates.of(snapshot)).html, {
      shellHtml: outcome.shellHtml,
      shellError: outcome.shellError,
      head: outcome.head,
      shellTitle: outcome.shellTitle,
      remote: outcome.remote,
      slotCss: outcome.slotCss,
      registry: snapshot.remotes,
      incompatible: snapshot.incompatible,
      preload: hints,
      publicPaths,
      siteUrl: config.siteUrl,
    });
  }

  /**
   * One server render of a URL. A good page (rendered whole, not a 5xx) is kept in the cache, a
   * partial one briefly (above); a CMS that could not answer (503), and a worker that failed are
   * not: the caller serves the last good render instead when there is one.
   */
  async function renderOnce(task: PageRenderTask): Promise<Rendered> {
    const { snapshot } = task;
    let outcome: RenderOutcome;
    try {
      outcome = await pools.render(snapshot.stamp.id, {
        url: task.url,
        buildsDir: config.buildsDir,
        versions: snapshot.live.versions,
        pages: snapshot.pages,
        navigation: registryNavigation(snapshot.remotes),
        incompatible: snapshot.incompatible,
        contributions: registryContributions(snapshot.remotes),
        slotTimeLimitMs: config.rendering.slotTimeLimitMs,
        disabledContributions: overruns.disabledFor(snapshot.live.versions),
        config: { ...config.runtime, buildId: snapshot.stamp.id },
        cmsInternalUrl: config.cmsInternalUrl,
        siteReadSecret: config.siteReadSecret,
        renderTimeLimitMs: config.rendering.renderTimeLimitMs,
        dataWaitMs: task.dataWaitMs,
        userAgent: task.userAgent,
        requestId: task.requestId,
      });
    } catch (error) {
      log.error({ err: error, url: task.url, reqId: task.requestId }, 'server render failed');
      return { kind: 'failed' };
    }
    if (outcome.kind !== 'page') return outcome.kind === 'redirect' ? outcome : { kind: 'browser' };
    for (const call of outcome.cmsCalls) metrics?.cmsCall('render', call);
    if (outcome.fallback) {
      const fallback = { url: task.url, status: outcome.status, reason: outcome.fallback };
      // The request that started the render (others may have joined it) names it in the log.
      log.warn(
        { ...fallback, reqId: task.requestId },
        outcome.status === 503 ? 'the CMS did not answer' : 'remote left to the browser',
      );
      onFallback?.(fallback);
    }
    for (const failure of outcome.slotFailures) {
      // The contribution's app failed, not the page: it is counted against that app's version.
      log.warn({ ...failure, url: task.url, reqId: task.requestId }, 'slot contribution left to the browser');
      onSlotFailure?.(failure, task.url);
    }
    for (const disabled of overruns.record(outcome.slotFailures)) {
      log.error({ ...disabled, url: task.url }, 'slot contribution disabled on this server: it blocked its host');
      metrics?.slotContributionsDisabled.inc({ app: disabled.app, version: disabled.version });
    }
    const html = await assemble(snapshot, task.url, outcome);
    const page: CachedPage = {
      status: outcome.status,
      html,
      etag: etagOf(html),
      collections: outcome.collections,
      renderedAt: Date.now(),
    };
    const good = !outcome.fallback && outcome.status < 500;
    const partial = Boolean(outcome.fallback) && outcome.status !== 503;
    if (good) {
      partials.delete(task.cacheKey);
      await cache.set(task.cacheKey, page);
    } else if (partial) {
      keepPartial(task.cacheKey, page);
    }
    return { kind: 'page', page, good, xRender: partial ? 'partial' : 'server', renderMs: outcome.renderMs };
  }

  function keepPartial(key: string, page: CachedPage): void {
    partials.delete(key);
    partials.set(key, { page, retryAt: Date.now() + PARTIAL_RETRY_MS });
    for (const [oldest, kept] of partials) {
      if (partials.size <= config.rendering.cacheEntries && Date.now() - kept.page.renderedAt < PARTIAL_KEPT_MS) break;
      partials.delete(oldest);
    }
  }

  /**
   * The render of this page under way, joined; or a new one, which others then join. `admit` is
   * asked only when a new render starts (the render limit of the client asking): it is taken
   * after the render is registered, so a crowd arriving together still starts one render.
   */
  function render(
    task: PageRenderTask,
    admit?: () => Promise<boolean>,
  ): { rendered: Promise<Rendered>; started: boolean } {
    const underWay = flights.get(task.cacheKey);
    if (underWay) return { rendered: underWay, started: false };
    const flight = (async (): Promise<Rendered> =>
      admit && !(await admit()) ? { kind: 'refused' } : renderOnce(task))().finally(() =>
      flights.delete(task.cacheKey),
    );
    flights.set(task.cacheKey, flight);
    return { rendered: flight, started: true };
  }

  return {
    render,

    /**
     * The page's partial render while it stands in for the page (null otherwise); its full render
     * is tried again in the background, at most once a second.
     */
    partial(task: PageRenderTask): CachedPage | null {
      const kept = partials.get(task.cacheKey);
      if (!kept || Date.now() - kept.page.renderedAt >= PARTIAL_KEPT_MS) return null;
      if (Date.now() >= kept.retryAt && !flights.has(task.cacheKey)) {
        kept.retryAt = Date.now() + PARTIAL_RETRY_MS;
        void render(task).rendered;
      }
      return kept.page;
    },

    /** A page a visitor asked for: the most asked are rendered first into a new live set. */
    visited(url: string): void {
      visited.set(url, (visited.get(url) ?? 0) + 1);
      if (visited.size > VISITED_KEPT) {
        // Forget the least asked half, and let the rest age.
        const ranked = [...visited].sort((a, b) => b[1] - a[1]);
        visited.clear();
        for (const [kept, count] of ranked.slice(0, VISITED_KEPT / 2)) visited.set(kept, Math.ceil(count / 2));
      }
    },

    /**
     * Prepares live sets before their visitors come: each one's render workers load its server
     * entries, then the pages visitors asked for most are rendered into the cache for it. Returns
     * how many pages it rendered (those already cached are left as they are).
     */
    async warm(snapshots: readonly LiveSnapshot[]): Promise<number> {
      const urls = [...visited]
        .sort((a, b) => b[1] - a[1])
        .slice(0, WARMED_PAGES)
        .map(([url]) => url);
      let rendered = 0;
      for (const snapshot of snapshots) {
        const { live, stamp } = snapshot;
        await pools.prepare(stamp.id, {
          buildsDir: config.buildsDir,
          versions: live.versions,
        });
        for (const url of urls) {
          const cacheKey = PageCache.key(stamp.id, url);
          if (await cache.get(cacheKey)) continue;
          await render({ url, userAgent: '', cacheKey, snapshot, dataWaitMs: 0 }).rendered;
          rendered += 1;
        }
      }
      return rendered;
    },
  };
}

export type PageRenders = ReturnType<typeof createPageRenders>;
