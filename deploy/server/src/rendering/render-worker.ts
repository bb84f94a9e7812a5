/**
 * One page render, in a worker thread of the render pool (docs/architecture.md, "How a page reaches the screen"): the shell decides
 * where the URL goes, the owning remote renders its page with its data inside a time limit, and
 * the shell renders the layout around it. A remote that is missing, throws or overruns its time limit
 * is logged and left to the browser; the page still works.
 */
import type {
  AppError,
  PageHead,
  RemoteName,
  RemoteNavigation,
  RemotePages,
  RemoteRenderResult,
  RemoteServerEntry,
  RuntimeConfig,
  ShellServerEntry,
  SlotContributions,
} from '@steel/contract';
import { threadId } from 'node:worker_threads';
import { type CmsCall, runInContext } from '../observability/request-context';
import { loadServerEntry, serverEntryPath } from './load-server-entry';
import { watchCmsReads, trackCmsReads, type CmsReads } from './site-reads';
import { fillSlots, type SlotFailure } from './slot-contributions';

export interface RenderTask {
  /** pathname + search. */
  url: string;
  buildsDir: string;
  versions: Record<string, string>;
  /** The live remotes' pages: the shell routes by them. */
  pages: RemotePages;
  /** The live remotes' navigation trees: with the pages' places, the shell's menus. */
  navigation: RemoteNavigation;
  /** Live remotes that cannot run beside the live shell, and why: never rendered. */
  incompatible: Record<RemoteName, string>;
  /** Each extension slot's live contributions, in order: the page's slots are filled with them. */
  contributions: SlotContributions;
  /** Time limit of one contribution's server render. */
  slotTimeLimitMs: number;
  /** Contributions of live versions the server no longer renders (slot-overruns.ts), by app, and why. */
  disabledContributions: Record<RemoteName, string>;
  config: RuntimeConfig;
  cmsInternalUrl: string;
  siteReadSecret: string | null;
  renderTimeLimitMs: number;
  /**
   * How long a page may wait for the CMS past `renderTimeLimitMs` when its data is all that is missing
   * (0: not at all). The page route gives a page with no good copy this wait, so that a CMS that
   * is slow still gets its page rendered and one that is stalled gets the 503 page, never an
   * empty 200 for the browser to fill; a page with a last good render serves that instead.
   */
  dataWaitMs: number;
  userAgent: string;
  /** The id of the request the render is for: its CMS reads carry it (`x-request-id`). */
  requestId?: string;
}

/** What a new pool's threads load before their first render. */
export interface WarmTask {
  buildsDir: string;
  versions: RenderTask['versions'];
}

export type RenderOutcome =
  /** The live shell has no server entry: serve the client-rendered page. */
  | { kind: 'browser'; reason: string }
  | { kind: 'redirect'; status: 301 | 302; location: string }
  | {
      kind: 'page';
      status: number;
      shellHtml: string;
      shellError: (AppError & { url: string }) | null;
      head: PageHead | null;
      /** The shell's own title (404 view, error page) when no remote head applies. */
      shellTitle: string | null;
      remote: { app: RemoteName; version: string; css: string; state: unknown } | null;
      /** The stylesheets of the apps whose contributions are in the page's slots. */
      slotCss: Record<RemoteName, string>;
      /** Contributions left out of the page's slots, and why (reported as their apps' failures). */
      slotFailures: SlotFailure[];
      collections: string[];
      /** Why the owning remote was left to the browser (logged; such a page is not cached). */
      fallback: string | null;
      renderMs: number;
      /** The render's CMS reads (the server's metrics count them: this thread has none of its own). */
      cmsCalls: CmsCall[];
    };

class TimeLimitExceeded extends Error {}

/** The page waited for the CMS as long as it may: its data cannot be had. */
class DataUnavailable extends Error {
  readonly statusCode = 503;
}

/**
 * Settles like `work`, or rejects once `renderTimeLimitMs` have passed — unless the work is then waiting
 * for the CMS alone (a read under way) and `dataWaitMs` allows more: it then has until
 * `renderTimeLimitMs + dataWaitMs`, after which its reads are aborted and the page's data is unavailable.
 */
function withinTimeLimit<T>(
  work: Promise<T>,
  reads: CmsReads,
  renderTimeLimitMs: number,
  dataWaitMs: number,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      if (reads.pending === 0 || dataWaitMs <= 0)
        return reject(new TimeLimitExceeded(`over its ${renderTimeLimitMs} ms render time limit`));
      timer = setTimeout(
        () => reject(new DataUnavailable(`the CMS did not answer within ${renderTimeLimitMs + dataWaitMs} ms`)),
        dataWaitMs,
      );
    }, renderTimeLimitMs);
  });
  // A render given up on stops asking the CMS: a stalled CMS keeps no connection of ours open.
  return Promise.race([work, timeout]).finally(() => {
    clearTimeout(timer);
    reads.abort();
  });
}

const notFound = (url: string): AppError => ({
  statusCode: 404,
  statusMessage: 'Page Not Found',
  message: `Page Not Found: ${url}`,
  fatal: true,
});

/**
 * The CMS answered, and refused the read (400, 404): a slug too long or no such entry — the
 * address shows no page. A not-found page then, kept in the cache like any 404, not a 503 that
 * reports the CMS down and renders again at every repeat. A remote's server render wraps the
 * CMS's error as the `cause` of the 503 it throws (mf-shared's ContentUnavailableError).
 */
function cmsRefusedTheRead(failure: unknown): boolean {
  const { statusCode, cause } = (failure ?? {}) as { statusCode?: number; cause?: { status?: unknown } };
  return statusCode === 503 && (cause?.status === 400 || cause?.status === 404);
}

const contentUnavailable = (url: string): AppError => ({
  statusCode: 503,
  statusMessage: 'Service Unavailable',
  message: `Content unavailable: ${url}`,
  fatal: true,
});

/**
 * Loads the live set's server entries in this thread, then waits until every thread of the pool
 * has done the same (`barrier` counts them; rendering/render-pool.ts runs one warm task a thread).
 */
export function warm(task: WarmTask & { barrier: Int32Array; threads: number }): number {
  for (const [app, version] of Object.entries(task.versions))
    if (version) loadServerEntry(serverEntryPath(task.buildsDir, app, version));
  Atomics.add(task.barrier, 0, 1);
  Atomics.notify(task.barrier, 0);
  const deadline = Date.now() + 10_000;
  for (
    let seen = Atomics.load(task.barrier, 0);
    seen < task.threads && Date.now() < deadline;
    seen = Atomics.load(task.barrier, 0)
  ) {
    Atomics.wait(task.barrier, 0, seen, deadline - Date.now());
  }
  return threadId;
}

export default async function renderPage(task: RenderTask): Promise<RenderOutcome> {
  const cmsCalls: CmsCall[] = [];
  return runInContext({ requestId: task.requestId, onCmsCall: (call) => cmsCalls.push(call) }, () =>
    renderInContext(task, cmsCalls),
  );
}

async function renderInContext(task: RenderTask, cmsCalls: CmsCall[]): Promise<RenderOutcome> {
  const started = performance.now();
  watchCmsReads(task.cmsInternalUrl, task.siteReadSecret);
  const shellVersion = task.versions.shell;
  const shell = shellVersion
    ? loadServerEntry<ShellServerEntry>(serverEntryPath(task.buildsDir, 'shell', shellVersion))
    : null;
  if (!shell) return { kind: 'browser', reason: 'the live shell has no server entry' };

  const decision = shell.decideRoute(task.url, task.pages);
  // Permanent, unless the shell chose the target by the live apps (302: the next deploy may change it).
  if (decision.redirect)
    return {
      kind: 'redirect',
      status: decision.status === 302 ? 302 : 301,
      location: decision.redirect,
    };
  if (decision.rendering === 'browser') return { kind: 'browser', reason: 'a page rendered in the browser' };

  let status = decision.status;
  let fallback: string | null = null;
  let rendered: RemoteRenderResult | null = null;
  let error: AppError | undefined;
  const app = decision.app;
  const version = app ? task.versions[app] : undefined;
  const incompatible = app ? task.incompatible[app] : undefined;
  if (app && incompatible) {
    // A remote that breaks the contract is not run here either: the browser shows it contained.
    fallback = `${app}@${version ?? '?'} is incompatible with the live shell: ${incompatible}`;
  } else if (app && version) {
    try {
      const entry = loadServerEntry<RemoteServerEntry>(serverEntryPath(task.buildsDir, app, version));
      const render = entry?.render?.bind(entry);
      if (!render) throw new Error('no server render in this version');
      const reads = trackCmsReads();
      rendered = await withinTimeLimit(
        reads.run(() => render({ url: task.url, config: task.config, cmsUrl: task.cmsInternalUrl })),
        reads,
        task.renderTimeLimitMs,
        task.dataWaitMs,
      );
      status = rendered.status;
      if (rendered.status === 404) error = notFound(task.url);
    } catch (failure) {
      if (cmsRefusedTheRead(failure)) {
        status = 404;
        error = notFound(task.url);
      } else if ((failure as { statusCode?: number }).statusCode === 503) {
        status = 503;
        error = contentUnavailable(task.url);
        fallback = `${app}@${version}: ${(failure as Error).message}`;
      } else {
        fallback = `${app}@${version}: ${(failure as Error)?.message ?? failure}`;
      }
      rendered = null;
    }
  } else if (app) {
    fallback = `${app}: no live version`;
  }

  const slotContext = {
    contributions: task.contributions,
    versions: task.versions,
    incompatible: task.incompatible,
    buildsDir: task.buildsDir,
    config: task.config,
    cmsUrl: task.cmsInternalUrl,
    timeLimitMs: task.slotTimeLimitMs,
    disabled: task.disabledContributions,
  };
  // The remote's slots are filled before the shell puts its markup in the layout, the layout's after.
  const remoteSlots = rendered?.slots?.length
    ? await fillSlots(rendered.html, rendered.slots, slotContext, 'slot-r')
    : null;
  const shellResult = shell.renderShell({
    url: task.url,
    pages: task.pages,
    navigation: task.navigation,
    config: task.config,
    userAgent: task.userAgent,
    ...(rendered && app ? { remote: { app, html: remoteSlots?.html ?? rendered.html, url: task.url } } : {}),
    ...(error ? { error } : {}),
  });
  const shellSlots = shellResult.slots?.length
    ? await fillSlots(shellResult.html, shellResult.slots, slotContext, 'slot-s')
    : null;
  return {
    kind: 'page',
    status,
    shellHtml: shellSlots?.html ?? shellResult.html,
    shellError: shellResult.error,
    head: rendered?.head ?? null,
    shellTitle: shellResult.title,
    remote: rendered && app && version ? { app, version, css: rendered.css, state: rendered.state } : null,
    slotCss: { ...shellSlots?.css, ...remoteSlots?.css },
    slotFailures: [...(remoteSlots?.failures ?? []), ...(shellSlots?.failures ?? [])],
    collections: rendered?.collections ?? [],
    fallback,
    renderMs: performance.now() - started,
    cmsCalls,
  };
}
