/**
 * The gate's Chromium (smoke.ts): one per lane of the smoke mount and the main-thread rule, three per
 * gate. Launching and closing one costs about 1.4 s on a loaded 2-core machine, each time; a running
 * app server (main.ts) keeps them between gates instead (`keepGateBrowsers`). A gate's pages live
 * in contexts of its own, all closed before a browser is kept, so nothing of one gate is seen by
 * the next; a browser that disconnected (crashed, or closed as the process stops) is never handed
 * out again, and one left unused for `KEPT_IDLE_MS` is closed.
 *
 * A one-shot process (the CLI's `deploy check`, a test) does not keep them: a kept browser would
 * hold it open after its work.
 */
import { chromium, type Browser } from 'playwright-core';

/** How long an unused browser is kept: longer than the pause between a team's gates in a deploy. */
export const KEPT_IDLE_MS = 120_000;

interface KeptBrowser {
  browser: Browser;
  executablePath: string;
  idleTimer: NodeJS.Timeout;
}

let keeping = false;
const kept: KeptBrowser[] = [];

const launchChromium = (executablePath: string) =>
  chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });

/** From now on, this process keeps the gate's browsers between gates; the returned function closes them. */
export function keepGateBrowsers(): () => Promise<void> {
  keeping = true;
  return async () => {
    keeping = false;
    await Promise.all(kept.splice(0).map(forget));
  };
}

async function forget(entry: KeptBrowser): Promise<void> {
  clearTimeout(entry.idleTimer);
  await entry.browser.close().catch(() => undefined);
}

/** A running Chromium at `executablePath`: a kept one when there is, else a new one. */
export async function takeGateBrowser(executablePath: string): Promise<Browser> {
  for (let entry = kept.pop(); entry; entry = kept.pop()) {
    clearTimeout(entry.idleTimer);
    if (entry.browser.isConnected() && entry.executablePath === executablePath) return entry.browser;
    await forget(entry);
  }
  return launchChromium(executablePath);
}

/**
 * `count` running Chromiums, launched side by side. When one cannot be had, those that could are
 * handed back before the failure is thrown: none is left running outside the kept ones.
 */
export async function takeGateBrowsers(executablePath: string, count: number): Promise<Browser[]> {
  const taken = await Promise.allSettled(Array.from({ length: count }, () => takeGateBrowser(executablePath)));
  const failed = taken.find((each) => each.status === 'rejected');
  const browsers = taken.flatMap((each) => (each.status === 'fulfilled' ? [each.value] : []));
  if (!failed) return browsers;
  await Promise.all(browsers.map((browser) => giveBackGateBrowser(browser, executablePath)));
  throw failed.reason;
}

/** Hands a browser back after a gate: kept when this process keeps them, else closed. */
export async function giveBackGateBrowser(browser: Browser, executablePath: string): Promise<void> {
  if (!keeping || !browser.isConnected()) {
    await browser.close().catch(() => undefined);
    return;
  }
  await Promise.all(browser.contexts().map((context) => context.close().catch(() => undefined)));
  // A main-thread trace a failed gate left running would refuse the next gate's.
  await browser.stopTracing().catch(() => undefined);
  const entry: KeptBrowser = {
    browser,
    executablePath,
    idleTimer: setTimeout(() => {
      kept.splice(kept.indexOf(entry), 1);
      void forget(entry);
    }, KEPT_IDLE_MS),
  };
  entry.idleTimer.unref();
  kept.push(entry);
}
