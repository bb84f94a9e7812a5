/**
 * What the deploy gate looks for on a page in Chromium, for the smoke mount (smoke.ts) and the
 * flows across apps (flows.ts) alike: uncaught errors and failure reports, the views that stand
 * for a failure, and a link that must navigate inside the page.
 */
import type { Page } from 'playwright-core';
import { REMOTE_FAILURE_REPORT_PATH, type RemoteName } from '@steel/contract';

/** What went wrong on the page so far: uncaught errors, a contained failure, a failure report. */
export function watchPage(page: Page) {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`uncaught ${error.message.split('\n')[0]}`));
  page.on('request', (request) => {
    if (request.url().endsWith(REMOTE_FAILURE_REPORT_PATH)) problems.push('the page reported a failure');
  });
  return problems;
}

/**
 * What a page shows instead of the app when something failed: the shell's contained remote
 * failure, the site's fatal error page, or an error view in the app's place (a page whose view or
 * data failed) — each a failure of the version under test, whatever the page still shows around it.
 */
const IN_PLACE_ERRORS = '[data-app-container] [data-page-data-error], [data-app-container] [data-page-error]';
const FAILURE_VIEWS = `[data-testid="remote-error"], [data-testid="error-status"], ${IN_PLACE_ERRORS}`;

export async function mountedOrFailed(page: Page, app: RemoteName, real: boolean): Promise<string | null> {
  const container = `#app-${app}`;
  // Mounted = the app's own React root holds its container (a root on it or just inside it). Markup
  // alone is not enough: a server-rendered page is on screen before the app's code has run (the
  // shell starts after the first frame), and a view that throws in the browser throws only then.
  // (No named functions inside: the server runs under tsx, whose name helper the page lacks.)
  try {
    await page.waitForFunction(
      ({ selector, failures }) => {
        if (document.querySelector(failures)) return true;
        const element = document.querySelector(selector);
        return Boolean(
          element?.childElementCount &&
          [element, ...element.querySelectorAll(':scope > *, :scope > * > *')].some((candidate) =>
            Object.keys(candidate).some((key) => key.startsWith('__reactContainer')),
          ),
        );
      },
      { selector: container, failures: FAILURE_VIEWS },
      { timeout: 15_000, polling: 100 },
    );
  } catch {
    return `${container} was not mounted by the app's code within 15 s`;
  }
  // Late failures: a page's chunk and data load after the mount, and a view throws when it renders
  // them. Wait for the network to go quiet (bounded), then for a report on its way.
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => {});
  await page.waitForTimeout(300);
  return failureShown(page, real);
}

/** `real`: the page exists (found by a link); a made-up sample may rightly be the 404 page. */
export async function failureShown(page: Page, real: boolean): Promise<string | null> {
  if (await page.locator('[data-testid="remote-error"]').count()) return 'the shell showed the remote as failed';
  if (real && (await page.locator('[data-testid="error-status"]').count()))
    return `the site's error page (${(await page.locator('[data-testid="error-status"]').first().textContent())?.trim()}) replaced the page`;
  const inPlace = page.locator(IN_PLACE_ERRORS).first();
  if (await inPlace.count())
    return `the page showed an error in its place: «${(
      await inPlace
        .locator('h1, h2')
        .first()
        .textContent()
        .catch(() => '')
    )?.trim()}»`;
  return null;
}

/** Clicks the first internal link inside the app (or `link`): the page must change without a full load. */
export async function followOneLink(
  page: Page,
  app: RemoteName,
  link = page.locator(`#app-${app} a[href^="/"]:visible`).first(),
): Promise<string | null> {
  if (!(await link.count())) return null; // a page with no link of its own (sign-in forms)
  const href = await link.getAttribute('href');
  // A server-rendered link is the browser's until the app's code has taken its page over (the
  // shell starts after the first frame): a press before then is a full load, the page's right, not a
  // fault. Taken over = the app's React root holds the link (a root created on an element inside the
  // app's container): from then on a press is React's, replayed once a part hydrated when needed is.
  // (No named functions inside: the server runs under tsx, whose name helper the page lacks.)
  const takenOver = await link
    .elementHandle({ timeout: 5_000 })
    .then((handle) =>
      page.waitForFunction(
        ([node, appContainer]) => {
          const container = document.querySelector(appContainer);
          for (let element: Element | null = node; element; element = element.parentElement) {
            if (Object.keys(element).some((key) => key.startsWith('__reactContainer'))) return true;
            if (element === container) return false;
          }
          return false;
        },
        [handle, `#app-${app}`] as const,
        { timeout: 15_000, polling: 100 },
      ),
    )
    .then(
      () => true,
      () => false,
    );
  if (!takenOver)
    return `the link to ${href} was never taken over by ${app}'s code: its page stayed as the server sent it`;
  await page.evaluate(() => ((window as unknown as { __gateMarker: boolean }).__gateMarker = true));
  await link.click();
  try {
    await page.waitForURL((target) => target.pathname + target.search === href || target.href.endsWith(href ?? ''), {
      timeout: 10_000,
    });
  } catch {
    return `the link to ${href} did not navigate (a broken navigate prop?)`;
  }
  const sameDocument = await page.evaluate(
    () => (window as unknown as { __gateMarker?: boolean }).__gateMarker === true,
  );
  if (!sameDocument) return `the link to ${href} reloaded the whole page instead of navigating inside it`;
  return null;
}

/**
 * Waits until the slot contributions of these apps on the page have run: each holds its React
 * root, and the page's main thread has then been idle a while (bounded). A contribution reading
 * the visitor's session renders once as nobody (hydration matches the shared server HTML) and
 * again as the customer right after — a failure only a customer meets comes at that second
 * render, which a network gone quiet does not wait for.
 */
export async function contributionsSettled(page: Page, contributors: string[]): Promise<void> {
  // (No named functions inside: the server runs under tsx, whose name helper the page lacks.)
  await page
    .waitForFunction(
      (apps) =>
        [...document.querySelectorAll('[data-slot-contribution]')]
          .filter((element) => apps.includes(element.getAttribute('data-slot-contribution') ?? ''))
          .every((element) => Object.keys(element).some((key) => key.startsWith('__reactContainer'))),
      contributors,
      { timeout: 10_000, polling: 100 },
    )
    .catch(() => {}); // one that failed to load has no root: its report is what the gate reads
  await page.evaluate(async () => {
    const end = Date.now() + 5_000;
    for (let quiet = 0; quiet < 3 && Date.now() < end;) {
      const remaining = await new Promise<number>((resolve) =>
        requestIdleCallback((deadline) => resolve(deadline.timeRemaining()), { timeout: 1_000 }),
      );
      quiet = remaining > 40 ? quiet + 1 : 0;
    }
  });
  // A report is sent as the contribution fails: give it a moment to leave.
  await page.waitForTimeout(300);
}
