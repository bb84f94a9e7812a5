/**
 * `GET /_/print.pdf?path=/some/page`: one of the site's own pages as an A4 PDF (a pro-forma's
 * «دریافت PDF»), printed by headless Chromium (page-printer.ts) as the caller sees it.
 *
 * - The page is opened on this server's own address and port, never a host taken from the request,
 *   and `path` must be a path of this site (not `//host`, not the server's own `/_/…`): 400.
 * - Only the caller's session cookies go along, so a signed-in page prints as that customer and
 *   nothing else of theirs (consent, overrides, a cohort) reaches the browser.
 * - The page says it is ready with an element `[data-print-ready]`; 504 when it never does.
 * - One print at a time per server; one that waits past PRINT_QUEUE_WAIT_MS gets 503 with
 *   Retry-After; a client gets PRINT_RATE_LIMIT_PER_MINUTE, counted like fresh renders (429).
 */
import type { AddressInfo } from 'node:net';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { readCookie } from '../../live-set/cookies';
import type { ServerConfig } from '../../config';
import { staticErrorPage } from '../../rendering/static-error-page';
import { createRenderRateLimit } from '../../security/render-rate-limit';
import type { SharedState } from '../../shared-state/shared-state';
import { sendTooManyRenders } from '../page-replies';
import { createPagePrinter, PageNotReadyError, PrinterBusyError } from './page-printer';

export const PRINT_ROUTE = '/_/print.pdf';
const MAX_PATH_LENGTH = 2000;

const BAD_PATH_PAGE = staticErrorPage({
  title: 'نشانی نامعتبر',
  heading: 'خطا ۴۰۰',
  message: 'فقط صفحه‌های همین سایت را می‌توان به PDF تبدیل کرد.',
  homeLink: true,
});
const NOT_READY_PAGE = staticErrorPage({
  title: 'PDF آماده نشد',
  heading: 'خطا ۵۰۴',
  message: 'صفحه برای چاپ به‌موقع آماده نشد؛ لطفاً کمی بعد دوباره تلاش کنید.',
  homeLink: true,
});
const BUSY_PAGE = staticErrorPage({
  title: 'سرور مشغول است',
  heading: 'خطا ۵۰۳',
  message: 'در حال ساختن PDF دیگری هستیم؛ لطفاً چند ثانیه بعد دوباره تلاش کنید.',
  homeLink: true,
});
const FAILED_PAGE = staticErrorPage({
  title: 'PDF ساخته نشد',
  heading: 'خطا ۵۰۲',
  message: 'ساختن PDF این صفحه ممکن نشد؛ لطفاً دوباره تلاش کنید.',
  homeLink: true,
});
const BUSY_RETRY_AFTER_SECONDS = 5;

// A backslash is a slash to a URL parser (`/\\evil.example` is another host); controls have no place in a path.
// eslint-disable-next-line no-control-regex -- refusing control characters is what this pattern is for.
const UNSAFE_IN_PATH = /[\\\u0000-\u001f\u007f]/;

/** A path of one of this site's pages: `/…`, not `//host` or `/\host` (another site), not `/_/…` (the server's own). */
export function isPrintablePath(path: unknown): path is string {
  return (
    typeof path === 'string' &&
    path.length <= MAX_PATH_LENGTH &&
    path.startsWith('/') &&
    !path.startsWith('//') &&
    !path.startsWith('/_/') &&
    path !== '/_' &&
    !UNSAFE_IN_PATH.test(path)
  );
}

/** `inquiry-requests-abc-proforma.pdf` for `/inquiry/requests/abc/proforma?x=1`; `page.pdf` when nothing is left. */
export function pdfFileName(path: string): string {
  const [pathname = ''] = path.split(/[?#]/);
  const name = pathname
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return `${name || 'page'}.pdf`;
}

/** This server's own origin: the loopback address when it listens on every interface. */
function ownOrigin(address: AddressInfo): string {
  const any = address.address === '0.0.0.0' || address.address === '::';
  const host = any ? '127.0.0.1' : address.address;
  return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
}

const sendPage = (reply: FastifyReply, status: number, page: string) =>
  reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page);

export const printRoutes: FastifyPluginAsync<{ config: ServerConfig; shared: Pick<SharedState, 'hit'> }> = async (
  app,
  { config, shared },
) => {
  const printer = createPagePrinter(config.print);
  const limit = createRenderRateLimit(config.print.perClientMinute, shared, 'prints');
  const sessionCookies = [config.runtime.cookie.tokenName, config.runtime.cookie.userName];
  app.addHook('onClose', async () => printer.close());

  app.get(PRINT_ROUTE, async (request, reply) => {
    const { path } = request.query as { path?: unknown };
    if (!isPrintablePath(path)) return sendPage(reply, 400, BAD_PATH_PAGE);
    if (!(await limit.take(request.ip))) return sendTooManyRenders(reply, limit.retryAfterSeconds);

    const origin = ownOrigin(app.server.address() as AddressInfo);
    const url = new URL(path, origin);
    if (url.origin !== origin) return sendPage(reply, 400, BAD_PATH_PAGE);
    const cookies = sessionCookies.flatMap((name) => {
      const value = readCookie(request.headers.cookie, name);
      return value === null ? [] : [{ name, value: encodeURIComponent(value) }];
    });
    try {
      const pdf = await printer.print({ url: url.href, cookies });
      return reply
        .header('cache-control', 'no-store, private')
        .header('content-disposition', `attachment; filename="${pdfFileName(path)}"`)
        .type('application/pdf')
        .send(pdf);
    } catch (error) {
      if (error instanceof PageNotReadyError) return sendPage(reply, 504, NOT_READY_PAGE);
      if (error instanceof PrinterBusyError)
        return sendPage(reply.header('retry-after', String(BUSY_RETRY_AFTER_SECONDS)), 503, BUSY_PAGE);
      request.log.error({ err: error, path }, 'printing a page to PDF failed');
      return sendPage(reply, 502, FAILED_PAGE);
    }
  });
};
