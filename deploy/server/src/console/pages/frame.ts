/**
 * The frame of every console page (one module per page beside this one): in Persian and right to
 * left like the site, readable on a phone, in light and dark (prefers-color-scheme). Plain
 * server-rendered HTML: every page works without its script, which only keeps the live parts
 * (`data-live-region`) current.
 */
import { REMOTE_FAILURE_KINDS } from '@steel/contract';
import { html, type Html, toText, trusted } from '../html';
import { CONSOLE_PATH } from '../console-session';

export const SCRIPT_PATH = `${CONSOLE_PATH}/console.js`;

const STYLE = `
:root{color-scheme:light dark;--bg:#fff;--fg:#1a1a1a;--muted:#555;--line:#c8c8c8;--accent:#0b57d0;--card:#f4f6f8;--bad:#b3261e;--good:#1b6e2d;
--views:#b9c6d6;--k0:#8c2d04;--k1:#c2410c;--k2:#a16207;--k3:#7c3aed;--k4:#be185d;--k5:#b3261e;--k6:#0f766e;--k7:#1d4ed8;--rate:#111}
@media (prefers-color-scheme:dark){:root{--bg:#121417;--fg:#ececec;--muted:#b8b8b8;--line:#4a4f55;--accent:#8ab4f8;--card:#1e2227;--bad:#f2b8b5;--good:#8fd19e;
--views:#3b4a5c;--k0:#fdba74;--k1:#fb923c;--k2:#fde047;--k3:#c4b5fd;--k4:#f9a8d4;--k5:#f87171;--k6:#5eead4;--k7:#93c5fd;--rate:#fff}}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--fg);font-family:Vazirmatn,Tahoma,sans-serif;line-height:1.8}
a{color:var(--accent)}
header,main,footer{max-width:64rem;margin:0 auto;padding:0 1rem}
header{display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:center;justify-content:space-between;border-bottom:1px solid var(--line);padding-block:.5rem}
section{margin-block:1.5rem}
figure{margin:0}
.card{background:var(--card);border:1px solid var(--line);border-radius:.5rem;padding:.75rem 1rem}
.grid{display:grid;gap:1rem;grid-template-columns:repeat(auto-fit,minmax(min(100%,20rem),1fr))}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem .75rem;margin:0}dt{color:var(--muted)}dd{margin:0}
form.inline{display:inline}
label{display:block;margin-block:.25rem}
input,select,button{font:inherit;padding:.35rem .6rem;border-radius:.35rem;border:1px solid var(--line);background:var(--bg);color:var(--fg);min-height:2.5rem}
button{background:var(--accent);color:var(--bg);border-color:var(--accent);cursor:pointer}
button.secondary{background:transparent;color:var(--accent)}
:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
.bad{color:var(--bad)}.good{color:var(--good)}
.chart{width:100%;height:auto;direction:ltr}
.chart .views{fill:var(--views)}.chart .rate{fill:none;stroke:var(--rate);stroke-width:2}
.chart .axis{stroke:var(--line)}.chart .label,.chart .step text{fill:var(--fg);font-size:16px}
.chart .step line{stroke:var(--accent);stroke-dasharray:4 3;stroke-width:2}.chart .step.auto line{stroke:var(--bad)}
${REMOTE_FAILURE_KINDS.map((kind, i) => `.chart .kind-${kind},.swatch.kind-${kind}{fill:var(--k${i % 8});background:var(--k${i % 8})}`).join('')}
.swatch{display:inline-block;width:.8rem;height:.8rem;border-radius:2px;margin-inline-end:.3rem;vertical-align:middle}
.swatch.views{background:var(--views)}.swatch.rate{background:var(--rate);height:.2rem}
.legend{display:flex;flex-wrap:wrap;gap:.25rem 1rem;padding:0;list-style:none;font-size:.9rem}
table{border-collapse:collapse;width:100%;font-size:.9rem}th,td{border-bottom:1px solid var(--line);padding:.25rem .4rem;text-align:start}
ol.timeline{list-style:none;padding:0;margin:0}ol.timeline li{border-inline-start:3px solid var(--line);padding:.25rem .75rem;margin-block:.5rem}
ol.timeline li.auto{border-color:var(--bad)}
.notice{border-inline-start:4px solid var(--good);padding:.5rem 1rem;background:var(--card)}
.error{border-inline-start:4px solid var(--bad);padding:.5rem 1rem;background:var(--card)}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
`;

export interface Viewer {
  name: string;
  /** The key's app, or `platform` (sees every app). */
  app: string;
}

/** A whole page: the console's frame around `body`. */
export function page(
  title: string,
  body: Html,
  viewer: Viewer | null,
  options: { script?: boolean; refreshSeconds?: number } = {},
): string {
  return `<!doctype html>${toText(
    html`<html lang="fa" dir="rtl">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width,initial-scale=1" />
        <meta name="robots" content="noindex" />
        <link rel="icon" href="data:," />
        <title>${title} — کنسول انتشار</title>
        <style>
          ${trusted(STYLE)}
        </style>
        ${options.script ? html`<script src="${SCRIPT_PATH}" defer></script>` : ''}
        ${
          options.refreshSeconds
            ? html`<noscript><meta http-equiv="refresh" content="${String(options.refreshSeconds)}" /></noscript>`
            : ''
        }
      </head>
      <body>
        <header>
          <a href="${CONSOLE_PATH}">کنسول انتشار</a>${
            viewer
              ? html`<span>کلید: <strong data-testid="key-name">${viewer.name}</strong></span>
                  <form class="inline" method="post" action="${CONSOLE_PATH}/sign-out">
                    <button type="submit" class="secondary">خروج</button>
                  </form>`
              : ''
          }
        </header>
        <main id="main">${body}</main>
      </body>
    </html>`,
  )}`;
}

/** A time as the console shows it: Persian digits, in UTC, said so. */
export const when = (iso: string | number) => {
  const date = new Date(iso);
  return html`<time datetime="${date.toISOString()}"
    >${date.toLocaleString('fa-IR', { timeZone: 'UTC', hour12: false })} (UTC)</time
  >`;
};
