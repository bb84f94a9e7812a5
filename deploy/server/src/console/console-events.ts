/**
 * The console's event streams, `GET /_/console/apps/<app>/events` (Server-Sent Events): a `change`
 * when the app's figures or live set differ from the last sent, `ended` as the stream's session ends.
 * A stream is checked again whenever keys may have changed — at once on the shared state's `keys`
 * notice (any app server), and every `CONSOLE_KEY_CHECK_MS` against this machine's keys file — so a
 * stream whose key was revoked ends with `ended` and its page goes to the sign-in.
 */
import type { FastifyInstance } from 'fastify';
import { configuredKeys } from '../live-set/deploy-keys';
import { appView, viewFingerprint } from './app-view';
import { type ConsoleSession, sessionCookieOf, verifySession } from './console-session';
import { type ConsoleOptions, visibleApp } from './console-request';

/** How often an open console's stream compares its app's figures (the counts are flushed each second). */
export const CONSOLE_EVENTS_CHECK_MS = 1000;
const MAX_STREAMS = 200;
const HEARTBEAT_MS = 25_000;

/** Why an open console's stream ended, as its `ended` event tells the page. */
type StreamEnd = 'expired' | 'revoked' | 'closed';

export function registerConsoleEvents(app: FastifyInstance, options: ConsoleOptions): void {
  const { config, shared, live } = options;
  const { buildsDir, consoleKeyCheckMs: keyCheckMs } = config;

  // Each open console's stream: a `change` when its app's figures or live set differ from the last
  // sent, ended (`ended`) with its session. The session's cookie is kept to be checked again.
  const streams = new Map<(why: StreamEnd) => void, { cookie: string; session: ConsoleSession }>();
  let keyCheck: NodeJS.Timeout | null = null;
  /** Ends every stream whose session no longer verifies: its key removed, its app removed, or replaced. */
  const endRevokedStreams = async () => {
    if (!streams.size) return;
    let keys;
    try {
      keys = await configuredKeys(config.deploy);
    } catch (error) {
      // A keys file that cannot be read refuses every new request; the streams are judged at the next check.
      app.log.warn({ err: error }, 'deploy console: deploy keys unreadable');
      return;
    }
    for (const [end, { cookie, session }] of streams)
      if (!verifySession(cookie, keys)) end(session.expiresAt <= Date.now() ? 'expired' : 'revoked');
  };
  const stopHearingKeys = shared.onNotice((notice) => {
    if (notice.kind === 'keys') void endRevokedStreams();
  });
  app.addHook('onClose', async () => {
    stopHearingKeys();
    for (const end of streams.keys()) end('closed');
  });

  app.get('/apps/:app/events', async (request, reply) => {
    const name = await visibleApp(request, reply, buildsDir, shared.counts);
    if (!name) return reply;
    if (streams.size >= MAX_STREAMS)
      return reply
        .code(503)
        .header('retry-after', '60')
        .type('text/plain; charset=utf-8')
        .send('Too many consoles open');
    const session = request.consoleSession!;
    const cookie = sessionCookieOf(request.headers.cookie)!;
    reply.hijack();
    const response = reply.raw;
    response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });
    response.write('retry: 5000\n\n');
    // The page's own figures: nothing is sent until they change.
    const { since } = request.query as { since?: string };
    let last = typeof since === 'string' ? since.slice(0, 64) : '';
    let checking = false;
    const check = async () => {
      if (checking) return;
      checking = true;
      try {
        // A session that ends ends its stream: the page goes to the sign-in.
        if (session.expiresAt <= Date.now()) return end('expired');
        const view = await appView(buildsDir, shared.counts, name);
        const fingerprint = view ? viewFingerprint(view) : '';
        if (fingerprint !== last) {
          last = fingerprint;
          response.write(`event: change\ndata: ${JSON.stringify({ at: Date.now() })}\n\n`);
        }
      } catch (error) {
        request.log.warn({ err: error }, 'deploy console: figures unreadable');
      } finally {
        checking = false;
      }
    };
    const timer = setInterval(() => void check(), CONSOLE_EVENTS_CHECK_MS);
    const heartbeat = setInterval(() => response.write(': still here\n\n'), HEARTBEAT_MS);
    const stopHearing = live.onChange(() => void check());
    function end(why: StreamEnd) {
      if (!streams.delete(end)) return;
      clearInterval(timer);
      clearInterval(heartbeat);
      stopHearing();
      if (!streams.size && keyCheck) {
        clearInterval(keyCheck);
        keyCheck = null;
      }
      // The page is told why, so it goes to the sign-in instead of reconnecting.
      if (why !== 'closed' && !response.destroyed) response.write(`event: ended\ndata: ${JSON.stringify({ why })}\n\n`);
      response.end();
    }
    streams.set(end, { cookie, session });
    keyCheck ??= setInterval(() => void endRevokedStreams(), keyCheckMs);
    request.raw.on('close', () => end('closed'));
    void check();
  });
}
