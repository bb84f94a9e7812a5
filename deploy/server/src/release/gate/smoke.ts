/**
 * The deploy gate's smoke tests: the live site with the candidate version in place, served by a
 * real app server on loopback (the same render workers, registry and pages a visitor gets), on
 * one real page of every page kind of the app (or, for a shell, of every live app: page-samples.ts) —
 * - smoke render (smoke-render.ts): the server renders each page whole, without the remote being left to the browser;
 * - smoke mount (smoke-mount.ts): headless Chromium opens each page, the app mounts with no uncaught error, no
 *   contained failure and no failure report, and one internal link per app navigates in the page;
 *   a page behind sign-in (guard `auth`) is opened signed in as a throwaway customer, and a page
 *   showing a slot contribution the candidate puts in play (its own, or a live one in a slot it
 *   hosts) is opened again signed in (a contribution may fail only for a customer);
 * - flows across apps (flows.ts): signing in and out, a remote's toast, a link to another app.
 *
 * The smoke server listens on DEPLOY_GATE_PORT, or the next free port the CMS allows (trial-port.ts).
 *
 * The verdict judges errors, not speed: a machine busy with other work (a build, a load test, a
 * canary) must not turn a good version away. The one cost it weighs, main-thread blocking per page
 * kind against the live version's (main-thread.ts), is read from the renderer's own CPU time. A
 * render (and a slot contribution's) may take `RENDER_TIME_LIMIT_FACTOR` times the site's time limit
 * before it counts as left to the browser — far beyond any honest page.
 */
import type { RemotePages } from '@steel/contract';
import type { AppManifest } from '@steel/contract';
import { buildSiteServer } from '../../site/site-server';
import { loadConfig } from '../../config';
import type { AppName } from '../../live-set/builds-folder';
import type { Candidate, RuleResult } from './static-rules';
import { pageKindSamples } from './page-samples';
import { withThrowawayCustomer } from './throwaway-customer';
import { flowsFor, runFlows } from './flows';
import { mainThreadRule, planMainThread } from './main-thread';
import { gatePort, gatePortsBusy } from './trial-port';
import type { GateRecorder } from './gate-report';
import { type SiteSeen, smokeRender } from './smoke-render';
import { isGuarded, smokeMount } from './smoke-mount';
import { triedAsBrowsersDo } from './check-lanes';
import { giveBackGateBrowser, takeGateBrowsers } from './gate-browsers';

/**
 * Pages the smoke mount opens at once, and the main-thread rule's traces after it, a browser each.
 * A page's mount waits on the network going quiet and on its hydration as much as it computes: on
 * this 2-core machine three lanes took the shell's gate from 63 s to 50 s with every page traced, and
 * its traces, read from the renderer's own CPU time, kept a third of a core or more.
 */
const GATE_LANES = 3;

/** How many times the site's render time limit a smoke render may take (only a far slower one refuses). */
export const RENDER_TIME_LIMIT_FACTOR = 10;

export interface SmokeOptions {
  /** The CMS the pages read (it must allow the gate's origin, DEPLOY_GATE_PORT). */
  env: NodeJS.ProcessEnv;
  chromiumPath: string;
  /** The app's live version, whose main-thread figures the candidate's are compared with. */
  liveVersion: string | null;
  /** What the gate says beside its verdict (a page it could not judge, the live figures it kept): never a refusal. */
  notes: string[];
  /** Keeps the pages tried, with screenshots, for the gate's report (gate-report.ts). */
  recorder?: GateRecorder;
  /** Told what the smoke tests do now. */
  onStep?: (line: string) => void;
}

/** Every live remote's pages, the candidate's in place of its live version's. */
function candidatePages(
  candidate: Candidate,
  manifest: AppManifest,
  live: Partial<Record<AppName, AppManifest>>,
): RemotePages {
  const pages: RemotePages = {};
  for (const [app, own] of Object.entries(live)) if (app !== 'shell' && own) pages[app] = own.pages;
  if (candidate.app !== 'shell') pages[candidate.app] = manifest.pages;
  return pages;
}

/**
 * The apps whose page kinds are tried: the candidate's own (a shell's: every live app's), and the
 * hosts of every slot the candidate fills — its contributions are tried where they will be shown.
 */
function appsToTry(
  candidate: Candidate,
  manifest: AppManifest,
  live: Partial<Record<AppName, AppManifest>>,
  sitePages: RemotePages,
): string[] {
  if (candidate.app === 'shell') return Object.keys(sitePages);
  const filled = new Set((manifest.contributions ?? []).map(({ slot }) => slot));
  const hosts = (Object.entries(live) as [AppName, AppManifest][])
    .filter(
      ([app, own]) =>
        app !== candidate.app &&
        app !== 'shell' &&
        Object.keys(own.slotHosts ?? {}).some((slot) => filled.has(slot as never)),
    )
    .map(([app]) => app);
  return [candidate.app, ...hosts];
}

/**
 * The apps whose slot contributions the candidate puts in play: its own, when it fills slots, and
 * the live apps filling a slot it hosts. Where one of theirs shows on a page, the page is opened
 * signed in too: a contribution may read the visitor's session and fail only for a customer.
 */
function contributorsInPlay(
  candidate: Candidate,
  manifest: AppManifest,
  live: Partial<Record<AppName, AppManifest>>,
): string[] {
  const hosted = new Set(Object.keys(manifest.slotHosts ?? {}));
  const others = (Object.entries(live) as [string, AppManifest][])
    .filter(([app, own]) => app !== candidate.app && (own.contributions ?? []).some(({ slot }) => hosted.has(slot)))
    .map(([app]) => app);
  return [...(manifest.contributions?.length ? [candidate.app] : []), ...others];
}

/** The gate's browser went away before the gate could judge (the app server stopping): no verdict. */
export class GateBrowserClosed extends Error {
  constructor() {
    super("the gate's browser closed before it could judge the version (the app server is stopping?): try again");
    this.name = 'GateBrowserClosed';
  }
}

/** Runs both smoke tests; the first failure as one line, or null. */
export async function smokeTest(
  candidate: Candidate,
  manifest: AppManifest,
  live: Partial<Record<AppName, AppManifest>>,
  options: SmokeOptions,
): Promise<RuleResult> {
  // What the trial server saw, as typed records (its log lines are for people).
  const seen: SiteSeen = { fallbacks: [], failures: [], slotFailures: [] };
  const port = await gatePort(options.env);
  const site = loadConfig(options.env).rendering;
  const config = loadConfig({
    ...options.env,
    BUILDS_DIR: candidate.buildsDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    SITE_URL: `http://127.0.0.1:${port}`,
    SSR_THREADS: '1',
    SSR_TIME_LIMIT_MS: String(site.renderTimeLimitMs * RENDER_TIME_LIMIT_FACTOR),
    // A slot contribution's too: at the site's own 100 ms, a busy machine had the gate refuse the
    // inquiry app for a basket row rendered in 180 ms.
    SSR_SLOT_TIME_LIMIT_MS: String(site.slotTimeLimitMs * RENDER_TIME_LIMIT_FACTOR),
    // The gate is one client asking for many pages on purpose.
    RENDER_RATE_LIMIT_PER_MINUTE: 'off',
  });
  const server = buildSiteServer(config, {
    liveOverlay: { [candidate.app]: candidate.version },
    events: {
      renderFellBack: (fallback) => seen.fallbacks.push(fallback),
      remoteFailed: (report) => seen.failures.push(report),
      slotFailed: (failure) => seen.slotFailures.push(failure),
    },
  }).app;
  try {
    await server.listen({ port, host: '127.0.0.1' });
  } catch (error) {
    await server.close();
    // Taken between the look and the listen: said the same way, with the port that was lost.
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') throw gatePortsBusy(port, String(port));
    throw error;
  }
  const base = `http://127.0.0.1:${port}`;
  const sitePages = candidatePages(candidate, manifest, live);
  try {
    options.onStep?.('finding a real page of every page kind');
    const pages = await pageKindSamples(base, sitePages, appsToTry(candidate, manifest, live, sitePages));
    options.onStep?.(`smoke render of ${pages.length} pages`);
    const rendered = await smokeRender(base, pages, seen, candidate.app, config.rendering.renderTimeLimitMs, {
      ...(options.recorder ? { recorder: options.recorder } : {}),
      // The shell's own slots, on every page: its header's counter.
      onEveryPage: Object.keys((candidate.app === 'shell' ? manifest : live['shell'])?.slotHosts ?? {}),
    });
    if (rendered) return rendered;
    const flows = flowsFor(candidate.app, sitePages);
    const contributors = contributorsInPlay(candidate, manifest, live);
    const signsIn = pages.some(isGuarded) || flows.some((flow) => flow.signsIn) || contributors.length > 0;
    return await withThrowawayCustomer(config, signsIn, async (customer) => {
      options.onStep?.(`smoke mount of ${pages.length} pages in Chromium, then the flows and the main thread`);
      const versions = {
        buildsDir: candidate.buildsDir,
        app: candidate.app,
        candidate: candidate.version,
        live: options.liveVersion,
      };
      // The pages the main-thread rule traces are traced by the mount as it opens them.
      const plan = await planMainThread(pages, versions);
      // A browser per lane: a trace is the whole browser's.
      const browsers = await takeGateBrowsers(options.chromiumPath, GATE_LANES);
      const browser = browsers[0]!;
      try {
        const signedIn = customer && { customer, cookie: config.runtime.cookie, contributors };
        const verdict =
          (await smokeMount(browsers, base, pages, seen, {
            signedIn,
            recorder: options.recorder,
            onStep: options.onStep,
            trace: plan,
          })) ??
          (await triedAsBrowsersDo(
            () => runFlows(flows, { browser, base, pages: sitePages, customer, cookie: config.runtime.cookie }),
            (failure) => options.onStep?.(`a flow's code did not load (${failure.slice(0, 120)}…): tried again`),
          )) ??
          (await mainThreadRule(browsers, base, pages, versions, options.notes, plan));
        // Playwright closes the browsers it launched when this process is told to stop (SIGINT,
        // SIGTERM) while the server still finishes its requests: a page that then failed says
        // nothing of the version, and must never be recorded as its refusal.
        if (verdict && browsers.some((each) => !each.isConnected())) throw new GateBrowserClosed();
        return verdict;
      } finally {
        await Promise.all(browsers.map((each) => giveBackGateBrowser(each, options.chromiumPath)));
      }
    });
  } finally {
    await server.close();
  }
}
