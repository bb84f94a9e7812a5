/**
 * The deploy gate's flows: what a visitor does across apps, tried in Chromium on the live site
 * with the candidate in place, after the smoke mount passed (smoke.ts). Each app's pages may
 * mount well while the contract between apps is broken — a shell that no longer announces
 * `session:changed` keeps the same contract version and mounts every page, and a signed-out tab
 * went on showing the panel. A flow that fails refuses the version with one line naming it.
 *
 * - sign in → the panel sees the session: the panel's sign-in form (where the shell's guard sends
 *   a signed-out visitor of /panel) signs the throwaway customer in with the shell's session; the
 *   panel greets them by name and the shell's header shows the account, in the same document;
 * - sign out in one tab → the other tab follows: the session store's cross-tab sync (the `user`
 *   mirror in localStorage, `session:changed` in the other tab) takes the other tab off /panel;
 * - a remote's toast appears: the catalogue's «copy link» emits `toast:add`, the shell shows it;
 * - a remote's link to another app navigates without a reload: the catalogue's sign-in link on a
 *   page that asks a signed-out visitor to sign in leads to the panel's form inside the page (the
 *   smoke mount's link check, `followOneLink`, on a link that crosses apps).
 *
 * A flow names the pages it visits, not apps: the app that owns each page on the live site (with
 * the candidate in place) is the one it exercises, whatever its name. A flow runs when the
 * candidate owns one of its pages (a shell takes part in all) and every one of its pages has an
 * owner; each in a browser context of its own.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { RemotePages } from '@steel/contract';
import { findPageRoute } from '@steel/contract';
import type { ServerConfig } from '../../config';
import { type AppName, SHELL } from '../../live-set/builds-folder';
import type { RuleResult } from './static-rules';
import { signInContext, type ThrowawayCustomer } from './throwaway-customer';
import { failureShown, followOneLink, mountedOrFailed, watchPage } from './page-checks';

export interface FlowSite {
  browser: Browser;
  base: string;
  /** Every live app's pages, the candidate's in place of its live version's. */
  pages: RemotePages;
  /** The signed-in flows' customer (null when no flow the candidate takes part in signs in). */
  customer: ThrowawayCustomer | null;
  cookie: ServerConfig['runtime']['cookie'];
}

export interface Flow {
  name: string;
  /** The pages the flow visits: their owners are the apps it exercises (besides the shell, which every flow does). */
  visits: readonly string[];
  signsIn: boolean;
  run(context: BrowserContext, site: FlowSite): Promise<string | null>;
}

/** The pages the flows visit: the customer panel's home, its sign-out page, a category, a page asking to sign in. */
const PANEL_HOME = '/panel';
const SIGN_OUT_PAGE = '/panel/logout';
const CATEGORY_PAGE = '/rebar';
const ASKS_TO_SIGN_IN = '/reserve_warehouse';
/** Where a page that asks a signed-out visitor to sign in links to. */
const SIGN_IN_FORM = '/login';

const WAIT_MS = 10_000;

/** The app that owns `path` on the site (flowsFor runs a flow only when every page it visits has one). */
const ownerOf = (pages: RemotePages, path: string): AppName => findPageRoute(pages, path)?.app ?? '';
/** An app's container in the shell's layout. */
const container = (page: Page, app: AppName) => page.locator(`#app-${app}`);

const where = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};

/** A mark on the document: gone after a full load, kept by a navigation inside the page. */
const markDocument = (page: Page) =>
  page.evaluate(() => ((window as unknown as { __gateFlowMark: boolean }).__gateFlowMark = true));
const sameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { __gateFlowMark?: boolean }).__gateFlowMark === true);

/** True when `wait` (a locator's or a page's wait) resolves, false when it times out. */
const appears = (wait: Promise<unknown>) =>
  wait.then(
    () => true,
    () => false,
  );

/** The customer panel's greeting of the signed-in customer (dashboard-page.tsx). */
const greeting = (page: Page, pages: RemotePages, customer: ThrowawayCustomer) =>
  container(page, ownerOf(pages, PANEL_HOME)).getByText(`سلام، ${customer.username}`);
/** The shell header's account link: to the panel when signed in, to sign-in when not (site-header.tsx). */
const headerAccountLink = (page: Page, to: string) => page.locator(`header a[href="${to}"]`).first();

const signInFlow: Flow = {
  name: 'sign in → the panel sees the session',
  visits: [PANEL_HOME],
  signsIn: true,
  async run(context, { customer, pages }) {
    if (!customer) return 'no customer to sign in with';
    const page = await context.newPage();
    const problems = watchPage(page);
    await page.goto(PANEL_HOME, { waitUntil: 'load' });
    const form = container(page, ownerOf(pages, PANEL_HOME)).locator('form');
    const identifier = form.locator('input[name="identifier"]');
    if (!(await appears(identifier.waitFor({ timeout: WAIT_MS }))))
      return `a signed-out visit of ${PANEL_HOME} showed no sign-in form (at ${where(page)})${problems.length ? `: ${problems[0]}` : ''}`;
    await markDocument(page);
    // `fill` waits for the form to be hydrated (its fieldset is disabled until then).
    await identifier.fill(customer.username, { timeout: WAIT_MS });
    await form.locator('input[name="password"]').fill(customer.password);
    await form.locator('button[type="submit"]').click();
    if (!(await appears(greeting(page, pages, customer).waitFor({ timeout: WAIT_MS })))) {
      const shown = (await failureShown(page, true)) ?? problems[0];
      return `after signing in, the panel did not greet the customer by name (the page is at ${where(page)}${shown ? `: ${shown}` : ''})`;
    }
    if (!(await sameDocument(page)))
      return 'signing in reloaded the whole page instead of carrying the session to the panel';
    if (!(await appears(headerAccountLink(page, PANEL_HOME).waitFor({ timeout: WAIT_MS }))))
      return "the shell's header did not show the signed-in account";
    return problems[0] ?? null;
  },
};

const signOutFlow: Flow = {
  name: 'sign out in one tab → the other tab follows',
  visits: [PANEL_HOME, SIGN_OUT_PAGE],
  signsIn: true,
  async run(context, { base, customer, cookie, pages }) {
    if (!customer) return 'no customer to sign in with';
    // A session of this context's own: signing out ends it, not the smoke mount's.
    await signInContext(context, base, customer, cookie, await customer.newSession());
    const other = await context.newPage();
    const problems = watchPage(other);
    await other.goto(PANEL_HOME, { waitUntil: 'load' });
    if (!(await appears(greeting(other, pages, customer).waitFor({ timeout: WAIT_MS }))))
      return `the signed-in customer's ${PANEL_HOME} did not greet them (at ${where(other)})`;
    await markDocument(other);

    const tab = await context.newPage();
    problems.push(...watchPage(tab));
    await tab.goto(SIGN_OUT_PAGE, { waitUntil: 'load' });
    const signOut = container(tab, ownerOf(pages, SIGN_OUT_PAGE)).getByRole('button', { name: 'خروج از حساب' });
    if (!(await appears(signOut.waitFor({ timeout: WAIT_MS }))))
      return `${SIGN_OUT_PAGE} showed no sign-out button (at ${where(tab)})`;
    await signOut.click();
    if (!(await appears(tab.waitForURL((url) => url.pathname === '/', { timeout: WAIT_MS }))))
      return `signing out did not take the tab home (it is at ${where(tab)})`;

    if (!(await appears(other.waitForURL((url) => url.pathname !== PANEL_HOME, { timeout: WAIT_MS })))) {
      const stillShown = await greeting(other, pages, customer).isVisible();
      return `the other tab stayed on ${where(other)}${stillShown ? ' still showing the signed-out customer' : ''}`;
    }
    if (!(await sameDocument(other))) return 'the other tab reloaded itself instead of following the sign-out';
    if (!(await appears(headerAccountLink(other, '/login').waitFor({ timeout: WAIT_MS }))))
      return "the other tab's header still shows the signed-out account";
    return problems[0] ?? null;
  },
};

const toastFlow: Flow = {
  name: "a remote's toast appears",
  visits: [CATEGORY_PAGE],
  signsIn: false,
  async run(context, { base, pages }) {
    // Copying needs the clipboard; without it the button says so in a toast too.
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
    const page = await context.newPage();
    const problems = watchPage(page);
    await page.goto(CATEGORY_PAGE, { waitUntil: 'load' });
    const owner = ownerOf(pages, CATEGORY_PAGE);
    const mounted = await mountedOrFailed(page, owner, true);
    if (mounted) return `${CATEGORY_PAGE}: ${mounted}`;
    const copy = container(page, owner).getByRole('button', { name: 'کپی پیوند' });
    if (!(await appears(copy.waitFor({ timeout: WAIT_MS })))) return `${CATEGORY_PAGE} showed no «کپی پیوند» button`;
    const toast = page.locator('[data-testid="toast-viewport"] li').first();
    // A click before hydration does nothing: click again until the toast shows or the time is up.
    for (const started = Date.now(); Date.now() - started < WAIT_MS;) {
      await copy.click();
      if (await appears(toast.waitFor({ timeout: 1_000 }))) return problems[0] ?? null;
    }
    return `clicking «کپی پیوند» on ${CATEGORY_PAGE} showed no toast in the shell's notification area${problems.length ? `: ${problems[0]}` : ''}`;
  },
};

const crossAppLinkFlow: Flow = {
  name: "a remote's link to another app navigates without a reload",
  visits: [ASKS_TO_SIGN_IN, SIGN_IN_FORM],
  signsIn: false,
  async run(context, { pages }) {
    const page = await context.newPage();
    const problems = watchPage(page);
    await page.goto(ASKS_TO_SIGN_IN, { waitUntil: 'load' });
    const from = ownerOf(pages, ASKS_TO_SIGN_IN);
    const mounted = await mountedOrFailed(page, from, true);
    if (mounted) return `${ASKS_TO_SIGN_IN}: ${mounted}`;
    // Hydrated once the page's code is in: a link clicked before would load the next page whole.
    await page.waitForLoadState('networkidle', { timeout: WAIT_MS }).catch(() => undefined);
    const links = container(page, from).locator('a[href^="/"]');
    const hrefs = await links.evaluateAll((found) => found.map((link) => link.getAttribute('href') ?? ''));
    const index = hrefs.findIndex((href) => {
      const owner = findPageRoute(pages, new URL(href, 'http://site').pathname);
      return owner !== null && owner.app !== from;
    });
    if (index < 0) return `no link of ${from} on ${ASKS_TO_SIGN_IN} leads to another app's page`;
    const target = findPageRoute(pages, new URL(hrefs[index]!, 'http://site').pathname)!.app;
    const failure = await followOneLink(page, from, links.nth(index));
    if (failure) return failure;
    const arrived = await mountedOrFailed(page, target, true);
    return arrived ? `at ${where(page)}, ${target}: ${arrived}` : (problems[0] ?? null);
  },
};

/** In the order a visitor might meet them. */
export const FLOWS: readonly Flow[] = [signInFlow, signOutFlow, toastFlow, crossAppLinkFlow];

/**
 * The flows a candidate of `app` takes part in on a site of these pages: those whose pages all
 * have an owner (a site without a customer panel has no sign-in flow), and of them, for a remote,
 * those that visit one of its pages.
 */
export function flowsFor(app: AppName, pages: RemotePages): Flow[] {
  return FLOWS.filter((flow) => {
    const owners = flow.visits.map((path) => findPageRoute(pages, path)?.app ?? null);
    return !owners.includes(null) && (app === SHELL || owners.includes(app));
  });
}

/** Runs `flows` in turn, each in a context of its own; the first failure as one line naming the flow, or null. */
export async function runFlows(flows: readonly Flow[], site: FlowSite): Promise<RuleResult> {
  for (const flow of flows) {
    const context = await site.browser.newContext({ baseURL: site.base });
    let failure: string | null;
    try {
      failure = await flow.run(context, site);
    } catch (error) {
      failure = `the browser failed: ${((error as Error).message ?? String(error)).split('\n')[0]}`;
    } finally {
      await context.close();
    }
    if (failure) return `flow: ${flow.name}: ${failure}; open the site with this version live and try it`;
  }
  return null;
}
