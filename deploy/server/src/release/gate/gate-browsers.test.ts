/** @jest-environment node */
import { loadConfig } from '../../config';
import { giveBackGateBrowser, keepGateBrowsers, takeGateBrowser, takeGateBrowsers } from './gate-browsers';

const chromiumPath = loadConfig({}).print.chromiumPath;

describe("the gate's Chromium, kept between gates by a running app server", () => {
  let closeKept: (() => Promise<void>) | null = null;
  afterEach(async () => {
    await closeKept?.();
    closeKept = null;
  });

  it('is handed out again, with the last gate’s pages and contexts gone', async () => {
    closeKept = keepGateBrowsers();
    const browser = await takeGateBrowser(chromiumPath);
    const context = await browser.newContext();
    await (await context.newPage()).setContent('<p>the last gate’s page</p>');
    await giveBackGateBrowser(browser, chromiumPath);
    expect(browser.contexts()).toEqual([]);
    const again = await takeGateBrowser(chromiumPath);
    expect(again).toBe(browser);
    expect(again.isConnected()).toBe(true);
    await giveBackGateBrowser(again, chromiumPath);
  });

  it('is never handed out once it has gone (crashed, closed as the process stops): a new one is launched', async () => {
    closeKept = keepGateBrowsers();
    const browser = await takeGateBrowser(chromiumPath);
    await giveBackGateBrowser(browser, chromiumPath);
    await browser.close();
    const next = await takeGateBrowser(chromiumPath);
    expect(next).not.toBe(browser);
    expect(next.isConnected()).toBe(true);
    await giveBackGateBrowser(next, chromiumPath);
  });

  it('is closed after each gate in a process that does not keep them, and when the keeping ends', async () => {
    const once = await takeGateBrowser(chromiumPath);
    await giveBackGateBrowser(once, chromiumPath);
    expect(once.isConnected()).toBe(false);

    const stopKeeping = keepGateBrowsers();
    const kept = await takeGateBrowser(chromiumPath);
    await giveBackGateBrowser(kept, chromiumPath);
    expect(kept.isConnected()).toBe(true);
    await stopKeeping();
    expect(kept.isConnected()).toBe(false);
  });

  it('hands out one running browser per lane, and throws when Chromium cannot start', async () => {
    const lanes = await takeGateBrowsers(chromiumPath, 3);
    expect(new Set(lanes).size).toBe(3);
    expect(lanes.every((browser) => browser.isConnected())).toBe(true);
    await Promise.all(lanes.map((browser) => giveBackGateBrowser(browser, chromiumPath)));
    expect(lanes.some((browser) => browser.isConnected())).toBe(false);
    await expect(takeGateBrowsers('/nonexistent/chromium', 2)).rejects.toThrow();
  });
});
