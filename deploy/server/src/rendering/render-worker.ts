/**
 * One page render, in a worker thread of the render pool (docs/architecture.md, "How a page reaches the screen"): the shell decides
 * where the URL goes, the owning remote renders its page with its data inside a time budget, and
 * the shell renders the layout around it. A remote that is missing, throws or overruns its budget
 * is logged and left to the browser; the page still works.
 */
import type { AppError, PageHead, RemoteName, RemotePages, RemoteRenderResult, RemoteServerEntry, RuntimeConfig, ShellServerEntry } from '@steel/shared';
import { loadServerEntry, serverEntryPath } from './load-server-entry';
import { sendSiteReadSecret } from './site-reads';

export interface RenderTask {
  /** pathname + search. */
  url: string;
  buildsDir: string;
  versions: Partial<Record<'shell' | RemoteName, string>>;
  /** The live remotes' pages: the shell routes by them. */
  pages: RemotePages;
  /** Live remotes that cannot run beside the live shell, and why: never rendered. */
  incompatible: Partial<Record<RemoteName, string>>;
  config: RuntimeConfig;
  cmsInternalUrl: string;
  siteReadSecret: string | null;
  budgetMs: number;
  userAgent: string;
}

export type RenderOutcome =
  /** The live shell has no server entry: serve the client-rendered page. */
  | { kind: 'browser'; reason: string }
  | { kind: 'redirect'; status: 301; location: string }
  | {
      kind: 'page';
      status: number;
      shellHtml: string;
      shellError: (AppError & { url: string }) | null;
      head: PageHead | null;
      /** The shell's own title (404 view, error page) when no remote head applies. */
      shellTitle: string | null;
      remote: { app: RemoteName; version: string; css: string; state: unknown } | null;
      collections: string[];
      /** Why the owning remote was left to the browser (logged; such a page is not cached). */
      fallback: string | null;
      renderMs: number;
    };

class BudgetExceeded extends Error {}

function withinBudget<T>(work: Promise<T>, budgetMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new BudgetExceeded(`over its ${budgetMs} ms budget`)), budgetMs);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

const contentUnavailable = (url: string): AppError => ({
  statusCode: 503,
  statusMessage: 'Service Unavailable',
  message: `Content unavailable: ${url}`,
  fatal: true,
});

export default async function renderPage(task: RenderTask): Promise<RenderOutcome> {
  const started = performance.now();
  sendSiteReadSecret(task.cmsInternalUrl, task.siteReadSecret);
  const shellVersion = task.versions.shell;
  const shell = shellVersion ? loadServerEntry<ShellServerEntry>(serverEntryPath(task.buildsDir, 'shell', shellVersion)) : null;
  if (!shell) return { kind: 'browser', reason: 'the live shell has no server entry' };

  const decision = shell.decideRoute(task.url, task.pages);
  if (decision.redirect) return { kind: 'redirect', status: 301, location: decision.redirect };
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
      if (!entry?.render) throw new Error('no server render in this version');
      rendered = await withinBudget(entry.render({ url: task.url, config: task.config, cmsUrl: task.cmsInternalUrl }), task.budgetMs);
      status = rendered.status;
      if (rendered.status === 404) error = { statusCode: 404, statusMessage: 'Page Not Found', message: `Page Not Found: ${task.url}`, fatal: true };
    } catch (failure) {
      if ((failure as { statusCode?: number }).statusCode === 503) {
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

  const shellResult = shell.renderShell({
    url: task.url,
    pages: task.pages,
    config: task.config,
    userAgent: task.userAgent,
    ...(rendered && app ? { remote: { app, html: rendered.html, url: task.url } } : {}),
    ...(error ? { error } : {}),
  });
  return {
    kind: 'page',
    status,
    shellHtml: shellResult.html,
    shellError: shellResult.error,
    head: rendered?.head ?? null,
    shellTitle: shellResult.title,
    remote: rendered && app && version ? { app, version, css: rendered.css, state: rendered.state } : null,
    collections: rendered?.collections ?? [],
    fallback,
    renderMs: performance.now() - started,
  };
}
