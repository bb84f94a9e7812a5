/**
 * `GET /_/print.pdf?path=/some/page`: one of the site's own pages as an A4 PDF (a pro-forma's
 * «دریافت PDF»), printed by headless Chromium (page-printer.ts) as its owner sees it.
 *
 * Before a browser opens anything:
 * - `path` must be a path of this site (not `//host`, not `/\host`, no control character): 400;
 * - it is resolved as a browser would (`/.%2E/_/console` is `/_/console`) and must then be a page a
 *   live app declares printable (`printable` in its page list: the inquiry app's pro-forma),
 *   with no query: 404 otherwise — the list says what may be printed, never what may not;
 * - the caller must be signed in (the session cookie): 401 with a link to sign in;
 * - the page's owner read (`/inquiries/:id`), asked of the CMS with the caller's session, must
 *   answer: the CMS answers it to the owner alone, so another customer's page is a 404;
 * - a client gets PRINT_RATE_LIMIT_PER_MINUTE prints a minute, counted like fresh renders (429).
 * Then the page is opened on this server's own address and port, never a host taken from the
 * request, with only the caller's session cookies (nothing else of theirs — consent, overrides, a
 * cohort — reaches the browser); it loads only from the site's own origins (page-printer.ts) and
 * says it is ready with `[data-print-ready]` (504 when it never does). One print at a time per
 * server, in the order asked, one per account (a second while the first runs: 429); a print that
 * waits past PRINT_QUEUE_WAIT_MS, or finds the queue full, gets 503 with Retry-After. Every
 * refusal is a Persian page.
 */
import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { findPrintablePage, type RemotePages } from '@steel/contract';
import { readCookie } from '../../live-set/cookies';
import type { ServerConfig } from '../../config';
import { staticErrorPage } from '../../rendering/static-error-page';
import { createRenderRateLimit } from '../../security/render-rate-limit';
import { assetOriginSources } from '../../security/security-headers';
import type { SharedState } from '../../shared-state/shared-state';
import { sendTooManyRenders } from '../page-replies';
import { AccountPrintingError, createPagePrinter, PageNotReadyError, PrinterBusyError } from './page-printer';

export const PRINT_ROUTE = '/_/print.pdf';
const MAX_PATH_LENGTH = 2000;

const BAD_PATH_PAGE = staticErrorPage({
  title: 'نشانی نامعتبر',
  heading: 'خطا ۴۰۰',
  message: 'فقط صفحه‌های همین سایت را می‌توان به PDF تبدیل کرد.',
  homeLink: true,
});
const NOT_PRINTABLE_PAGE = staticErrorPage({
  title: 'این صفحه چاپ نمی‌شود',
  heading: 'خطا ۴۰۴',
  message: 'فقط صفحه‌هایی که برای چاپ ساخته شده‌اند، مانند پیش‌فاکتور، به PDF تبدیل می‌شوند.',
  homeLink: true,
});
const signedOutPage = (pathname: string) =>
  staticErrorPage({
    title: 'ورود لازم است',
    heading: 'خطا ۴۰۱',
    message: 'برای دریافت PDF ابتدا وارد حساب خود شوید.',
    link: { href: `/login?redirect=${encodeURIComponent(pathname)}`, label: 'ورود به حساب' },
    homeLink: true,
  });
const NOT_YOURS_PAGE = staticErrorPage({
  title: 'یافت نشد',
  heading: 'خطا ۴۰۴',
  message: 'این صفحه در حساب شما یافت نشد.',
  homeLink: true,
});
const OWNER_UNKNOWN_PAGE = staticErrorPage({
  title: 'PDF ساخته نشد',
  heading: 'خطا ۵۰۳',
  message: 'اکنون نمی‌توانیم بررسی کنیم که این صفحه از آن شماست؛ لطفاً کمی بعد دوباره تلاش کنید.',
  homeLink: true,
});
const ACCOUNT_PRINTING_PAGE = staticErrorPage({
  title: 'PDF دیگری در راه است',
  heading: 'خطا ۴۲۹',
  message: 'PDF دیگری از حساب شما در حال ساخت است؛ لطفاً پس از دریافت آن دوباره تلاش کنید.',
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
/** How long the CMS may take to say whose the page is. */
const OWNER_READ_TIMEOUT_MS = 5000;
const OWNER_UNKNOWN_RETRY_AFTER_SECONDS = 30;

// A backslash is a slash to a URL parser (`/\\evil.example` is another host); controls have no place in a path.
// eslint-disable-next-line no-control-regex -- refusing control characters is what this pattern is for.
const UNSAFE_IN_PATH = /[\\\u0000-\u001f\u007f]/;

/** A path of one of this site's pages: `/…`, not `//host` or `/\\host` (another site), no control character. */
export function isSitePath(path: unknown): path is string {
  return (
    typeof path === 'string' &&
    path.length <= MAX_PATH_LENGTH &&
    path.startsWith('/') &&
    !path.startsWith('//') &&
    !UNSAFE_IN_PATH.test(path)
  );
}

/**
 * The account a session token belongs to, as its payload names it (`userId`; `id` in a legacy
 * token); the token's own digest when it names none. Read only after the CMS accepted the token
 * for the owner read: it keeps one print per account, it proves nothing by itself.
 */
export function sessionAccount(token: string): string {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      userId?: unknown;
      id?: unknown;
    };
    const id = payload.userId ?? payload.id;
    if (typeof id === 'number' || typeof id === 'string') return `user:${id}`;
  } catch {
    /* not a JWT: the token itself stands for the account */
  }
  return `token:${createHash('sha256').update(token).digest('base64url')}`;
}

/** Whose the page is, by the owner read: the CMS answers it with the caller's session to its owner alone. */
async function ownerAnswer(
  cmsUrl: string,
  owner: string,
  token: string,
): Promise<'yours' | 'signed out' | 'not yours' | 'unknown'> {
  try {
    const response = await fetch(`${cmsUrl}${owner}`, {
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
      signal: AbortSignal.timeout(OWNER_READ_TIMEOUT_MS),
    });
    await response.arrayBuffer();
    if (response.ok) return 'yours';
    if (response.status === 401) return 'signed out';
    if (response.status === 403 || response.status === 404) return 'not yours';
    return 'unknown';
  } catch {
    return 'unknown';
  }
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

export interface PrintRouteOptions {
  config: ServerConfig;
  shared: Pick<SharedState, 'hit'>;
  /** The live apps' pages: which are printable, and whose app each is. */
  livePages: () => Promise<RemotePages>;
}

export const printRoutes: FastifyPluginAsync<PrintRouteOptions> = async (app, { config, shared, livePages }) => {
  const printer = createPagePrinter(config.print);
  const limit = createRenderRateLimit(config.print.perClientMinute, shared, 'prints');
  const sessionCookies = [config.runtime.cookie.tokenName, config.runtime.cookie.userName];
  // What a printed page may load besides its own origin: the CMS and the remotes' asset origins.
  const allowedOrigins = [new URL(config.cmsPublicUrl).origin, ...assetOriginSources(config)];
  app.addHook('onClose', async () => printer.close());

  app.get(PRINT_ROUTE, async (request, reply) => {
    const { path } = request.query as { path?: unknown };
    if (!isSitePath(path)) return sendPage(reply, 400, BAD_PATH_PAGE);
    const origin = ownOrigin(app.server.address() as AddressInfo);
    // Resolved as the browser would: dot segments, `%2E` among them, are gone from the pathname.
    const url = new URL(path, origin);
    if (url.origin !== origin) return sendPage(reply, 400, BAD_PATH_PAGE);
    const printable = url.search || url.hash ? null : findPrintablePage(await livePages(), url.pathname);
    if (!printable) return sendPage(reply, 404, NOT_PRINTABLE_PAGE);
    const token = readCookie(request.headers.cookie, config.runtime.cookie.tokenName);
    if (!token) return sendPage(reply, 401, signedOutPage(url.pathname));
    if (!(await limit.take(request.ip))) return sendTooManyRenders(reply, limit.retryAfterSeconds);
    const owner = await ownerAnswer(config.cmsInternalUrl, printable.owner, token);
    if (owner === 'signed out') return sendPage(reply, 401, signedOutPage(url.pathname));
    if (owner === 'not yours') return sendPage(reply, 404, NOT_YOURS_PAGE);
    if (owner === 'unknown')
      return sendPage(reply.header('retry-after', String(OWNER_UNKNOWN_RETRY_AFTER_SECONDS)), 503, OWNER_UNKNOWN_PAGE);

    const cookies = sessionCookies.flatMap((name) => {
      const value = readCookie(request.headers.cookie, name);
      return value === null ? [] : [{ name, value: encodeURIComponent(value) }];
    });
    try {
      const pdf = await printer.print({ url: url.href, cookies, account: sessionAccount(token), allowedOrigins });
      return reply
        .header('cache-control', 'no-store, private')
        .header('content-disposition', `attachment; filename="${pdfFileName(url.pathname)}"`)
        .type('application/pdf')
        .send(pdf);
    } catch (error) {
      if (error instanceof PageNotReadyError) return sendPage(reply, 504, NOT_READY_PAGE);
      if (error instanceof PrinterBusyError)
        return sendPage(reply.header('retry-after', String(error.retryAfterSeconds)), 503, BUSY_PAGE);
      if (error instanceof AccountPrintingError)
        return sendPage(reply.header('retry-after', String(error.retryAfterSeconds)), 429, ACCOUNT_PRINTING_PAGE);
      request.log.error({ err: error, path: url.pathname }, 'printing a page to PDF failed');
      return sendPage(reply, 502, FAILED_PAGE);
    }
  });
};
