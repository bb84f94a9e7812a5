/**
 * The contract between the app server's render workers and each app's server entry
 * (`dist/server/index.js` in the app's version folder, docs/architecture.md, "How a page reaches the screen"). Types only: the worker
 * loads the entries by path, so nothing of an app is compiled into the server.
 */
import type { AppError } from './errors';
import type { RemoteName } from './remotes';
import type { RuntimeConfig } from './runtime-config';
import type { PageHead } from './page-head';
import type { PageRoute, RemoteNavigation } from './app-manifest';
import type { SlotContribution, SlotHosts, SlotRenderRequest, SlotRenderResult, SlotRequest } from './slots';

export interface RemoteRenderRequest {
  /** pathname + search. */
  url: string;
  config: RuntimeConfig;
  /** The CMS as the server reaches it (may differ from the public `config.cmsUrl`). */
  cmsUrl?: string;
}

export interface RemoteRenderResult {
  /** 200, or 404 when the URL names nothing (unknown slug). */
  status: number;
  html: string;
  head: PageHead | null;
  /** The remote's dehydrated query cache (JSON): embedded in the page for that remote alone to read back. */
  state: unknown;
  /** The remote's stylesheet, for the page's head. */
  css: string;
  /** CMS collections the page read: the HTML cache drops the page when one of them changes. */
  collections: string[];
  /** The extension slots the page rendered, each a marker in `html` for the worker to fill. */
  slots?: SlotRequest[];
}

/**
 * What a remote's server entry exports: the contract version it was built against, the pages it
 * owns (its page list) and, when any page renders on the server, `render`. A CMS failure
 * rejects with `statusCode: 503`.
 */
export interface RemoteServerEntry {
  contract: string;
  pages: PageRoute[];
  render?(request: RemoteRenderRequest): Promise<RemoteRenderResult>;
  /** The slots its pages render (written into the app manifest by the build). */
  slotHosts?: SlotHosts;
  /** The slots it fills on other apps' pages, and their server render. */
  contributions?: SlotContribution[];
  renderSlot?(request: SlotRenderRequest): Promise<SlotRenderResult>;
}

/** Every live remote's pages, from the registry: the shell routes by them (browser and server). */
export type RemotePages = Partial<Record<RemoteName, readonly PageRoute[]>>;

export interface RouteDecision {
  /** Where a redirect of the route table sends this path (answered with `status`: 301, or 302 when the live apps chose it). */
  redirect: string | null;
  /** The remote that renders the page; null for an unknown path (the shell's 404 view). */
  app: RemoteName | null;
  /** Server-render the page (public routes), or leave it to the browser (panel, sign-in). */
  rendering: 'server' | 'browser';
  /** Status of the page when nothing below fails: 404 for a path no route owns. */
  status: number;
}

/** A remote's server-rendered HTML, put into its container by the shell's server render. */
export interface RemoteMarkup {
  app: RemoteName;
  html: string;
  /** The URL the markup was rendered for: the remote hydrates only on that URL. */
  url: string;
}

export interface ShellRenderRequest {
  url: string;
  /** The live remotes' pages (the registry this page is rendered with). */
  pages: RemotePages;
  /**
   * The live remotes' navigation trees (their registry entries' `navigation`): with the pages'
   * `nav`, the header, menu drawer and footer. None from an app server older than contract 1.6.
   */
  navigation?: RemoteNavigation;
  config: RuntimeConfig;
  remote?: RemoteMarkup;
  /** A fatal error to render instead of the page (the remote's 404, the CMS's 503). */
  error?: AppError;
  /** The visitor's user agent: a search engine never gets the error page (docs/behaviour.md, "Error pages"). */
  userAgent?: string;
}

export interface ShellRenderResult {
  html: string;
  /** The fatal error on the page, for the browser's shell store to start from. */
  error: (AppError & { url: string }) | null;
  /** The title of the shell's own pages (the 404 view, the error page); null otherwise. */
  title: string | null;
  /** The layout's slots, as a remote's `slots`. */
  slots?: SlotRequest[];
}

/** What the shell's server entry exports. */
export interface ShellServerEntry {
  contract: string;
  decideRoute(pathWithQuery: string, pages: RemotePages): RouteDecision;
  renderShell(request: ShellRenderRequest): ShellRenderResult;
}
