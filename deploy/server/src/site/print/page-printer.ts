/**
 * One headless Chromium (the deploy gate's: playwright-core and Debian's binary), launched at the
 * first print and kept, that prints one of the site's own pages to an A4 PDF at a time. Each print
 * has a context of its own — its own cookies, nothing left behind — closed when the PDF is made.
 *
 * Fair to every customer: one print at a time, the next in the order they asked, and at most one
 * print of an account printing or waiting (a second is refused at once, not queued behind the
 * first). Everything the printed page loads is limited: its main frame stays on the printed page,
 * and a request goes only to the page's own origin (never to the server's private paths, which
 * trust the loopback address this browser comes from) or to the origins the site loads from (the
 * CMS, the remotes' asset origins).
 */
import { chromium, errors, type Browser } from 'playwright-core';

/** The page never marked itself `[data-print-ready]` in time (its data did not come, or it is not printable). */
export class PageNotReadyError extends Error {
  override name = 'PageNotReadyError';
}

/** The queue is full, or a print waited for the ones before it longer than it may. */
export class PrinterBusyError extends Error {
  override name = 'PrinterBusyError';
  constructor(
    message: string,
    /** When a new print may find a turn: the queue ahead at the prints' usual time. */
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

/** The account already has a print under way or waiting. */
export class AccountPrintingError extends Error {
  override name = 'AccountPrintingError';
  constructor(readonly retryAfterSeconds: number) {
    super('this account already has a print under way');
  }
}

export interface PagePrinterOptions {
  chromiumPath: string;
  /** From the start of the navigation until `[data-print-ready]` is in the page. */
  readyTimeoutMs: number;
  /** How long a print waits for the ones before it. */
  queueWaitMs: number;
}

export interface PrintRequest {
  /** An absolute URL on the server's own origin. */
  url: string;
  /** Cookies set on that origin for this print only. */
  cookies: ReadonlyArray<{ name: string; value: string }>;
  /** Who prints: one print of theirs at a time, and the queue takes them in the order they asked. */
  account: string;
  /** Origins besides the page's own that it may load from. */
  allowedOrigins: readonly string[];
}

export interface PagePrinter {
  print(request: PrintRequest): Promise<Buffer>;
  close(): Promise<void>;
}

export const PRINT_READY_SELECTOR = '[data-print-ready]';

/** Paths of the server that trust the loopback address or a key, never loaded by a printed page. */
const PRIVATE_PATHS = ['/metrics', '/_/console', '/_/deploy', '/_/print.pdf', '/_/content-changed'];
const isPrivatePath = (pathname: string) =>
  PRIVATE_PATHS.some((path) => pathname === path || pathname.startsWith(`${path}/`));

/** Prints waiting at most: past this a print is refused at once (each waits `queueWaitMs` at most anyway). */
const MAX_WAITING = 20;
/** A print's usual time before any was measured. */
const FIRST_PRINT_ESTIMATE_MS = 3000;

export function createPagePrinter(options: PagePrinterOptions): PagePrinter {
  let browser: Promise<Browser> | null = null;
  let closed = false;
  // One print at a time: the holder and, in order, those waiting for it.
  let held = false;
  const waiting: Array<() => void> = [];
  // Accounts with a print under way or waiting.
  const accounts = new Set<string>();
  // How long a print usually takes (a moving average), for Retry-After.
  let usualPrintMs = FIRST_PRINT_ESTIMATE_MS;
  const secondsUntilTurn = (ahead: number) => Math.max(1, Math.ceil(((ahead + 1) * usualPrintMs) / 1000));

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
    if (waiting.length >= MAX_WAITING)
      return Promise.reject(new PrinterBusyError('the print queue is full', secondsUntilTurn(waiting.length)));
    return new Promise((resolve, reject) => {
      const turn = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        waiting.splice(waiting.indexOf(turn), 1);
        reject(new PrinterBusyError('another page is being printed', secondsUntilTurn(waiting.length)));
      }, options.queueWaitMs);
      waiting.push(turn);
    });
  };
  const passTurn = () => {
    const next = waiting.shift();
    if (next) next();
    else held = false;
  };

  async function printPage({ url, cookies, allowedOrigins }: PrintRequest): Promise<Buffer> {
    const context = await (await launched()).newContext({ locale: 'fa-IR' });
    try {
      if (cookies.length) await context.addCookies(cookies.map(({ name, value }) => ({ name, value, url })));
      const page = await context.newPage();
      const printed = new URL(url);
      await page.route('**/*', (route) => {
        const request = route.request();
        const target = new URL(request.url());
        const own = target.origin === printed.origin;
        const allowed =
          request.isNavigationRequest() && request.frame() === page.mainFrame()
            ? own && target.pathname === printed.pathname
            : own
              ? !isPrivatePath(target.pathname)
              : allowedOrigins.includes(target.origin);
        return allowed ? route.continue() : route.abort('blockedbyclient');
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
      // The print stylesheet's fonts load only once print media lays the page out: a layout
      // now, then every font it asked for (a page printed mid-load would be in a fallback font).
      await page.evaluate(async () => {
        document.body.getBoundingClientRect();
        await document.fonts.ready;
      });
      return await page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true });
    } finally {
      await context.close().catch(() => undefined);
    }
  }

  return {
    async print(request) {
      if (closed) throw new Error('the page printer is closed');
      if (accounts.has(request.account)) throw new AccountPrintingError(secondsUntilTurn(waiting.length));
      accounts.add(request.account);
      try {
        await takeTurn();
        const started = performance.now();
        try {
          return await printPage(request);
        } finally {
          usualPrintMs = usualPrintMs * 0.8 + (performance.now() - started) * 0.2;
          passTurn();
        }
      } finally {
        accounts.delete(request.account);
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
