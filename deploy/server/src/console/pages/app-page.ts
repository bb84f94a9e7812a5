/** An app's page: its versions with their figures and charts, the actions a team key may take, its gate reports and release log. */
import { REMOTE_FAILURE_KINDS } from '@steel/contract';
import { failureRate, type VersionFailures } from '../../shared-state/failure-counts';
import { type AppView, CHART_MINUTES, type VersionFacts, viewFingerprint } from '../app-view';
import { html, type Html } from '../html';
import { failureKindLabel, minuteSeries, versionChart } from '../version-chart';
import { CONSOLE_PATH } from '../console-session';
import { page, type Viewer, when } from './frame';
import { ACTION_LABELS, timeline, type ReleaseLogFilter } from './release-log-view';
import { gateReport, type GateReportView } from './gate-report-view';

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
