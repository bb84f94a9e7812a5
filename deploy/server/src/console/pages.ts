/**
 * The console's pages, in Persian and right to left like the site, readable on a phone, in light
 * and dark (prefers-color-scheme). Plain server-rendered HTML: every page works without its script,
 * which only keeps the live parts (`data-live-region`) current.
 */
import { REMOTE_FAILURE_KINDS } from '@steel/contract';
import type { ReleaseLogEntry } from '../release/release-log';
import { failureRate, type VersionFailures } from '../shared-state/failure-counts';
import { type AppView, CHART_MINUTES, type VersionFacts, viewFingerprint } from './app-view';
import { html, type Html, toText, trusted } from './html';
import { failureKindLabel, minuteSeries, versionChart } from './version-chart';
import { CONSOLE_PATH } from './console-session';

export const SCRIPT_PATH = `${CONSOLE_PATH}/console.js`;

export const ACTION_LABELS: Record<string, string> = {
  publish: 'انتشار',
  check: 'بررسی دروازه',
  activate: 'فعال‌سازی',
  refused: 'رد شده در دروازه',
  rollback: 'بازگشت',
  canary: 'قناری',
  promote: 'ارتقای قناری',
  abort: 'لغو قناری',
  'auto-abort': 'لغو خودکار قناری',
  'auto-rollback': 'بازگشت خودکار',
  override: 'پیوند آزمایشی',
  'app-add': 'ثبت برنامه',
  'app-remove': 'حذف برنامه',
};

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

const when = (iso: string | number) => {
  const date = new Date(iso);
  return html`<time datetime="${date.toISOString()}"
    >${date.toLocaleString('fa-IR', { timeZone: 'UTC', hour12: false })} (UTC)</time
  >`;
};

/** Why the sign-in page was reached from a session that ended (said to the person), if it was. */
const SESSION_ENDED = {
  expired: 'نشست شما پایان یافته است؛ دوباره وارد شوید.',
  revoked: 'کلید این نشست باطل شده است؛ با کلیدی معتبر وارد شوید.',
};

export function signInPage(error: string | null, ended: keyof typeof SESSION_ENDED | null): string {
  return page(
    'ورود',
    html`<h1>ورود به کنسول انتشار</h1>
      ${ended ? html`<p class="notice" role="status">${SESSION_ENDED[ended]}</p>` : ''}
      ${error ? html`<p class="error" role="alert">${error}</p>` : ''}
      <form method="post" action="${CONSOLE_PATH}/sign-in" class="card">
        <label for="key">کلید انتشار تیم یا کلید پلتفرم</label>
        <input id="key" name="key" type="password" autocomplete="off" required dir="ltr" spellcheck="false" />
        <p>کلید فقط برای ساختن نشستی کوتاه به کار می‌رود و در مرورگر نگه داشته نمی‌شود.</p>
        <button type="submit">ورود</button>
      </form>`,
    null,
  );
}

export function appsPage(viewer: Viewer, apps: readonly string[]): string {
  return page(
    'برنامه‌ها',
    html`<h1>برنامه‌ها</h1>
      <p>
        ${viewer.app === 'platform' ? 'کلید پلتفرم همهٔ برنامه‌ها را می‌بیند.' : 'کلید تیم فقط برنامهٔ خود را می‌بیند.'}
      </p>
      <ul>
        ${apps.map((app) => html`<li><a href="${CONSOLE_PATH}/apps/${app}">${app}</a></li>`)}
      </ul>`,
    viewer,
  );
}

export function messagePage(viewer: Viewer | null, title: string, message: string, back: string | null): string {
  return page(
    title,
    html`<h1>${title}</h1>
      <p class="error" role="alert">${message}</p>
      ${back ? html`<p><a href="${back}">بازگشت</a></p>` : ''}`,
    viewer,
  );
}

function figures(label: string, counts: VersionFailures, testId: string): Html {
  return html`<dl data-testid="${testId}" aria-label="${label}">
    <dt>بازدید</dt>
    <dd data-figure="views">${counts.views}</dd>
    <dt>خطا</dt>
    <dd data-figure="failures">${counts.total}</dd>
    <dt>نرخ خطا</dt>
    <dd data-figure="rate">${(failureRate(counts) * 100).toFixed(1)}٪</dd>
    ${REMOTE_FAILURE_KINDS.filter((kind) => counts[kind]).map(
      (kind) =>
        html`<dt>${failureKindLabel(kind)}</dt>
          <dd>${counts[kind]}</dd>`,
    )}
  </dl>`;
}

function facts(title: string, entry: VersionFacts, extra: Html | string = ''): Html {
  const gate = entry.gate;
  return html`<div class="card">
    <h3>${title}: <bdi dir="ltr">${entry.version}</bdi></h3>
    ${extra}
    <dl>
      ${
        entry.since
          ? html`<dt>از</dt>
              <dd>${when(entry.since.at)}</dd>
              <dt>به دست</dt>
              <dd><bdi>${entry.since.by}</bdi> (${ACTION_LABELS[entry.since.action] ?? entry.since.action})</dd>`
          : ''
      }
      <dt>دروازه</dt>
      <dd>
        ${
          gate
            ? html`<span class="${gate.gate.startsWith('passed') ? 'good' : 'bad'}"
                  >${gate.gate.startsWith('passed') ? 'پذیرفته' : 'رد'}</span
                >
                — ${when(gate.at)}${gate.forced ? html` (با عبور اجباری: ${gate.forced})` : ''}
                <a href="?gate=${entry.version}#gate">گزارش</a>`
            : 'بی‌گزارش'
        }
      </dd>
    </dl>
  </div>`;
}

function chartOf(view: AppView, version: string, label: string, from: number, now: number): Html {
  const series = minuteSeries(view.counts, view.app, version, from, now);
  const id = `chart-${label === 'live' ? 'live' : 'canary'}-${version}`.replace(/[^A-Za-z0-9_-]/g, '-');
  const title = `${label === 'live' ? 'نسخهٔ زنده' : 'قناری'} ${version}`;
  return html`<figure class="card">
    <figcaption>${title}</figcaption>
    ${versionChart(id, title, series, view.releaseLog)}
  </figure>`;
}

const legend = html`<ul class="legend" aria-label="راهنمای نمودار">
  <li><span class="swatch views"></span>بازدید</li>
  ${REMOTE_FAILURE_KINDS.map(
    (kind) => html`<li><span class="swatch kind-${kind}"></span>خطای ${failureKindLabel(kind)}</li>`,
  )}
  <li><span class="swatch rate"></span>نرخ خطا (٪)</li>
</ul>`;

const RELEASE_LOG_FILTERS = Object.keys(ACTION_LABELS);

export interface ReleaseLogFilter {
  action?: string;
  by?: string;
}

function timeline(view: AppView, filter: ReleaseLogFilter): Html {
  const keys = [...new Set(view.releaseLog.map((entry) => entry.by))].sort();
  const shown = view.releaseLog
    .filter((entry) => (!filter.action || entry.action === filter.action) && (!filter.by || entry.by === filter.by))
    .reverse()
    .slice(0, 100);
  return html`<form method="get" class="card" aria-label="پالایش دفتر انتشار">
      <label for="filter-action">کار</label
      ><select id="filter-action" name="action">
        <option value="">همه</option>
        ${RELEASE_LOG_FILTERS.map(
          (action) =>
            html`<option value="${action}" ${action === filter.action ? html` selected` : ''}>
              ${ACTION_LABELS[action]}
            </option>`,
        )}
      </select>
      <label for="filter-by">کلید</label
      ><select id="filter-by" name="by">
        <option value="">همه</option>
        ${keys.map((key) => html`<option value="${key}" ${key === filter.by ? html` selected` : ''}>${key}</option>`)}
      </select>
      <button type="submit">پالایش</button>
    </form>
    <div data-live-region id="release-log-lines">
      <ol class="timeline" data-testid="release-log">
        ${shown.map(
          (entry: ReleaseLogEntry) =>
            html`<li class="${entry.action.startsWith('auto-') ? 'auto' : ''}" data-action="${entry.action}">
              ${when(entry.at)} — <strong>${ACTION_LABELS[entry.action] ?? entry.action}</strong>
              <bdi dir="ltr">${entry.version}</bdi> — <span data-by>${entry.by}</span><br /><small
                >دروازه:
                <bdi dir="ltr">${entry.gate}</bdi>${entry.forced ? html` — دلیل عبور: ${entry.forced}` : ''}</small
              >
            </li>`,
        )}
      </ol>
      ${shown.length ? '' : html`<p>خطی نیست.</p>`}
    </div>`;
}

/** One action's form: its fields, and a button that asks for confirmation first (confirmPage). */
function actionForm(app: string, action: string, label: string, fields: Html | string = ''): Html {
  return html`<form
    method="post"
    action="${CONSOLE_PATH}/apps/${app}/actions/${action}"
    class="card"
    aria-labelledby="action-${action}"
  >
    <h3 id="action-${action}">${label}</h3>
    ${fields}<button type="submit">${label}…</button>
  </form>`;
}

function versionSelect(id: string, versions: readonly string[], selected?: string | null): Html {
  return html`<label for="${id}">نسخه</label
    ><select id="${id}" name="version" dir="ltr" required>
      ${versions.map(
        (version) =>
          html`<option value="${version}" ${version === selected ? html` selected` : ''}>${version}</option>`,
      )}
    </select>`;
}

function actions(view: AppView, mayAct: boolean): Html {
  if (!mayAct) return html`<p>کلید پلتفرم فقط می‌بیند؛ کارهای انتشار با کلید تیم برنامه است.</p>`;
  const app = view.app;
  const published = view.status.published.map((entry) => entry.version);
  const newest = published.find((version) => version !== view.status.live) ?? published[0] ?? null;
  return html`<div class="grid">
    ${actionForm(app, 'check', 'بررسی دروازه', versionSelect('check-version', published, newest))}
    ${actionForm(
      app,
      'canary',
      'شروع قناری',
      html`${versionSelect('canary-version', published, newest)}<label for="canary-percent">درصد بازدیدکنندگان</label
        ><input id="canary-percent" name="percent" type="number" min="1" max="99" value="10" required dir="ltr" />
        <label for="canary-force">دلیل عبور از دروازه (اختیاری)</label
        ><input id="canary-force" name="force" maxlength="500" />`,
    )}
    ${view.canary ? actionForm(app, 'promote', 'ارتقای قناری') : ''}
    ${view.canary ? actionForm(app, 'abort', 'لغو قناری') : ''}
    ${view.previous ? actionForm(app, 'rollback', 'بازگشت به نسخهٔ قبلی') : ''}
    ${actionForm(
      app,
      'override',
      'پیوند آزمایشی برای مرورگر من',
      html`${versionSelect('override-version', published, newest)}<label for="override-minutes">مدت (دقیقه)</label
        ><input id="override-minutes" name="minutes" type="number" min="1" max="480" value="60" required dir="ltr" />`,
    )}
  </div>`;
}

function gateReport(view: AppView, version: string, report: GateReportView | null): Html {
  const lines = view.releaseLog.filter(
    (entry) => entry.version === version && ['check', 'activate', 'canary', 'refused'].includes(entry.action),
  );
  return html`<section id="gate" aria-labelledby="gate-title">
    <h2 id="gate-title">گزارش دروازه: <bdi dir="ltr">${version}</bdi></h2>
    <ol class="timeline">
      ${lines.reverse().map(
        (entry) =>
          html`<li>
            ${when(entry.at)} — ${ACTION_LABELS[entry.action]} به دست <bdi>${entry.by}</bdi>:
            <bdi dir="ltr">${entry.gate}</bdi>
          </li>`,
      )}
    </ol>
    ${lines.length ? '' : html`<p>دروازه هنوز این نسخه را نسنجیده است.</p>`}
    ${
      report
        ? html`<h3>قاعده‌ها</h3>
            <ul>
              ${report.rules.map(
                (rule) =>
                  html`<li>
                    <span class="${rule.passed ? 'good' : 'bad'}">${rule.passed ? 'پذیرفته' : 'رد'}</span>
                    ${rule.name}${rule.detail ? html`: <bdi dir="ltr">${rule.detail}</bdi>` : ''}
                  </li>`,
              )}
            </ul>
            <h3>صفحه‌های آزموده</h3>
            <ul>
              ${report.pages
                .filter((tried) => !tried.src)
                .map((tried) => html`<li>رندر سرور: <bdi dir="ltr">${tried.url}</bdi></li>`)}
            </ul>
            <div class="grid">
              ${report.pages.map((tried) =>
                tried.src
                  ? html`<figure class="card">
                      <img
                        src="${tried.src}"
                        alt="${`Chromium: ${tried.url}`}"
                        width="320"
                        height="180"
                        loading="lazy"
                        style="max-width:100%;height:auto"
                      />
                      <figcaption>سوار شده در Chromium: <bdi dir="ltr">${tried.url}</bdi></figcaption>
                    </figure>`
                  : '',
              )}
            </div>`
        : ''
    }
  </section>`;
}

/** The gate's kept report of a version (release/gate/gate-report.ts), as the console links it. */
export interface GateReportView {
  rules: Array<{ name: string; passed: boolean; detail?: string }>;
  /** `src`: the screenshot of a page Chromium mounted; null for a server render. */
  pages: Array<{ url: string; src: string | null }>;
}

export function appPage(
  viewer: Viewer,
  view: AppView,
  options: {
    filter: ReleaseLogFilter;
    notice: string | null;
    gateVersion: string | null;
    gateReport: GateReportView | null;
    mayAct: boolean;
    now: number;
  },
): string {
  const { now } = options;
  const from = Math.max(now - CHART_MINUTES * 60_000, (view.canary?.startedAt ?? now) - 10 * 60_000);
  const live = view.live;
  const canary = view.canary;
  return page(
    view.app,
    html`<h1>برنامهٔ <bdi>${view.app}</bdi></h1>
      <p aria-live="polite" class="visually-hidden" id="live-status" data-fingerprint="${viewFingerprint(view)}"></p>
      ${options.notice ? html`<p class="notice" role="status">${options.notice}</p>` : ''}
      <section aria-labelledby="versions-title" data-live-region id="versions">
        <h2 id="versions-title">نسخه‌ها</h2>
        <div class="grid">
          ${live ? facts('زنده', live, figures('شمار نسخهٔ زنده', view.status.failures, 'live-figures')) : html`<p>نسخهٔ زنده‌ای نیست.</p>`}
          ${
            canary
              ? facts(
                  'قناری',
                  canary,
                  html`<p>برای <span data-testid="canary-percent">${canary.percent}</span>٪ بازدیدکنندگان</p>
                    ${figures('شمار قناری', view.status.canary!.failures, 'canary-figures')}`,
                )
              : ''
          }
          ${view.previous ? facts('قبلی', view.previous) : ''}
        </div>
      </section>
      <section aria-labelledby="charts-title" data-live-region id="charts">
        <h2 id="charts-title">نمودار نسخه‌ها</h2>
        ${legend}
        <div class="grid">
          ${canary ? chartOf(view, canary.version, 'canary', from, now) : ''}${live ? chartOf(view, live.version, 'live', from, now) : ''}
        </div>
      </section>
      <section aria-labelledby="actions-title" data-live-region id="actions">
        <h2 id="actions-title">کارها</h2>
        ${actions(view, options.mayAct)}
      </section>
      ${options.gateVersion ? gateReport(view, options.gateVersion, options.gateReport) : ''}
      <section aria-labelledby="release-log-title">
        <h2 id="release-log-title">دفتر انتشار</h2>
        ${timeline(view, options.filter)}
      </section>`,
    viewer,
    { script: true },
  );
}

/** The confirmation step of an action: what will happen, and a button that does it. */
export function confirmPage(
  viewer: Viewer,
  app: string,
  action: string,
  title: string,
  what: string,
  fields: Record<string, string>,
): string {
  return page(
    title,
    html`<h1>${title}</h1>
      <p>${what}</p>
      <form method="post" action="${CONSOLE_PATH}/apps/${app}/actions/${action}" class="card">
        ${Object.entries(fields).map(([name, value]) => html`<input type="hidden" name="${name}" value="${value}" />`)}
        <input type="hidden" name="confirmed" value="yes" />
        <button type="submit">بله، انجام بده</button> <a href="${CONSOLE_PATH}/apps/${app}">انصراف</a>
      </form>`,
    viewer,
  );
}

/** An override issued: the link that tries the version in this browser alone. */
export function overridePage(viewer: Viewer, app: string, link: string, expiresAt: string): string {
  return page(
    'پیوند آزمایشی',
    html`<h1>پیوند آزمایشی <bdi>${app}</bdi></h1>
      <p class="notice" role="status">
        این پیوند نسخه را فقط در مرورگری که آن را باز کند نشان می‌دهد، تا ${when(expiresAt)}.
      </p>
      <p><a href="${link}" data-testid="override-link">باز کردن سایت با نسخهٔ آزمایشی</a></p>
      <p><a href="${CONSOLE_PATH}/apps/${app}">بازگشت به برنامه</a></p>`,
    viewer,
  );
}

/** What a job page shows of a job (the deploy API's view of it). */
export interface JobFacts {
  id: string;
  state: 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';
  step: string;
  done: string[];
  by: string;
  createdAt: string;
  cancelRequested: boolean;
  error: { message: string } | null;
}

/**
 * A job the console started (a gate run, a canary, a rollback…): where it is, as it goes — the page
 * follows it by itself (its script, or a refresh without one) — then how it ended, with a button
 * that cancels it before its point of no return.
 */
export function jobPage(viewer: Viewer, app: string, title: string, doneMessage: string, job: JobFacts): string {
  const running = job.state === 'queued' || job.state === 'running';
  const outcome = running
    ? html`<p class="notice" role="status">
        ${job.cancelRequested ? 'لغو درخواست شد؛ پیش از هر تغییری متوقف می‌شود.' : 'در حال انجام…'}
        <bdi dir="ltr" data-testid="job-step">${job.step}</bdi>
      </p>`
    : job.state === 'succeeded'
      ? html`<p class="notice" role="status" data-testid="job-outcome">${doneMessage}</p>`
      : html`<p class="error" role="alert" data-testid="job-outcome">
          ${job.state === 'cancelled' ? 'لغو شد' : 'انجام نشد'}: <bdi dir="ltr">${job.error?.message ?? job.step}</bdi>
        </p>`;
  return page(
    title,
    html`<h1>${title}: <bdi>${app}</bdi></h1>
      <section
        id="job"
        class="card"
        data-live-region
        data-job-state="${job.state}"
        aria-live="polite"
        aria-labelledby="job-heading"
      >
        <h2 id="job-heading">کار <bdi dir="ltr">${job.id}</bdi></h2>
        <dl>
          <dt>درخواست‌دهنده</dt>
          <dd><bdi>${job.by}</bdi></dd>
          <dt>آغاز</dt>
          <dd>${when(job.createdAt)}</dd>
          ${
            job.done.length
              ? html`<dt>انجام‌شده</dt>
                  <dd><bdi dir="ltr">${job.done.join('، ')}</bdi></dd>`
              : ''
          }
        </dl>
        ${outcome}
        ${
          running && !job.cancelRequested
            ? html`<form method="post" action="${CONSOLE_PATH}/apps/${app}/jobs/${job.id}/cancel">
                <button type="submit" class="secondary">لغو این کار</button>
              </form>`
            : ''
        }
      </section>
      <p><a href="${CONSOLE_PATH}/apps/${app}">بازگشت به برنامه</a></p>`,
    viewer,
    { script: true, ...(running ? { refreshSeconds: 2 } : {}) },
  );
}
