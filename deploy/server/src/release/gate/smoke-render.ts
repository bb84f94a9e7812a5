/**
 * The gate's smoke render (smoke.ts): the trial server renders each server-rendered page whole,
 * without the remote being left to the browser, the candidate's own slot contributions are not
 * left out of a host's page, and the candidate's pages render no slot their route does not list
 * (`slots`, by which the gate weighs the contributors' code on each page kind).
 */
import type { RenderFallback, RemoteFailureReport } from '../../site/site-server';
import type { SlotFailure } from '../../rendering/slot-contributions';
import type { RuleResult } from './static-rules';
import type { SamplePage } from './page-samples';
import type { GateRecorder } from './gate-report';

/** What the trial server told the gate while it ran. */
export interface SiteSeen {
  fallbacks: RenderFallback[];
  failures: RemoteFailureReport[];
  /** Contributions the server left out of a page's slots. */
  slotFailures: Array<SlotFailure & { url: string }>;
}

/**
 * A render left to the browser for its time alone: the server entry's code still cold, or a
 * machine busy with other work (a build, a canary, a test run beside). Not the version's fault
 * until it happens again with the code warm: the gate asks until this many renders went over.
 */
const TIMED_OUT_RENDER = /render time limit|did not answer within/;
const RENDERS_OVER_TIME_ALLOWED = 3;
/** How often the gate asks again while the server retries a partial page in the background. */
const RENDER_POLL_MS = 250;

/**
 * The server render of a URL: null when it was rendered whole (now or before: a cached page was
 * whole), else what happened. A partial page for the time limit is asked for again — the server
 * re-renders it in the background — until it comes whole or has gone over the time limit
 * `RENDERS_OVER_TIME_ALLOWED` times; any other reason refuses at once.
 */
async function renderOnce(
  base: string,
  url: string,
  seen: SiteSeen,
  timeLimitMs: number,
): Promise<{ failure: string } | { failure: null; html: string }> {
  const fallbacksOf = () => seen.fallbacks.filter((fallback) => fallback.url === url);
  const deadline = Date.now() + RENDERS_OVER_TIME_ALLOWED * (timeLimitMs + 1000) + 5000;
  for (;;) {
    const response = await fetch(base + url, { redirect: 'manual' });
    const html = await response.text();
    const render = response.headers.get('x-render');
    if (response.status < 500 && render !== 'partial') return { failure: null, html };
    // The server says why it left the remote to the browser (a throw, the time limit, no entry).
    const fallbacks = fallbacksOf();
    const reason = fallbacks.at(-1)?.reason;
    const overTimeOnly = fallbacks.length > 0 && fallbacks.every((fallback) => TIMED_OUT_RENDER.test(fallback.reason));
    if (!overTimeOnly || fallbacks.length >= RENDERS_OVER_TIME_ALLOWED || Date.now() > deadline)
      return { failure: `answered ${response.status}${render ? ` (${render})` : ''}${reason ? `: ${reason}` : ''}` };
    await new Promise((resolve) => setTimeout(resolve, RENDER_POLL_MS));
  }
}

/** The slots a server-rendered page holds: each `<Slot>`'s element carries its name. */
const renderedSlots = (html: string) => [...html.matchAll(/\bdata-slot="([a-z.]+)"/g)].map((match) => match[1]!);

export async function smokeRender(
  base: string,
  pages: SamplePage[],
  seen: SiteSeen,
  candidateApp: string,
  timeLimitMs: number,
  options: { recorder?: GateRecorder; onEveryPage?: readonly string[] } = {},
): Promise<RuleResult> {
  for (const { url, route, app } of pages) {
    if (route.rendering !== 'server') continue;
    options.recorder?.rendered(url);
    const rendered = await renderOnce(base, url, seen, timeLimitMs);
    if (rendered.failure !== null)
      return `smoke render: ${app} ${url} ${rendered.failure}; fix its server render (\`npm run dev -w mf-${app}\` runs it alone)`;
    if (app === candidateApp) {
      const listed = new Set([...(options.onEveryPage ?? []), ...(route.slots ?? [])]);
      const unlisted = renderedSlots(rendered.html).find((slot) => !listed.has(slot));
      if (unlisted)
        return `smoke render: ${app} ${url} renders the slot ${unlisted}, which its page kind ${route.path} does not list; add '${unlisted}' to the page's \`slots\` (the gate weighs the contributors' code on each page kind by them)`;
    }
    // The candidate's own contribution left out of a host's page is its failure (another app's is not).
    const slotFailure = seen.slotFailures.find(
      (seenFailure) => seenFailure.url === url && seenFailure.app === candidateApp,
    );
    if (slotFailure)
      return `smoke render: ${app} ${url}: ${candidateApp}'s contribution to ${slotFailure.slot} was left out: ${slotFailure.reason}; fix its renderSlot`;
  }
  return null;
}
