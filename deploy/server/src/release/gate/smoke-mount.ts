/**
 * The gate's smoke mount (smoke.ts): headless Chromium opens each page, the app mounts with no
 * uncaught error, no contained failure and no failure report, and one internal link per app
 * navigates in the page; a page behind sign-in (guard `auth`) is opened signed in as a throwaway
 * customer, and a page showing a slot contribution in play is opened again signed in (a
 * contribution may fail only for a customer).
 *
 * A public page kind the main-thread rule must trace (main-thread.ts) is opened cold — in a context
 * of its own, the only page of its browser — with the renderer's trace on until it has
 * hydrated and settled: one visit gives both the mount's verdict and the page's figure, where the
 * gate used to open each such page twice.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { RemoteName } from '@steel/contract';
import type { loadConfig } from '../../config';
import type { RuleResult } from './static-rules';
import type { SamplePage } from './page-samples';
import { signInContext, type ThrowawayCustomer } from './throwaway-customer';
import { contributionsSettled, followOneLink, mountedOrFailed, watchPage } from './page-checks';
import type { GateRecorder } from './gate-report';
import { firstRefusalInLanes, triedAsBrowsersDo } from './check-lanes';
import type { SiteSeen } from './smoke-render';
import { finishPageTrace, startPageTrace, type MainThreadPlan } from './main-thread';

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

/**
 * One of the smoke's browsers, one per lane. Pages opened signed out, or as the customer, share a
 * context of the first browser not tracing — and its cache, as a visitor's tabs do; a page to trace
 * takes a browser with no page open, so that it is alone in the trace (a trace is the whole
 * browser's). With as many browsers as lanes, each check finds one.
 */
interface MountBrowser {
  browser: Browser;
  /** Checks using it now. */
  inUse: number;
  tracing: boolean;
  /** Made when first needed: signed out, and signed in as the throwaway customer. */
  contexts: Partial<Record<'visitor' | 'customer', Promise<BrowserContext>>>;
}

/** A page only a signed-in customer sees (the shell's `auth` guard). */
export const isGuarded = (page: SamplePage) => page.route.guards.includes('auth');

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

export async function smokeMount(
  /** One per lane: pages are opened as many at a time. */
  browsers: readonly Browser[],
  base: string,
  pages: SamplePage[],
  seen: SiteSeen,
  {
    signedIn,
    recorder,
    onStep,
    trace,
  }: {
    signedIn: {
      customer: ThrowawayCustomer;
      cookie: ReturnType<typeof loadConfig>['runtime']['cookie'];
      /** Apps whose contributions, where a page shows them, have it opened again signed in. */
      contributors: string[];
    } | null;
    recorder?: GateRecorder | undefined;
    onStep?: ((line: string) => void) | undefined;
    /** The main-thread rule's plan: its pages to trace are traced as they are opened, their figures kept in it. */
    trace?: MainThreadPlan | undefined;
  },
): Promise<RuleResult> {
  const mountBrowsers: MountBrowser[] = browsers.map((browser) => ({
    browser,
    inUse: 0,
    tracing: false,
    contexts: {},
  }));
  /** A check takes a browser for its whole time (its tries included). */
  const takeBrowser = (toTrace: boolean) => {
    const taken = mountBrowsers.find((each) => (toTrace ? !each.inUse : !each.tracing))!;
    taken.inUse++;
    taken.tracing = toTrace;
    return taken;
  };
  // Signed-in pages in a context of their own (signed out, guarded ones only bounce to sign-in).
  const contextOf = (each: MountBrowser, who: 'visitor' | 'customer') =>
    (each.contexts[who] ??= each.browser.newContext({ baseURL: base }).then(async (context) => {
      if (who === 'customer' && signedIn) await signInContext(context, base, signedIn.customer, signedIn.cookie);
      return context;
    }));
  const toTrace = (mount: Mount) => !mount.signedIn && Boolean(trace?.toTrace.has(mount.sample));
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

  async function mountOne(mount: Mount, taken: MountBrowser, enqueue: (mount: Mount) => void): Promise<string | null> {
    const { browser } = taken;
    const { sample, signedIn: asCustomer } = mount;
    const { app, url, real } = sample;
    const mountRefusal = (findings: Array<string | null>) =>
      refusalLine(app, url, findings, asCustomer && !isGuarded(sample));
    // Cold, in a context of its own, when the main-thread rule needs its trace.
    const coldContext = toTrace(mount) ? await browser.newContext({ baseURL: base }) : null;
    const page = await (coldContext ?? (await contextOf(taken, asCustomer ? 'customer' : 'visitor'))).newPage();
    const problems = watchPage(page);
    let tracing = false;
    try {
      if (coldContext) {
        await startPageTrace(browser, page);
        tracing = true;
      }
      await page.goto(url, { waitUntil: 'load' });
      // A page behind a guard may have moved (to sign-in): it is that app that must mount.
      const owner =
        ((await page.evaluate(() =>
          document.querySelector('[data-app-container]:not(:empty)')?.getAttribute('data-app-container'),
        )) as RemoteName | null) ?? app;
      const shownFailure = await mountedOrFailed(page, owner, real);
      if (tracing) {
        tracing = false;
        trace?.tracedInMount.set(sample, await finishPageTrace(browser, page, app, !shownFailure));
      }
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
      // A trace left running would refuse the browser's next one.
      if (tracing) await browser.stopTracing().catch(() => undefined);
      await page.close();
      await coldContext?.close();
    }
  }

  try {
    return await firstRefusalInLanes(mounts, mountBrowsers.length, async (mount, enqueue) => {
      const taken = takeBrowser(toTrace(mount));
      try {
        return await triedAsBrowsersDo(
          () => mountOne(mount, taken, enqueue),
          (failure) => {
            // Its link is tried again with it.
            linkTried.delete(mount.sample.app);
            onStep?.(`${mount.sample.url}: its code did not load (${failure.slice(0, 120)}…): opened again`);
          },
        );
      } finally {
        taken.inUse--;
        taken.tracing = false;
      }
    });
  } finally {
    const contexts = mountBrowsers.flatMap((each) => Object.values(each.contexts));
    await Promise.all(contexts.map((context) => context.then((opened) => opened.close()).catch(() => undefined)));
  }
}
