/**
 * The served HTML of a server-rendered page (docs/architecture.md, "How a page reaches the screen"): the live shell's index.html with
 * the page's head tags, the rendered remote's stylesheet, preload hints for the owning remote's
 * code and the font, the layout and page markup, and — as JSON — the remote registry used for
 * this render, the shell's state and the remote's dehydrated query cache.
 */
import { headTagsHtml } from '@steel/shared/head-tags';
import type { EmbeddedShellState, IncompatibleRemotes, PageHead, RemoteRegistry } from '@steel/contract';
import { jsonForScript } from './shell-page-template';

export interface PreloadHint {
  href: string;
  as: 'script' | 'font' | 'fetch';
  integrity?: string;
  /** Scripts: whether the script is fetched with CORS (it is on another origin than the page). */
  crossorigin?: boolean;
}

export interface PageParts {
  shellHtml: string;
  shellError: EmbeddedShellState['error'];
  head: PageHead | null;
  shellTitle: string | null;
  remote: { app: string; css: string; state: unknown } | null;
  /** The stylesheets of the apps contributing to the page's slots (a contributor's `./slots` adopts its own). */
  slotCss?: Readonly<Record<string, string>>;
  registry: Partial<RemoteRegistry>;
  /** The registry's remotes that cannot run beside this page's shell, and why. */
  incompatible: IncompatibleRemotes;
  /**
   * URLs the browser should fetch before it meets them (the remote's entry and page chunk, the
   * font), with the integrity and CORS mode the later request will have: a preload is reused only
   * when both match.
   */
  preload: ReadonlyArray<PreloadHint>;
  /** Placeholders in rendered markup (asset URLs) → each app's version folder. */
  publicPaths: Readonly<Record<string, string>>;
  siteUrl: string;
}

const TITLE_RE = /<title>[\s\S]*?<\/title>/i;
const SHELL_ROOT_RE = /<div id="shell-root"><\/div>/;

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
/** A stylesheet from a build, inside <style>: nothing in it may close the element. */
const styleText = (css: string) => css.replace(/<\/style/gi, '<\\/style');

function preloadTag({ href, as, integrity, crossorigin }: PreloadHint): string {
  // Fonts and fetches are CORS requests: without `crossorigin` the preload would not be reused.
  const cors = as === 'script' && !crossorigin ? '' : ' crossorigin';
  const sri = integrity ? ` integrity="${escapeAttribute(integrity)}"` : '';
  return `<link rel="preload" as="${as}" href="${escapeAttribute(href)}"${sri}${cors}>`;
}

const jsonScript = (id: string, value: unknown) =>
  `<script type="application/json" id="${id}">${jsonForScript(value)}</script>`;

/** The state the shell starts from: the error the page shows, if any, and the server's compatibility verdicts. */
const shellStateScript = (error: EmbeddedShellState['error'], incompatible: IncompatibleRemotes) =>
  jsonScript('shell-state', { error, incompatible } satisfies EmbeddedShellState);

/**
 * The page the browser renders by itself (panel, sign-in, any render fallback): the template with
 * the registry and the verdicts on it, so the shell knows every live remote's pages before its
 * first route decision.
 */
export function clientRenderedPage(
  template: string,
  registry: Partial<RemoteRegistry>,
  incompatible: IncompatibleRemotes,
): string {
  return template.replace(
    SHELL_ROOT_RE,
    (root) => `${root}${jsonScript('remote-registry', registry)}${shellStateScript(null, incompatible)}`,
  );
}

export function assemblePage(template: string, parts: PageParts): string {
  const headTags = parts.head
    ? headTagsHtml(parts.head, parts.siteUrl)
    : `<title>${escapeAttribute(parts.shellTitle ? `${parts.shellTitle} | بازار آهن‌آلات` : 'بازار آهن‌آلات')}</title>`;
  const extraHead = [
    ...parts.preload.map(preloadTag),
    parts.remote ? `<style data-app="${parts.remote.app}">${styleText(parts.remote.css)}</style>` : '',
    ...Object.entries(parts.slotCss ?? {}).map(
      ([app, css]) => `<style data-slot-css="${escapeAttribute(app)}">${styleText(css)}</style>`,
    ),
  ].join('\n');
  const embedded = [
    jsonScript('remote-registry', parts.registry),
    shellStateScript(parts.shellError, parts.incompatible),
    parts.remote ? jsonScript(`query-state-${parts.remote.app}`, parts.remote.state) : '',
  ].join('');

  let markup = parts.shellHtml;
  for (const [placeholder, publicPath] of Object.entries(parts.publicPaths))
    markup = markup.split(placeholder).join(publicPath);

  let html = TITLE_RE.test(template)
    ? template.replace(TITLE_RE, () => headTags)
    : template.replace(/<\/head>/i, () => `${headTags}</head>`);
  html = html.replace(/<\/head>/i, () => `${extraHead}</head>`);
  return html.replace(SHELL_ROOT_RE, () => `<div id="shell-root">${markup}</div>${embedded}`);
}
