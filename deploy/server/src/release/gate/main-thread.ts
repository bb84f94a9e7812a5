/**
 * The gate's main-thread rule (docs/architecture.md, "Deploying a remote"): each page kind is
 * opened cold and alone with a trace of the renderer — by the smoke mount, which traces the pages it
 * opens (smoke-mount.ts), or after it, here; its blocking time after first paint at 4× CPU is read
 * from the renderer's own CPU time in each task (main-thread-blocking.ts), so a busy machine does not
 * make a page look slower. The figures of each version the gate measured are kept in the platform
 * state (beside the builds by default, `.gate/main-thread/<app>/<version>.json`);
 * a candidate whose page kind blocks more than the allowance over the live version's figure is
 * refused. When the renderer had too little of a core to judge (another build, a load test), the
 * page is measured again; if it still cannot be judged the gate says so and does not refuse.
 *
 * A page kind that runs the live version's code, byte for byte (unchanged-pages.ts: another page
 * changed; a rebuild, a redeploy, a version moved between stores), takes the live version's figure
 * without a trace: measuring the same code again can only tell the machine's load, and it is the
 * slowest part of a gate. When the live version has no figure for it (put live without a gate), it
 * is not traced either — there is nothing to judge it against — except when the live version itself
 * is checked again, which is how its figures are made.
 */
import type { Browser, Page } from 'playwright-core';
import { SSR_URL_ATTRIBUTE, type AppManifest } from '@steel/contract';
import { readAppManifest } from '../../live-set/live-store';
import { stateOfFolder } from '../../platform-state/state-of-folder';
import type { RuleResult } from './static-rules';
import type { SamplePage } from './page-samples';
import { mountedOrFailed } from './page-checks';
import { mainThreadBlocking, type MainThreadBlocking } from './main-thread-blocking';
import { changedBrowserFiles, unchangedSamples } from './unchanged-pages';
import { buildsOfFolder } from '../../build-files/builds-of-folder';

/** The CPU a phone has against this machine's, as Lighthouse's mobile preset assumes. */
export const CPU_SLOWDOWN = 4;
/** How much more a page kind may block than the live version's at 4× (a 300 ms task is 1,200). */
export const MAIN_THREAD_ALLOWANCE_MS = 400;
/**
 * Below this share of a core in its tasks, the renderer mostly waited on other work: no verdict.
 * The CPU-time figure holds well while the renderer gets a third of a core (two test workers, the
 * CMS and the app server on two cores); under a fifth, the tasks it measures are too cut up.
 */
const JUDGEABLE_CPU_SHARE = 0.2;
const ATTEMPTS = 3;
/** After the mount: long enough for the effects and the first data's render. */
const SETTLE_MS = 700;

/** A page kind's figure: by its sample URL. */
export type MainThreadFigures = Record<string, MainThreadBlocking>;

/** Tasks with their thread time, the navigation, first paint and the threads' names: nothing more. */
const TRACE_CATEGORIES = ['disabled-by-default-devtools.timeline', 'loading', 'blink.user_timing', '__metadata'];

export async function readFigures(buildsDir: string, app: string, version: string): Promise<MainThreadFigures | null> {
  return ((await stateOfFolder(buildsDir).gate.readFigures(app, version)) as MainThreadFigures | null) ?? null;
}

const writeFigures = (buildsDir: string, app: string, version: string, figures: MainThreadFigures) =>
  stateOfFolder(buildsDir).gate.writeFigures(app, version, figures);

/**
 * Starts the renderer's trace for a page about to be opened cold: a page of a fresh context, the
 * only one of its browser while traced (a trace is the whole browser's). The smoke mount traces the
 * pages it opens this way (smoke-mount.ts), so a page kind is not opened twice for the gate.
 */
export async function startPageTrace(browser: Browser, page: Page): Promise<void> {
  await browser.startTracing(page, { categories: TRACE_CATEGORIES });
}

/**
 * After the page mounted (`mountedOrFailed`): its hydration and a moment more, then the trace
 * stopped and read. `loaded` false (the page did not load) gives no figure, the trace stopped all the same.
 */
export async function finishPageTrace(
  browser: Browser,
  page: Page,
  app: string,
  loaded: boolean,
): Promise<MainThreadBlocking | null> {
  if (loaded) {
    try {
      // A server-rendered page is on screen before its app hydrates it: the shell's mount ends by
      // dropping the server markup's mark, and the page's effects run then.
      await page
        .waitForFunction(
          ({ container, mark }) => !document.querySelector(container)?.hasAttribute(mark),
          { container: `#app-${app}`, mark: SSR_URL_ATTRIBUTE },
          { timeout: 15_000 },
        )
        .catch(() => undefined);
      // A moment more takes in the effects and the first data, not the idle-time prefetches after.
      await page.waitForTimeout(SETTLE_MS);
    } catch {
      loaded = false;
    }
  }
  const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as {
    traceEvents: Parameters<typeof mainThreadBlocking>[0];
  };
  return loaded ? mainThreadBlocking(trace.traceEvents, CPU_SLOWDOWN) : null;
}

/** One cold visit of the page, traced: null when it did not load, or the trace had no navigation to read. */
async function traceOnce(browser: Browser, base: string, sample: SamplePage): Promise<MainThreadBlocking | null> {
  const context = await browser.newContext({ baseURL: base });
  const page = await context.newPage();
  try {
    await startPageTrace(browser, page);
    let loaded = true;
    try {
      await page.goto(sample.url, { waitUntil: 'load' });
      await mountedOrFailed(page, sample.app, sample.real);
    } catch {
      // The smoke mount judged this page already; a failure here only means no figure.
      loaded = false;
    }
    return await finishPageTrace(browser, page, sample.app, loaded);
  } finally {
    await context.close();
  }
}

/**
 * A page's figure; measured again while the machine was too busy to judge it, when there is a live
 * figure to judge it against.
 */
async function measure(
  browser: Browser,
  base: string,
  sample: SamplePage,
  attempts: number,
): Promise<MainThreadBlocking | null> {
  let figure: MainThreadBlocking | null = null;
  for (let attempt = 0; attempt < attempts; attempt++) {
    figure = await traceOnce(browser, base, sample);
    if (figure && figure.cpuShare >= JUDGEABLE_CPU_SHARE) return figure;
  }
  return figure;
}

/** An app manifest but its files, their chunks and weights, and its pages (compared one by one). */
const beyondCode = ({ files: _files, chunks: _chunks, weights: _weights, pages: _pages, ...rest }: AppManifest) => rest;

/**
 * The samples whose live figures still hold (unchanged-pages.ts): those whose pages load only code
 * the live version's loaded — every one for the live build again — when the app manifests agree on
 * all else and on the sample's own route (its rendering, its guards).
 */
async function samplesOfLiveCode(
  versions: { buildsDir: string; app: string; candidate: string; live: string | null },
  samples: readonly SamplePage[],
): Promise<SamplePage[]> {
  if (!versions.live) return [];
  const builds = buildsOfFolder(versions.buildsDir);
  const [candidate, live] = await Promise.all(
    [versions.candidate, versions.live].map(async (version) => {
      const dir = await builds.local(versions.app, version);
      return { dir, manifest: await readAppManifest(versions.buildsDir, versions.app, version) };
    }),
  ).catch(() => [null, null]);
  if (!candidate || !live) return [];
  if (JSON.stringify(beyondCode(candidate.manifest)) !== JSON.stringify(beyondCode(live.manifest))) return [];
  const routeIn = (manifest: AppManifest, sample: SamplePage) =>
    JSON.stringify(manifest.pages.find((route) => route.path === sample.route.path));
  const sameRoute = (sample: SamplePage) =>
    sample.app !== versions.app || routeIn(candidate.manifest, sample) === routeIn(live.manifest, sample);
  const changed = await changedBrowserFiles(candidate, live);
  return unchangedSamples(samples.filter(sameRoute), versions.app, changed, candidate.manifest, live.manifest);
}

const ms = (value: number) => `${Math.round(value)} ms`;

/** A page kind's figure against the live version's: a refusal, a note that it could not be judged, or null. */
export function judgeMainThread(
  page: string,
  figure: MainThreadBlocking,
  live: MainThreadBlocking,
): { refusal?: string; note?: string } | null {
  if (figure.cpuShare < JUDGEABLE_CPU_SHARE || live.cpuShare < JUDGEABLE_CPU_SHARE)
    return {
      note: `main thread: ${page} not judged: the machine was too busy (the renderer had ${Math.round(Math.min(figure.cpuShare, live.cpuShare) * 100)} % of a core)`,
    };
  const added = figure.fromCpuTime - live.fromCpuTime;
  if (added <= MAIN_THREAD_ALLOWANCE_MS) return null;
  return {
    refusal: `main thread: ${page} blocks the main thread ${ms(figure.fromCpuTime)} at ${CPU_SLOWDOWN}× CPU, ${ms(added)} more than the live version's ${ms(live.fromCpuTime)} (${ms(MAIN_THREAD_ALLOWANCE_MS)} allowed); find the long task in the browser's performance panel (4× CPU), or deploy with --force "<reason>"`,
  };
}

/**
 * Which public page kinds of the candidate the rule traces, and which keep the live version's
 * figures. Made before the smoke mount, which traces the first as it opens them (`tracedInMount`).
 */
export interface MainThreadPlan {
  liveFigures: MainThreadFigures | null;
  /** The public page kinds (behind sign-in, the smoke mount opened it as a customer; its weight is its app's other pages'). */
  measured: SamplePage[];
  /** Page kinds running the live version's code, with its figure. */
  kept: Map<SamplePage, MainThreadBlocking>;
  /** Page kinds running the live version's code, which has no figure for them: not traced. */
  withoutFigures: SamplePage[];
  toTrace: Set<SamplePage>;
  /** What the smoke mount's own visit of a page to trace measured (null: no figure from it). */
  tracedInMount: Map<SamplePage, MainThreadBlocking | null>;
}

export async function planMainThread(
  pages: readonly SamplePage[],
  versions: { buildsDir: string; app: string; candidate: string; live: string | null },
): Promise<MainThreadPlan> {
  const liveFigures = versions.live ? await readFigures(versions.buildsDir, versions.app, versions.live) : null;
  const measured = pages.filter((sample) => !sample.route.guards.includes('auth'));
  const kept = new Map<SamplePage, MainThreadBlocking>();
  // Page kinds running the live version's code keep its figures. One the live version has no figure
  // for is not traced either: there is nothing to judge it against, and its code is the code already
  // live. Only the live version checked again is traced whole — that is how its figures are made
  // (`deploy check <app> <live version>`), as a version with no live one before it is.
  const withoutFigures: SamplePage[] = [];
  for (const sample of await samplesOfLiveCode(versions, measured)) {
    const live = liveFigures?.[sample.url];
    if (live) kept.set(sample, live);
    else if (versions.candidate !== versions.live) withoutFigures.push(sample);
  }
  const toTrace = new Set(measured.filter((sample) => !kept.has(sample) && !withoutFigures.includes(sample)));
  return { liveFigures, measured, kept, withoutFigures, toTrace, tracedInMount: new Map() };
}

/**
 * Measures every public page kind of the candidate, keeps the figures, and compares them with the
 * live version's. A page kind the smoke mount traced keeps that figure; one it did not, or whose
 * trace the machine left too busy to judge, is opened again, cold and alone. A trace is the whole
 * browser's, so those pages are measured in lanes of a browser each (`browsers`); the first refusal
 * in page order wins. `notes` receives what could not be judged, and which page kinds kept their
 * live figures.
 */
export async function mainThreadRule(
  browsers: readonly Browser[],
  base: string,
  pages: readonly SamplePage[],
  versions: { buildsDir: string; app: string; candidate: string; live: string | null },
  notes: string[],
  plan?: MainThreadPlan,
): Promise<RuleResult> {
  const { liveFigures, measured, kept, withoutFigures, toTrace, tracedInMount } =
    plan ?? (await planMainThread(pages, versions));
  const results = new Map<SamplePage, MainThreadBlocking | null>(kept);
  if (kept.size)
    notes.push(
      `main thread: ${kept.size} of ${measured.length} page kinds run the live version's code, their live figures kept: ${[...kept.keys()].map((sample) => sample.url).join(', ')}`,
    );
  if (withoutFigures.length)
    notes.push(
      `main thread: ${withoutFigures.length} of ${measured.length} page kinds run the live version's code, which has no figures to judge them by: not traced (${withoutFigures.map((sample) => sample.url).join(', ')})`,
    );
  // A page is tried up to ATTEMPTS times when there is a live figure to judge it by, once when not;
  // the smoke mount's trace was the first try.
  const queue: Array<{ sample: SamplePage; attempts: number }> = [];
  for (const sample of toTrace) {
    const attempts = liveFigures?.[sample.url] ? ATTEMPTS : 1;
    if (!tracedInMount.has(sample)) queue.push({ sample, attempts });
    else {
      const figure = tracedInMount.get(sample) ?? null;
      results.set(sample, figure);
      if (!(figure && figure.cpuShare >= JUDGEABLE_CPU_SHARE) && attempts > 1)
        queue.push({ sample, attempts: attempts - 1 });
    }
  }
  await Promise.all(
    browsers.map(async (browser) => {
      for (let next = queue.shift(); next; next = queue.shift())
        results.set(
          next.sample,
          (await measure(browser, base, next.sample, next.attempts)) ?? results.get(next.sample) ?? null,
        );
    }),
  );
  const figures: MainThreadFigures = {};
  let refusal: string | null = null;
  for (const sample of measured) {
    const figure = results.get(sample);
    if (!figure) continue;
    figures[sample.url] = figure;
    const live = liveFigures?.[sample.url];
    if (!live || refusal) continue;
    const verdict = judgeMainThread(`${sample.app} ${sample.url}`, figure, live);
    if (verdict?.note) notes.push(verdict.note);
    refusal = verdict?.refusal ?? null;
  }
  await writeFigures(versions.buildsDir, versions.app, versions.candidate, figures);
  return refusal;
}
