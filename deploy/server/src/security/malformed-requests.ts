/**
 * Requests no page can answer are refused as what they are — the visitor's (or a bot's) mistake,
 * a 4xx with a Persian page — never a 503 that reports an outage, nor the framework's JSON:
 * - a path the URL parser cannot decode (`/blog/%ff`) or that carries control characters
 *   (`/blog/%00`): 400;
 * - duplicate slashes (`/rebar//kalaf`, `//rebar`): 308 to the one-slash path, so every page has
 *   one URL (and its canonical link never keeps the double slash).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { staticErrorPage } from '../rendering/static-error-page';

export const BAD_REQUEST_PAGE = staticErrorPage({
  title: 'نشانی نامعتبر',
  heading: 'خطا ۴۰۰',
  message: 'این نشانی درست نوشته نشده است و صفحه‌ای را نشان نمی‌دهد.',
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

/** On page paths: control characters refused, duplicate slashes redirected. */
export function refuseMalformedPaths(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const [path = '/', query] = request.url.split(/\?(.*)/s, 2);
    // Builds, APIs and the server's own routes refuse bad paths themselves (404, never a file).
    if (SERVER_PATH_RE.test(path)) return undefined;
    if (CONTROL_CHARACTER_RE.test(path)) return badRequest(reply);
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
