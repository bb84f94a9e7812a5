import type { AppView } from '../app-view';
import { html, type Html } from '../html';
import { when } from './frame';
import { ACTION_LABELS } from './release-log-view';

export function gateReport(view: AppView, version: string, report: GateReportView | null): Html {
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
