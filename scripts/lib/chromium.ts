import { ensureDebianPrograms } from './debian-packages';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Chromium's switches for tests and the bench: no sandbox (root in a container), no GPU, and
 * nothing that reaches for the network by itself (background networking, component updates, sync,
 * first-run screens), so what a test or a figure sees is the page's own traffic.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * What Chromium asks a server for with every page: load generators that stand in for a crowd of
 * browsers send it too, so they are sent (and the servers do the work of) the pages browsers get.
 */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

/** Playwright's launch options for Debian's Chromium, headless. */
export const chromiumLaunchOptions = { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS };

/** Browser tests use Debian's Chromium (no browser downloads on this network). */
export function ensureChromium(): void {
  ensureDebianPrograms([{ path: CHROMIUM_PATH, pkg: 'chromium' }]);
}
