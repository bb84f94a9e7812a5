/**
 * Load shedding (docs/architecture.md, "Load shedding"): a page this server could no longer answer
 * in time is answered at once with a small Persian 503 and `Retry-After` — a few hundred bytes,
 * nearly free — instead of waiting in a queue until the visitor, or nginx, gives up. What is shed
 * leaves the server's time to the pages it can still answer promptly.
 *
 * Two signals, each a measure of lateness rather than of how busy the CPU is (a server kept at
 * full use by a steady load is doing its job, not failing at it):
 * - **queue time**: behind nginx, how long the request waited between nginx passing it on
 *   (`X-Request-Start: t=<ms>`, nginx's `$msec`) and this server starting it. Past `queueMs` the
 *   visitor has waited too long already; their page would come later still. Believed only from a
 *   configured proxy (TRUSTED_PROXIES), on the same machine or with clocks kept in step.
 * - **event-loop delay**, with or without a proxy: the mean lateness of this process's timers over
 *   the last second (`@fastify/under-pressure`). Past `eventLoopDelayMs` everything the process
 *   does is that late, the page about to start included.
 *
 * Only page requests (those the page route answers) are shed: they are what a crowd asks for and
 * where the Persian page helps a person. Scripts, federation manifests, the registry, the deploy API and console, the health
 * check and metrics are always answered (a deploy under load must go through; a half-loaded page
 * must not lose its scripts). The deploy gate's smoke server never sheds: its verdict must not
 * depend on the machine's load.
 */
import underPressure from '@fastify/under-pressure';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { staticErrorPage } from '../rendering/static-error-page';
import type { ServerMetrics } from '../observability/metrics';
import type { LoadSheddingOptions } from '../config';

export const BUSY_PAGE = staticErrorPage({
  title: 'سایت شلوغ است',
  heading: 'خطا ۵۰۳',
  message: 'در این لحظه درخواست‌های زیادی به سایت می‌رسد؛ لطفاً چند ثانیه دیگر دوباره تلاش کنید.',
});

/** What a shed visitor is told to wait before asking again (nginx's busy page says the same). */
export const RETRY_AFTER_SECONDS = 5;

export const REQUEST_START_HEADER = 'x-request-start';

/**
 * How long the proxy waits for a page before it hands it to another server (nginx sends its
 * proxy_read_timeout, in seconds). nginx builds a request's headers once: a page handed over from
 * a hung server still carries the X-Request-Start of its first try, so it looks as if it waited
 * here the whole time. A page older than this was handed over — this server did not keep it
 * waiting, and shedding it would give a busy page to a visitor who has waited longest and whose
 * page this server can answer at once. A page that did wait this long here is one nginx has given
 * up on; the event-loop signal sheds on a server that far behind.
 */
export const PROXY_READ_TIMEOUT_HEADER = 'x-proxy-read-timeout';

/** The proxy's read time-out in ms, from whole seconds; null if absent or unreadable. */
export function proxyReadTimeoutOf(header: string | string[] | undefined): number | null {
  const value = Array.isArray(header) ? header[0] : header;
  return value && /^\d+$/.test(value.trim()) ? Number(value) * 1000 : null;
}

const LOG_EVERY_MS = 5_000;

export type ShedReason = 'queue' | 'event-loop';

/** When nginx passed the request on (ms since the epoch), from `t=<seconds.millis>` or `t=<ms>`; null if unreadable. */
export function requestStartOf(header: string | string[] | undefined): number | null {
  const value = Array.isArray(header) ? header[0] : header;
  const match = value && /^t=(\d+(?:\.\d+)?)$/.exec(value.trim());
  if (!match) return null;
  const number = Number(match[1]);
  // nginx's $msec is seconds with milliseconds ("1764400000.123"); other proxies send milliseconds.
  return match[1]!.includes('.') ? Math.round(number * 1000) : number;
}

/** The busy answer's status and headers on `reply`; its body, the busy page, is for the caller to send. */
function busyReply(reply: FastifyReply): string {
  reply
    .code(503)
    .header('retry-after', String(RETRY_AFTER_SECONDS))
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8');
  return BUSY_PAGE;
}

interface LoadSheddingPluginOptions {
  options: LoadSheddingOptions;
  /** Whether a proxy's `X-Request-Start` is believed (TRUSTED_PROXIES is set). */
  behindProxy: boolean;
  /** Whether a request is for a page (the page route's own test). */
  isPageRequest: (request: FastifyRequest) => boolean;
  metrics: ServerMetrics;
}

/** Its hooks apply to every route of the server (fastify-plugin: not encapsulated). */
export const loadShedding = fp<LoadSheddingPluginOptions>(
  async (app, { options, behindProxy, isPageRequest, metrics }) => {
    // One log line per few seconds of shedding, not one per page: a flood must not become a flood of lines.
    let shedSinceLine = 0;
    let lastLineAt = 0;
    const shed = (reason: ShedReason, request: FastifyRequest, reply: FastifyReply, lateMs: number) => {
      metrics.requestsShed.inc({ reason });
      shedSinceLine += 1;
      if (Date.now() - lastLineAt >= LOG_EVERY_MS) {
        request.log.warn(
          { reason, lateMs: Math.round(lateMs), shed: shedSinceLine },
          `shedding load: ${shedSinceLine} page(s) answered 503 busy since the last line (${reason === 'queue' ? 'waited' : 'event loop behind by'} ${Math.round(lateMs)} ms)`,
        );
        shedSinceLine = 0;
        lastLineAt = Date.now();
      }
      return busyReply(reply);
    };

    const { queueMs, eventLoopDelayMs } = options;
    if (queueMs !== null && behindProxy) {
      app.addHook('onRequest', async (request, reply) => {
        const start = requestStartOf(request.headers[REQUEST_START_HEADER]);
        if (start === null || !isPageRequest(request)) return;
        const waited = Date.now() - start;
        const handedOverAfter = proxyReadTimeoutOf(request.headers[PROXY_READ_TIMEOUT_HEADER]);
        if (handedOverAfter !== null && waited >= handedOverAfter) return;
        if (waited > queueMs) return reply.send(shed('queue', request, reply, waited));
      });
    }
    if (eventLoopDelayMs !== null) {
      await app.register(underPressure, {
        maxEventLoopDelay: eventLoopDelayMs,
        // What the handler returns is sent as the answer and the request goes no further;
        // nothing (undefined) lets it go on as usual (the plugin's README; its types allow only
        // void). Sending here instead let a shed page go on to the page route too, whose second
        // answer was an error in the log and its work wasted on a server already behind.
        pressureHandler: (request, reply, _type, value) =>
          (isPageRequest(request) ? shed('event-loop', request, reply, Number(value)) : undefined) as void,
      });
    }
  },
);
