/**
 * Turns the live shell's index.html into the page every app route answers (docs/architecture.md, "How a page reaches the screen"):
 * runtime config embedded as JSON, `<html lang="fa" dir="rtl">` guaranteed.
 */
import { createHash } from 'node:crypto';
import type { RuntimeConfig, RUNTIME_CONFIG_ELEMENT_ID } from '@steel/contract';
import { publicPathPlaceholder } from '../live-set/builds-folder';

// Mirrors @steel/shared's constant; the annotation fails the type check if they ever differ.
export const CONFIG_ELEMENT_ID: typeof RUNTIME_CONFIG_ELEMENT_ID = 'runtime-config';

/**
 * JSON that is safe inside a <script> element: `<` is escaped so no `</script>` or `<!--` can
 * end or bend the element, and U+2028/2029 are escaped for any consumer that evals as JS.
 * JSON.parse reads the escapes back to the same characters.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const HTML_OPEN_RE = /<html\b([^>]*)>/i;
// A placeholder element the template may carry (e.g. for the dev server) is replaced, not doubled.
const CONFIG_ELEMENT_RE = new RegExp(
  `<script\\b[^>]*\\bid=["']?${CONFIG_ELEMENT_ID}["']?[^>]*>[\\s\\S]*?</script>`,
  'i',
);

export function renderShellPage(template: string, config: RuntimeConfig, shellPublicPath = '/'): string {
  const tag = `<script type="application/json" id="${CONFIG_ELEMENT_ID}">${jsonForScript(config)}</script>`;
  let html = template.split(publicPathPlaceholder('shell')).join(shellPublicPath);

  if (CONFIG_ELEMENT_RE.test(html)) {
    html = html.replace(CONFIG_ELEMENT_RE, () => tag);
  } else if (/<\/head>/i.test(html)) {
    html = html.replace(/<\/head>/i, () => `${tag}</head>`);
  } else {
    // No head (unusual template): the element still has to come before any script reads it.
    html = html.replace(HTML_OPEN_RE, (open) => `${open}<head>${tag}</head>`);
  }

  if (HTML_OPEN_RE.test(html)) {
    html = html.replace(HTML_OPEN_RE, (_open, attrs: string) => {
      const rest = attrs.replace(/\s+(lang|dir)\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi, '');
      return `<html lang="fa" dir="rtl"${rest}>`;
    });
  } else {
    html = html.replace(
      /^(\s*<!doctype[^>]*>)?/i,
      (doctype) => `${doctype || '<!doctype html>'}<html lang="fa" dir="rtl">`,
    );
  }
  return html;
}

/** Shown while no build is live (fresh checkout, or BUILDS_DIR pointing at the wrong place). */
export const NO_BUILD_PAGE = `<!doctype html>
<html lang="fa" dir="rtl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>سایت در حال به‌روزرسانی است</title></head>
<body style="font-family:system-ui,sans-serif;text-align:center;padding:4rem 1rem">
<h1>سایت در حال به‌روزرسانی است</h1>
<p>لطفاً چند دقیقه دیگر دوباره سر بزنید.</p>
<p dir="ltr" lang="en">No build is live yet: run <code>npm run build</code></p>
</body></html>
`;

/** Hashes of the executable inline scripts of an HTML document (data blocks and external scripts skipped). */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? '';
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    if (type && !['text/javascript', 'module', 'application/javascript'].includes(type)) continue;
    hashes.push(
      createHash('sha256')
        .update(match[2] ?? '', 'utf8')
        .digest('base64'),
    );
  }
  return [...new Set(hashes)];
}
