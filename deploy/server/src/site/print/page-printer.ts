/**
 * One headless Chromium (the deploy gate's: playwright-core and Debian's binary), launched at the
 * first print and kept, that prints one of the site's own pages to an A4 PDF at a time. Each print
 * has a context of its own — its own cookies, nothing left behind — closed when the PDF is made.
 */
import { chromium, errors, type Browser } from 'playwright-core';

/** The page never marked itself `[data-print-ready]` in time (its data did not come, or it is not printable). */
export class PageNotReadyError extends Error {
  override name = 'PageNotReadyError';
}

/** Another print held the browser for longer than a print may wait. */
export class PrinterBusyError extends Error {
  override name = 'PrinterBusyError';
}

export interface PagePrinterOptions {
  chromiumPath: string;
  /** From the start of the navigation until `[data-print-ready]` is in the page. */
  readyTimeoutMs: number;
  /** How long a print waits for the one before it. */
  queueWaitMs: number;
}

export interface PrintRequest {
  /** An absolute URL on the server's own origin. */
  url: string;
  /** Cookies set on that origin for this print only. */
  cookies: ReadonlyArray<{ name: string; value: string }>;
}

export interface PagePrinter {
  print(request: PrintRequest): Promise<Buffer>;
  close(): Promise<void>;
}

export const PRINT_READY_SELECTOR = '[data-print-ready]';

export function createPagePrinter(options: PagePrinterOptions): PagePrinter {
  let browser: Promise<Browser> | null = null;
  let closed = false;
  // One print at a time: the holder and, in order, those waiting for it.
  let held = false;
  const waiting: Array<() => void> = [];

  const launched = (): Promise<Browser> => {
    if (!browser) {
      const launching = chromium.launch({
        executablePath: options.chromiumPath,
        args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
      });
      browser = launching;
      // A crashed or failed browser is launched afresh by the next print.
      launching.then(
        (b) => b.on('disconnected', () => browser === launching && (browser = null)),
        () => browser === launching && (browser = null),
      );
    }
    return browser;
  };

  const takeTurn = (): Promise<void> => {
    if (!held) {
      held = true;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const turn = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        waiting.splice(waiting.indexOf(turn), 1);
        reject(new PrinterBusyError('another page is being printed'));
      }, options.queueWaitMs);
      waiting.push(turn);
    });
  };
  const passTurn = () => {
    const next = waiting.shift();
    if (next) next();
    else held = false;
  };

  return {
    async print({ url, cookies }) {
      if (closed) throw new Error('the page printer is closed');
      await takeTurn();
      try {
        const context = await (await launched()).newContext({ locale: 'fa-IR' });
        try {
          if (cookies.length) await context.addCookies(cookies.map(({ name, value }) => ({ name, value, url })));
          const page = await context.newPage();
          // The page may read from elsewhere (the CMS, asset hosts) but never leave the site: a
          // redirect or a script sending it to another host (an address inside the network) is stopped.
          const origin = new URL(url).origin;
          await page.route('**/*', (route) => {
            const request = route.request();
            const leaves =
              request.isNavigationRequest() &&
              request.frame() === page.mainFrame() &&
              new URL(request.url()).origin !== origin;
            return leaves ? route.abort('blockedbyclient') : route.continue();
          });
          await page.emulateMedia({ media: 'print' });
          const deadline = Date.now() + options.readyTimeoutMs;
          try {
            await page.goto(url, { waitUntil: 'domcontentloaded', timeout: options.readyTimeoutMs });
            await page.waitForSelector(PRINT_READY_SELECTOR, {
              state: 'attached',
              timeout: Math.max(1, deadline - Date.now()),
            });
          } catch (error) {
            if (error instanceof errors.TimeoutError) throw new PageNotReadyError(`${url} was not ready in time`);
            throw error;
          }
          return await page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true });
        } finally {
          await context.close().catch(() => undefined);
        }
      } finally {
        passTurn();
      }
    },

    async close() {
      closed = true;
      const running = browser;
      browser = null;
      if (running) await (await running.catch(() => null))?.close();
    },
  };
}
