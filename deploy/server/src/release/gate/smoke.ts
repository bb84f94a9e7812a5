/**
 * The deploy gate's smoke tests: the live site with the candidate version in place, served by a
 * real app server on loopback (the same render workers, registry and pages a visitor gets), on
 * one real page of every page kind of the app (or, for a shell, of every live app: page-samples.ts) —
 * - smoke render: the server renders each page whole, without the remote being left to the browser;
 * - smoke mount: headless Chromium opens each page, the app mounts with no uncaught error, no
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
 * render may take `RENDER_TIME_LIMIT_FACTOR` times the site's render time limit before it counts as
 * left to the browser — far beyond any honest page.
 */
import { chromium, type Browser, type Page } from 'playwright-core';
import type { RemotePages } from '@steel/contract';
import type { AppManifest, RemoteName } from '@steel/contract';
import { buildSiteServer, type RemoteFailureReport, type RenderFallback } from '../../site/site-server';
import { loadConfig } from '../../config';
import type { AppName } from '../../live-set/builds-folder';
import type { Candidate, RuleResult } from './static-rules';
import { pageKindSamples, type SamplePage } from './page-samples';
import { signInContext, withThrowawayCustomer, type ThrowawayCustomer } from './throwaway-customer';
import { flowsFor, runFlows } from './flows';
import { contributionsSettled, followOneLink, mountedOrFailed, watchPage } from './page-checks';
import { mainThreadRule } from './main-thread';
import { gatePort, gatePortsBusy } from './trial-port';
import type { GateRecorder } from './gate-report';
import type { SlotFailure } from '../../rendering/slot-contributions';

/** How many times the site's render time limit a smoke render may take (only a far slower one refuses). */
export const RENDER_TIME_LIMIT_FACTOR = 10;

export interface SmokeOptions {
  /** The CMS the pages read (it must allow the gate's origin, DEPLOY_GATE_PORT). */
  env: NodeJS.ProcessEnv;
  chromiumPath: string;
  /** The app's live version, whose main-thread figures the candidate's are compared with. */
  liveVersion: string | null;
  /** What the gate could not judge (a machine too busy): said, never refused. */
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

/** What the trial server told the gate while it ran. */
interface SiteSeen {
  fallbacks: RenderFallback[];
  failures: RemoteFailureReport[];
  /** Contributions the server left out of a page's slots. */
  slotFailures: Array<SlotFailure & { url: string }>;
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

const launchChromium = (executablePath: string) =>
  chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });

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
  const siteTimeLimitMs = loadConfig(options.env).rendering.renderTimeLimitMs;
  const config = loadConfig({
    ...options.env,
    BUILDS_DIR: candidate.buildsDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    SITE_URL: `http://127.0.0.1:${port}`,
    SSR_THREADS: '1',
    SSR_TIME_LIMIT_MS: String(siteTimeLimitMs * RENDER_TIME_LIMIT_FACTOR),
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
    const rendered = await smokeRender(
      base,
      pages,
      seen,
      candidate.app,
      config.rendering.renderTimeLimitMs,
      options.recorder,
    );
    if (rendered) return rendered;
    const flows = flowsFor(candidate.app, sitePages);
    const contributors = contributorsInPlay(candidate, manifest, live);
    const signsIn = pages.some(isGuarded) || flows.some((flow) => flow.signsIn) || contributors.length > 0;
    return await withThrowawayCustomer(config, signsIn, async (customer) => {
      options.onStep?.(`smoke mount of ${pages.length} pages in Chromium, then the flows and the main thread`);
      const browser = await launchChromium(options.chromiumPath);
      try {
        const signedIn = customer && { customer, cookie: config.runtime.cookie, contributors };
        const verdict =
          (await smokeMount(browser, base, pages, seen, signedIn, options.recorder, options.onStep)) ??
          (await triedAsBrowsersDo(
            () => runFlows(flows, { browser, base, pages: sitePages, customer, cookie: config.runtime.cookie }),
            (failure) => options.onStep?.(`a flow's code did not load (${failure.slice(0, 120)}…): tried again`),
          )) ??
          (await weighMainThread(
            browser,
            options.chromiumPath,
            base,
            pages,
            {
              buildsDir: candidate.buildsDir,
              app: candidate.app,
              candidate: candidate.version,
              live: options.liveVersion,
            },
            options.notes,
          ));
        // Playwright closes the browsers it launched when this process is told to stop (SIGINT,
        // SIGTERM) while the server still finishes its requests: a page that then failed says
        // nothing of the version, and must never be recorded as its refusal.
        if (verdict && !browser.isConnected()) throw new GateBrowserClosed();
        return verdict;
      } finally {
        await browser.close();
      }
    });
  } finally {
    await server.close();
  }
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
async function renderOnce(base: string, url: string, seen: SiteSeen, timeLimitMs: number): Promise<string | null> {
  const fallbacksOf = () => seen.fallbacks.filter((fallback) => fallback.url === url);
  const deadline = Date.now() + RENDERS_OVER_TIME_ALLOWED * (timeLimitMs + 1000) + 5000;
  for (;;) {
    const response = await fetch(base + url, { redirect: 'manual' });
    await response.arrayBuffer();
    const render = response.headers.get('x-render');
    if (response.status < 500 && render !== 'partial') return null;
    // The server says why it left the remote to the browser (a throw, the time limit, no entry).
    const fallbacks = fallbacksOf();
    const reason = fallbacks.at(-1)?.reason;
    const overTimeOnly = fallbacks.length > 0 && fallbacks.every((fallback) => TIMED_OUT_RENDER.test(fallback.reason));
    if (!overTimeOnly || fallbacks.length >= RENDERS_OVER_TIME_ALLOWED || Date.now() > deadline)
      return `answered ${response.status}${render ? ` (${render})` : ''}${reason ? `: ${reason}` : ''}`;
    await new Promise((resolve) => setTimeout(resolve, RENDER_POLL_MS));
  }
}

async function smokeRender(
  base: string,
  pages: SamplePage[],
  seen: SiteSeen,
  candidateApp: string,
  timeLimitMs: number,
  recorder?: GateRecorder,
): Promise<RuleResult> {
  for (const { url, route, app } of pages) {
    if (route.rendering !== 'server') continue;
    recorder?.rendered(url);
    const failure = await renderOnce(base, url, seen, timeLimitMs);
    if (failure)
      return `smoke render: ${app} ${url} ${failure}; fix its server render (\`npm run dev -w mf-${app}\` runs it alone)`;
    // The candidate's own contribution left out of a host's page is its failure (another app's is not).
    const slotFailure = seen.slotFailures.find(
      (seenFailure) => seenFailure.url === url && seenFailure.app === candidateApp,
    );
    if (slotFailure)
      return `smoke render: ${app} ${url}: ${candidateApp}'s contribution to ${slotFailure.slot} was left out: ${slotFailure.reason}; fix its renderSlot`;
  }
  return null;
}

/** What the failure reports the server received for a path say (the kind and the error). */
async function reportedFailures(seen: SiteSeen, pathname: string): Promise<string[]> {
  // A beacon is sent as the page fails: give it a moment to arrive.
  await new Promise((resolve) => setTimeout(resolve, 300));
  return seen.failures
    .filter((report) => report.route === pathname)
    .map((report) => `${report.kind} failure: ${report.failure.split('\n')[0]}`);
}

/** One line for a page that did not mount: each finding once (a guarded reload repeats them). */
function refusalLine(app: RemoteName, url: string, findings: Array<string | null>, signedIn = false): string {
  return `smoke mount: ${app} ${url}${signedIn ? ' (signed in)' : ''}: ${[...new Set(findings.filter(Boolean))].join(' — ')}; open the page in a browser with this version live to see it`;
}

/** A page to open, and whether as the throwaway customer. */
interface Mount {
  sample: SamplePage;
  signedIn: boolean;
}

/** Pages opened at once: two keep both cores busy without starving the server's render workers. */
const MOUNT_LANES = 2;

/**
 * A failure to load code or a federation manifest (webpack's 8 s chunk limit, a federation load, the shell's
 * reload after one): on a machine busy with other work it can be the machine, not the version.
 * A visitor's browser tries again (the shell reloads once, a retry button) — so does the gate,
 * opening the page afresh up to `LOAD_TRIES` times before the failure counts. A version whose
 * files are missing or broken fails every time and is refused all the same.
 */
const LOAD_FAILURE_RE =
  /Loading (CSS )?chunk [\w-]+ failed|ChunkLoadError|dynamically imported module|Failed to (fetch|load)|manifest|load failure:|reloaded itself/i;
export const LOAD_TRIES = 3;

/** Runs `attempt` again while it fails to load code, up to LOAD_TRIES; the last word, saying how often it was tried. */
export async function triedAsBrowsersDo(
  attempt: () => Promise<string | null>,
  onRetry: (failure: string) => void,
): Promise<string | null> {
  for (let tries = 1; ; tries++) {
    const failure = await attempt();
    if (!failure || !LOAD_FAILURE_RE.test(failure)) return failure;
    if (tries >= LOAD_TRIES) return `${failure} (the same in ${tries} fresh loads)`;
    onRetry(failure);
  }
}

/**
 * Checks the items `lanes` at a time; the first refusal any lane finds is the answer, and no lane
 * starts another item after it. Each check is awaited before the refusal is read: a lane whose check
 * passed must never write its null over another lane's refusal.
 *
 * A check may add items (`enqueue`: a page to open again signed in). They are taken before the items
 * still waiting, so a version failing only there is refused without opening every other page first,
 * and a lane that found nothing to do waits while another still checks, to take them at once.
 *
 * It returns only when no check runs any more: a check that threw stops the lanes from starting
 * others and is thrown once the rest have ended, so the caller never closes a page or a context
 * under a lane still using it.
 */
export async function firstRefusalInLanes<T>(
  items: readonly T[],
  lanes: number,
  check: (item: T, enqueue: (item: T) => void) => Promise<string | null>,
): Promise<string | null> {
  const queue = [...items];
  let refusal: string | null = null;
  let thrown = null as { error: unknown } | null;
  let running = 0;
  const idle: Array<() => void> = [];
  const wakeIdle = () => {
    for (const wake of idle.splice(0)) wake();
  };
  const enqueue = (item: T) => {
    queue.unshift(item);
    wakeIdle();
  };
  const lane = async () => {
    while (!refusal && !thrown) {
      const next = queue.shift();
      if (next === undefined) {
        if (!running) return;
        await new Promise<void>((resolve) => idle.push(resolve));
        continue;
      }
      running++;
      try {
        const found = await check(next, enqueue);
        refusal ??= found;
      } catch (error) {
        thrown ??= { error };
      } finally {
        running--;
        wakeIdle();
      }
    }
  };
  await Promise.all(Array.from({ length: lanes }, lane));
  if (thrown) throw thrown.error;
  return refusal;
}

/** A page only a signed-in customer sees (the shell's `auth` guard). */
const isGuarded = (page: SamplePage) => page.route.guards.includes('auth');

/** Where contributions of these apps show on a page: inside its app's container, in the layout around it. */
const contributionsShown = ({ app, contributors }: { app: string; contributors: string[] }) => {
  const shown = [...document.querySelectorAll('[data-slot-contribution]')].filter((element) =>
    contributors.includes(element.getAttribute('data-slot-contribution') ?? ''),
  );
  return {
    inApp: shown.some((element) => element.closest(`#app-${app}`)),
    inLayout: shown.some((element) => !element.closest('[data-app-container]')),
  };
};

async function smokeMount(
  browser: Browser,
  base: string,
  pages: SamplePage[],
  seen: SiteSeen,
  signedIn: {
    customer: ThrowawayCustomer;
    cookie: ReturnType<typeof loadConfig>['runtime']['cookie'];
    /** Apps whose contributions, where a page shows them, have it opened again signed in. */
    contributors: string[];
  } | null,
  recorder?: GateRecorder,
  onStep?: (line: string) => void,
): Promise<RuleResult> {
  const context = await browser.newContext({ baseURL: base });
  // Signed-in pages in a context of their own (signed out, guarded ones only bounce to sign-in).
  const customerContext = signedIn ? await browser.newContext({ baseURL: base }) : null;
  if (customerContext && signedIn) await signInContext(customerContext, base, signedIn.customer, signedIn.cookie);
  const linkTried = new Set<RemoteName>();
  const mounts: Mount[] = pages.map((sample) => ({ sample, signedIn: isGuarded(sample) }));
  // The layout's slots are on every page: one page opened signed in stands for them.
  let layoutSlotsSignedIn = false;
  // Once each (a mount tried again after its code failed to load would ask a second time).
  const queuedSignedIn = new Set<string>();

  /** Opens the page again signed in when contributions in play show on it. */
  async function againSignedIn(page: Page, sample: SamplePage, enqueue: (mount: Mount) => void) {
    if (!signedIn?.contributors.length) return;
    const shown = await page.evaluate(contributionsShown, { app: sample.app, contributors: signedIn.contributors });
    if (!shown.inApp && (!shown.inLayout || layoutSlotsSignedIn)) return;
    if (queuedSignedIn.has(sample.url)) return;
    queuedSignedIn.add(sample.url);
    layoutSlotsSignedIn ||= shown.inLayout;
    enqueue({ sample, signedIn: true });
  }

  async function mountOne(
    { sample, signedIn: asCustomer }: Mount,
    enqueue: (mount: Mount) => void,
  ): Promise<string | null> {
    const { app, url, real } = sample;
    const mountRefusal = (findings: Array<string | null>) =>
      refusalLine(app, url, findings, asCustomer && !isGuarded(sample));
    const page = await (asCustomer && customerContext ? customerContext : context).newPage();
    const problems = watchPage(page);
    try {
      await page.goto(url, { waitUntil: 'load' });
      // A page behind a guard may have moved (to sign-in): it is that app that must mount.
      const owner =
        ((await page.evaluate(() =>
          document.querySelector('[data-app-container]:not(:empty)')?.getAttribute('data-app-container'),
        )) as RemoteName | null) ?? app;
      const shownFailure = await mountedOrFailed(page, owner, real);
      // Signed in, the contributions in play render again as the customer: their failure comes then.
      if (asCustomer && signedIn?.contributors.length) await contributionsSettled(page, signedIn.contributors);
      const failed = [shownFailure, ...problems].filter(Boolean);
      await recorder?.mounted(page, url);
      if (failed.length)
        return mountRefusal([...failed, ...(await reportedFailures(seen, new URL(page.url()).pathname))]);
      if (!asCustomer) await againSignedIn(page, sample, enqueue);
      if (linkTried.has(app)) return null;
      linkTried.add(app);
      const linkFailure = await followOneLink(page, app);
      if (linkFailure) return `smoke mount: ${app} ${url}: ${linkFailure}`;
      // A failure that came while the link was tried (a server-rendered page is on screen before
      // the app's code runs, so its mount can fail after the page looked mounted): said with what
      // the page reported, from where it was and where the link went.
      if (!problems.length) return null;
      const reported = await Promise.all(
        [...new Set([new URL(url, base).pathname, new URL(page.url()).pathname])].map((pathname) =>
          reportedFailures(seen, pathname),
        ),
      );
      return mountRefusal([...reported.flat(), ...problems]);
    } catch (error) {
      // The page went away under the test — the shell reloads once when a remote's code fails to
      // load, or the tab crashed: that is the finding, said like any other, never a gate crash.
      const message = (error as Error).message ?? String(error);
      const what = /Execution context was destroyed|navigation/i.test(message)
        ? "the page reloaded itself while mounting (the shell does so once when a remote's code fails to load)"
        : `the browser failed: ${message.split('\n')[0]}`;
      return mountRefusal([what, ...problems, ...(await reportedFailures(seen, new URL(url, base).pathname))]);
    } finally {
      await page.close();
    }
  }

  try {
    return await firstRefusalInLanes(mounts, MOUNT_LANES, (mount, enqueue) =>
      triedAsBrowsersDo(
        () => mountOne(mount, enqueue),
        (failure) => {
          // Its link is tried again with it.
          linkTried.delete(mount.sample.app);
          onStep?.(`${mount.sample.url}: its code did not load (${failure.slice(0, 120)}…): opened again`);
        },
      ),
    );
  } finally {
    await context.close();
    await customerContext?.close();
  }
}

/** The main-thread rule in two lanes: the smoke's browser and one more (a trace is a browser's own). */
async function weighMainThread(
  browser: Browser,
  chromiumPath: string,
  ...measure: DropFirst<Parameters<typeof mainThreadRule>>
): Promise<RuleResult> {
  const second = await launchChromium(chromiumPath);
  try {
    return await mainThreadRule([browser, second], ...measure);
  } finally {
    await second.close();
  }
}
type DropFirst<T extends unknown[]> = T extends [unknown, ...infer Rest] ? Rest : never;
