/**
 * The strip a visitor with an override sees at the bottom of every page: which versions are tried
 * in their browser alone, until when, and a button that drops them (override-links.ts).
 */
import { OVERRIDE_CLEAR_PATH, type Override } from '../live-set/override-cookies';
import { SHELL } from '../live-set/builds-folder';

const timeOfDay = new Intl.DateTimeFormat('fa-IR', { hour: '2-digit', minute: '2-digit', timeZone: 'Asia/Tehran' });

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** An app as the strip names it: the shell, or a remote by its registered name. */
const appLabel = (app: string) =>
  app === SHELL ? 'پوسته' : `برنامهٔ <bdi dir="ltr" style="font-family:monospace">${escapeHtml(app)}</bdi>`;

/** The strip a page carries while overrides are active (empty without any). */
export function overrideStrip(overrides: readonly Override[]): string {
  if (overrides.length === 0) return '';
  const items = overrides
    .map(
      (o) =>
        `<li style="display:inline;margin-inline-end:1rem">${appLabel(o.app)} <bdi dir="ltr" style="font-family:monospace">${escapeHtml(o.version)}</bdi> تا ${timeOfDay.format(o.expiresAt)}</li>`,
    )
    .join('');
  // Inline styles: the strip belongs to no app's stylesheet, and must read the same in light and dark mode.
  return (
    `<aside id="steel-override-strip" role="region" aria-label="نسخه‌های آزمایشی" dir="rtl" lang="fa" ` +
    `style="position:fixed;inset-inline:0;bottom:0;z-index:2147483647;display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:center;justify-content:space-between;padding:.5rem 1rem;background:#7c2d12;color:#fff;font:14px/1.6 Vazirmatn,Tahoma,sans-serif;box-shadow:0 -2px 8px rgba(0,0,0,.3)">` +
    `<div><strong>نسخهٔ آزمایشی، فقط برای شما:</strong> <ul style="display:inline;margin:0;padding:0;list-style:none">${items}</ul></div>` +
    `<form method="post" action="${OVERRIDE_CLEAR_PATH}" style="margin:0"><button type="submit" style="font:inherit;color:#7c2d12;background:#fff;border:0;border-radius:.375rem;padding:.25rem .75rem;cursor:pointer">برداشتن نسخه‌های آزمایشی</button></form>` +
    `</aside>`
  );
}

/** The page's HTML with the strip before </body>. */
export const withOverrideStrip = (html: string, strip: string) =>
  strip ? html.replace(/<\/body>/i, `${strip}</body>`) : html;
