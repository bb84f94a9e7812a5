/** The release log as the console shows it: every line's action in Persian, filtered by action and key. */
import type { ReleaseLogEntry } from '../../release/release-log';
import type { AppView } from '../app-view';
import { html, type Html } from '../html';
import { when } from './frame';

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

const RELEASE_LOG_FILTERS = Object.keys(ACTION_LABELS);

export interface ReleaseLogFilter {
  action?: string;
  by?: string;
}

export function timeline(view: AppView, filter: ReleaseLogFilter): Html {
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
