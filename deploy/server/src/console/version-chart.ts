/**
 * A version's figures over time as server-rendered SVG: per minute, its page views (a pale bar),
 * its failures stacked by kind over them, and its failure rate as a line on a 0–100 % scale, with
 * the release's steps (canary, abort, rollback, the health monitor's own) marked where they fell.
 *
 * SVG from the server rather than a chart library in the browser: the figures are a few dozen
 * points per version, the page needs no script to show them (the live update swaps the markup),
 * nothing new runs under the site's CSP, and the colours follow the page's light and dark schemes
 * through CSS classes. A table beside each chart says the same for screen readers.
 */
import { REMOTE_FAILURE_KINDS, type RemoteFailureKind } from '@steel/contract';
import type { CountKind, FailureCounts } from '../shared-state/failure-counts';
import type { ReleaseLogEntry } from '../release/release-log';
import { html, type Html } from './html';

export interface MinuteFigures {
  minute: number;
  views: number;
  failures: Partial<Record<RemoteFailureKind, number>>;
}

/** Persian names of the failure kinds (the contract's words), in the legend and the tables. */
const FAILURE_KIND_NAMES: Record<string, string> = {
  load: 'بارگذاری',
  mount: 'سوار شدن',
  contract: 'قرارداد',
  // A render error in the browser, caught by the remote's error boundary (the server's are not reported).
  render: 'خطای رندر',
  hydrate: 'هیدراته شدن',
  uncaught: 'مهارنشده',
  slot: 'جایگاه',
};
export const failureKindLabel = (kind: RemoteFailureKind) => FAILURE_KIND_NAMES[kind] ?? kind;

/** The minutes `from`…`to` (inclusive, floored) of one version, each with its counts (zero when none). */
export function minuteSeries(
  counts: FailureCounts,
  app: string,
  version: string,
  from: number,
  to: number,
): MinuteFigures[] {
  const own = counts[`${app}@${version}`] ?? {};
  const series: MinuteFigures[] = [];
  for (let minute = Math.floor(from / 60_000) * 60_000; minute <= to; minute += 60_000) {
    const kinds = own[String(minute)] ?? {};
    const failures: MinuteFigures['failures'] = {};
    for (const [kind, count] of Object.entries(kinds) as [CountKind, number][])
      if (kind !== 'view') failures[kind] = count;
    series.push({ minute, views: kinds.view ?? 0, failures });
  }
  return series;
}

const WIDTH = 640;
const HEIGHT = 220;
const PAD = { top: 24, right: 56, bottom: 32, left: 56 };

const clock = (ms: number) =>
  new Date(ms).toLocaleTimeString('fa-IR', { hour: '2-digit', minute: '2-digit', timeZone: 'UTC', hour12: false });

/** Marked on the chart: the steps that change who sees the version. */
const MARKED: Partial<Record<ReleaseLogEntry['action'], string>> = {
  canary: 'قناری',
  promote: 'ارتقا',
  abort: 'لغو',
  'auto-abort': 'لغو خودکار',
  activate: 'فعال‌سازی',
  rollback: 'بازگشت',
  'auto-rollback': 'بازگشت خودکار',
};

export function versionChart(
  id: string,
  title: string,
  series: MinuteFigures[],
  steps: readonly ReleaseLogEntry[],
): Html {
  const innerW = WIDTH - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const first = series[0]?.minute ?? 0;
  const span = Math.max(1, series.length);
  const slot = innerW / span;
  const most = Math.max(1, ...series.map((m) => m.views));
  // Right to left like the page: the newest minute on the left edge.
  const x = (minute: number) => PAD.left + innerW - ((minute - first) / 60_000 + 1) * slot;
  const y = (count: number) => PAD.top + innerH - (count / most) * innerH;
  const rateY = (rate: number) => PAD.top + innerH - rate * innerH;

  const bars = series.map((m) => {
    const left = x(m.minute) + slot * 0.1;
    const width = Math.max(1, slot * 0.8);
    let top = PAD.top + innerH;
    const stacked = REMOTE_FAILURE_KINDS.map((kind) => {
      const count = m.failures[kind] ?? 0;
      if (!count) return null;
      const height = (count / most) * innerH;
      top -= height;
      return html`<rect
        class="kind-${kind}"
        x="${left.toFixed(1)}"
        y="${top.toFixed(1)}"
        width="${width.toFixed(1)}"
        height="${height.toFixed(1)}"
      ></rect>`;
    });
    return html`<rect
        class="views"
        x="${left.toFixed(1)}"
        y="${y(m.views).toFixed(1)}"
        width="${width.toFixed(1)}"
        height="${(PAD.top + innerH - y(m.views)).toFixed(1)}"
      ></rect
      >${stacked}`;
  });
  const rates = series
    .filter((m) => m.views > 0)
    .map((m) => {
      const failed = Object.values(m.failures).reduce((sum, n) => sum + (n ?? 0), 0);
      return `${(x(m.minute) + slot / 2).toFixed(1)},${rateY(Math.min(1, failed / m.views)).toFixed(1)}`;
    });
  const last = series.at(-1)?.minute ?? first;
  const marks = steps
    .filter((step) => MARKED[step.action])
    .map((step) => ({ step, at: Date.parse(step.at) }))
    .filter(({ at }) => at >= first && at < last + 60_000)
    .map(({ step, at }) => {
      const mx = x(Math.floor(at / 60_000) * 60_000) + slot / 2;
      const auto = step.action.startsWith('auto-');
      return html`<g class="step${auto ? ' auto' : ''}"
        ><line x1="${mx.toFixed(1)}" x2="${mx.toFixed(1)}" y1="${PAD.top}" y2="${PAD.top + innerH}"></line
        ><text x="${(mx - 3).toFixed(1)}" y="${PAD.top + 14}">${MARKED[step.action]}</text></g
      >`;
    });
  const totalViews = series.reduce((sum, m) => sum + m.views, 0);
  const totalFailures = series.reduce((sum, m) => sum + Object.values(m.failures).reduce((s, n) => s + (n ?? 0), 0), 0);
  return html`<svg
    class="chart"
    id="${id}"
    viewBox="0 0 ${WIDTH} ${HEIGHT}"
    role="img"
    aria-labelledby="${id}-title ${id}-desc"
  >
    <title id="${id}-title">${title}</title>
    <desc id="${id}-desc">${`${totalViews} بازدید و ${totalFailures} خطا در ${series.length} دقیقه`}</desc>
    <line
      class="axis"
      x1="${PAD.left}"
      x2="${PAD.left + innerW}"
      y1="${PAD.top + innerH}"
      y2="${PAD.top + innerH}"
    ></line>
    <line
      class="axis"
      x1="${PAD.left + innerW}"
      x2="${PAD.left + innerW}"
      y1="${PAD.top}"
      y2="${PAD.top + innerH}"
    ></line>
    <text class="label" x="${PAD.left + innerW + 4}" y="${PAD.top + 4}">${most}</text>
    <text class="label" x="${PAD.left - 4}" y="${PAD.top + 4}" text-anchor="end">۱۰۰٪</text>
    <text class="label" x="${PAD.left + innerW}" y="${HEIGHT - 8}" text-anchor="end">${clock(first)}</text>
    <text class="label" x="${PAD.left}" y="${HEIGHT - 8}">${clock(last)}</text>
    ${bars} ${rates.length ? html`<polyline class="rate" points="${rates.join(' ')}"></polyline>` : ''} ${marks}
  </svg>`;
}
