/**
 * The end-to-end suite's `test` and `expect`: Playwright's, with one difference. `page.goto` and
 * `page.reload` resolve once the site's code has adopted the server's page, not at the load event.
 *
 * The shell starts after the browser's first frame (so a long page paints before its code runs),
 * often after `load`. Until the shell's and the page's app's React roots hold their markup, a press
 * on a server-rendered link is a full page load — the browser's right, and what a visitor that fast
 * gets — but a test that goes on to press and expects the app to navigate would race the start-up.
 *
 * The wait is bounded and never fails a test by itself: a spec about an app that never starts (a
 * failed or hung remote) still asserts what the visitor sees. Specs that freeze the page's clock
 * or test the start-up itself turn it off with `test.use({ waitForAdoption: false })`.
 */
import { test as base, type Page } from '@playwright/test';

export { devices, expect } from '@playwright/test';
export type { APIRequestContext, Browser, BrowserContext, Locator, Page, Route } from '@playwright/test';

const ADOPTION_WAIT_MS = 10_000;

/**
 * True once `#shell-root`, when it holds server markup, is a React root, and every app container
 * holding markup has a React root on itself or just inside it (single-spa's wrapper).
 * One plain function: it runs in the page, where a bundler's helpers do not exist.
 */
const pageAdopted = () => {
  const isRoot = (element: Element) => Object.keys(element).some((key) => key.startsWith('__reactContainer'));
  const shell = document.getElementById('shell-root');
  if (shell?.firstElementChild && !isRoot(shell)) return false;
  return [...document.querySelectorAll('[data-app-container]')].every(
    (container) =>
      !container.firstElementChild ||
      isRoot(container) ||
      [...container.querySelectorAll(':scope > *, :scope > * > *')].some(isRoot),
  );
};

/**
 * Waits (bounded, never throwing) until the shell and the page's app have adopted the page; for a
 * spec with the automatic wait off, at the one moment it wants it.
 */
export async function waitUntilAdopted(page: Page): Promise<void> {
  await page.waitForFunction(pageAdopted, undefined, { timeout: ADOPTION_WAIT_MS, polling: 50 }).catch(() => {});
}

function adoptAfterNavigation(page: Page): void {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args: Parameters<Page['goto']>) => {
    const response = await goto(...args);
    // A test that asked for an earlier moment (`commit`, `domcontentloaded`) is looking at it.
    const waitUntil = args[1]?.waitUntil ?? 'load';
    if (waitUntil === 'load' || waitUntil === 'networkidle') await waitUntilAdopted(page);
    return response;
  };
  page.reload = async (...args: Parameters<Page['reload']>) => {
    const response = await reload(...args);
    await waitUntilAdopted(page);
    return response;
  };
}

export const test = base.extend<{ waitForAdoption: boolean }>({
  waitForAdoption: [true, { option: true }],
  context: async ({ context, waitForAdoption: enabled }, use) => {
    if (enabled) context.on('page', adoptAfterNavigation);
    await use(context);
  },
});
