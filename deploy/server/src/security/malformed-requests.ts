/**
 * Requests no page can answer are refused as what they are — the visitor's (or a bot's) mistake,
 * a 4xx with a Persian page — never a 503 that reports an outage, nor the framework's JSON:
 * - a path the URL parser cannot decode (`/blog/%ff`) or that carries control characters
 *   (`/blog/%00`): 400;
 * - control characters in a page's query values (`/search?q=%00`): 400 here, before any render —
 *   the CMS would refuse the read anyway, and that refusal must not pass for an outage;
 * - duplicate slashes (`/rebar//kalaf`, `//rebar`): 308 to the one-slash path, so every page has
 *   one URL (and its canonical link never keeps the double slash);
 * - what Node's HTTP parser refuses before Fastify sees a request (`answerClientError`): a request
 *   line too long, 414; headers too large, 431; anything else unparsable, 400;
 * - an address no route serves: the Persian 404 page (`answerNotFound`), JSON under /api/.
 */
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { staticErrorPage } from '../rendering/static-error-page';

export const BAD_REQUEST_PAGE = staticErrorPage({
  title: 'نشانی نامعتبر',
  heading: 'خطا ۴۰۰',
  message: 'این نشانی درست نوشته نشده است و صفحه‌ای را نشان نمی‌دهد.',
  homeLink: true,
});

export const NOT_FOUND_PAGE = staticErrorPage({
  title: 'صفحه پیدا نشد',
  heading: 'خطا ۴۰۴',
  message: 'صفحه‌ای با این نشانی وجود ندارد.',
  homeLink: true,
});

const URI_TOO_LONG_PAGE = staticErrorPage({
  title: 'نشانی بیش از اندازه بلند',
  heading: 'خطا ۴۱۴',
  message: 'این نشانی بلندتر از آن است که پاسخ داده شود.',
  homeLink: true,
});

const HEADERS_TOO_LARGE_PAGE = staticErrorPage({
  title: 'درخواست بیش از اندازه بزرگ',
  heading: 'خطا ۴۳۱',
  message: 'سرآیندهای این درخواست بزرگ‌تر از آن است که پاسخ داده شود. کوکی‌های این سایت را پاک کنید و دوباره بکوشید.',
  homeLink: true,
});

const REQUEST_TIMEOUT_PAGE = staticErrorPage({
  title: 'درخواست ناتمام',
  heading: 'خطا ۴۰۸',
  message: 'این درخواست به‌موقع کامل نشد. دوباره بکوشید.',
  homeLink: true,
});

function badRequest(reply: FastifyReply) {
  return reply.code(400).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(BAD_REQUEST_PAGE);
}

/** Fastify's `frameworkErrors`: a URL its router could not decode answers the Persian 400 page. */
export function answerFrameworkError(
  error: Error & { code?: string },
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  request.log.info({ url: request.url, code: error.code }, 'malformed request');
  // A reply is thenable; Fastify sends what it was given and awaits nothing here.
  if (error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_ASYNC_CONSTRAINT') void badRequest(reply);
  else void reply.code(400).send({ error: 'Bad Request' });
}

// %00–%1F and %7F, encoded or raw: no page path holds them, and they break the CMS's queries.
// eslint-disable-next-line no-control-regex -- refusing control characters is what this pattern is for.
const CONTROL_CHARACTER_RE = /%(?:[01][0-9a-f]|7f)|[\u0000-\u001f\u007f]/i;

const SERVER_PATH_RE = /^\/(?:builds|api|_)(?:\/|$)/;

/** On page paths: control characters refused (in the path or a query value), duplicate slashes redirected. */
export function refuseMalformedPaths(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const [path = '/', query] = request.url.split(/\?(.*)/s, 2);
    // Builds, APIs and the server's own routes refuse bad paths themselves (404, never a file).
    if (SERVER_PATH_RE.test(path)) return undefined;
    if (CONTROL_CHARACTER_RE.test(path) || (query && CONTROL_CHARACTER_RE.test(query))) return badRequest(reply);
    if (path.includes('//')) {
      const single = path.replace(/\/{2,}/g, '/');
      return reply
        .code(308)
        .header('cache-control', 'no-cache')
        .redirect(query ? `${single}?${query}` : single, 308);
    }
    return undefined;
  });
}

/**
 * Fastify's not-found handler. A person's navigation (`Accept: text/html`) gets the small static
 * Persian page (no shell, no render, so a miss stays cheap); a script, stylesheet or image loader
 * gets a plain-text 404, never HTML, so a missing chunk fails as a missing chunk and not as HTML
 * parsed as code; the API answers JSON.
 */
export function answerNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  reply.code(404).header('cache-control', 'no-store');
  if (request.url.startsWith('/api/')) return reply.send({ error: 'Not Found' });
  if (!(request.headers.accept ?? '').includes('text/html'))
    return reply.type('text/plain; charset=utf-8').send('Not Found');
  return reply.type('text/html; charset=utf-8').send(NOT_FOUND_PAGE);
}

/**
 * Node's parser counts the request line within its header limit and says only "header overflow":
 * the request line is what was too large when it alone passes nginx's usual 8 KB buffer, or did
 * not even end within what was read.
 */
const LONGEST_REQUEST_LINE = 8 * 1024;

type ConnectionError = Parameters<NonNullable<FastifyServerOptions['clientErrorHandler']>>[0];

function clientErrorAnswer(error: ConnectionError) {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: '408 Request Timeout', page: REQUEST_TIMEOUT_PAGE };
  if (error.code !== 'HPE_HEADER_OVERFLOW') return { status: '400 Bad Request', page: BAD_REQUEST_PAGE };
  // What was read of the request: a Buffer at run time, whatever Fastify's types say.
  const read: unknown = error.rawPacket;
  const lineEnd = Buffer.isBuffer(read) ? read.indexOf('\r\n') : -1;
  return lineEnd === -1 || lineEnd > LONGEST_REQUEST_LINE
    ? { status: '414 URI Too Long', page: URI_TOO_LONG_PAGE }
    : { status: '431 Request Header Fields Too Large', page: HEADERS_TOO_LARGE_PAGE };
}

/**
 * Fastify's `clientErrorHandler` (the server's `clientError` event): no request exists yet, so the
 * answer is written to the socket as is, then the connection closed — as Fastify's own handler
 * does, but a Persian page instead of its English JSON.
 */
export function answerClientError(error: ConnectionError, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, page } = clientErrorAnswer(error);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status}\r\n` +
        'Content-Type: text/html; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(page)}\r\n` +
        'Cache-Control: no-store\r\n' +
        'X-Content-Type-Options: nosniff\r\n' +
        'Connection: close\r\n\r\n' +
        page,
    );
  }
  socket.destroy(error);
}
