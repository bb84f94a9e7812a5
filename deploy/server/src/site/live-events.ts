/**
 * `/builds/events`: the live set pushed to open pages as Server-Sent Events, so a tab learns of a
 * deploy within about a second instead of at its next poll (the poll stays, as the fallback for a
 * browser or proxy that drops the stream).
 *
 * One watcher per server, running only while someone listens: it asks the live store (one `stat`
 * of live.json, which every app server sharing the builds folder sees) every
 * `LIVE_EVENTS_CHECK_MS` and sends each listener the new `{ id, timestamp, versions }` of its own
 * live set (a canary visitor's includes the canary) when that set's id changes. Listeners are bounded per
 * address and in all, so open streams cannot exhaust sockets;
 * a refused stream is a 503 and the browser falls back to polling.
 *
 * Written on the raw response rather than with an SSE plugin: the framing is two lines, and what
 * matters here — one watcher shared by every listener, bounds, heartbeats — no plugin provides.
 */
import type { ServerResponse } from 'node:http';
import type { FastifyPluginAsync } from 'fastify';
import { LIVE_EVENTS_PATH, type LiveSetNotice } from '@steel/contract';
import type { LiveSnapshot } from '../live-set/live-store';
import type { AppName } from '../live-set/builds-folder';
import type { RouteContext } from './context';
import { keptCohort, visitorOverrides } from '../live-set/visitor-live-set';

export const LIVE_EVENTS_CHECK_MS = 500;
/** A comment line this often keeps proxies and load balancers from closing an idle stream. */
const HEARTBEAT_MS = 25_000;
/** The browser waits this long before reconnecting a dropped stream. */
const RECONNECT_MS = 5_000;
const MAX_LISTENERS = 5_000;
const MAX_LISTENERS_PER_ADDRESS = 16;

export function liveSetNotice(snapshot: LiveSnapshot): LiveSetNotice {
  return { ...snapshot.stamp, versions: snapshot.live.versions };
}

const frame = (notice: LiveSetNotice) => `event: live\ndata: ${JSON.stringify(notice)}\n\n`;

export const liveEventRoutes: FastifyPluginAsync<RouteContext> = async (app, { live, config }) => {
  /** Each open stream, with its visitor's cohort and overrides (a canary visitor follows the canary's set). */
  const listeners = new Map<
    ServerResponse,
    { cohort: number | null; overrides: Record<AppName, string>; lastId: string }
  >();
  const perAddress = new Map<string, number>();
  let watcher: ReturnType<typeof setInterval> | null = null;
  let heartbeat: ReturnType<typeof setInterval> | null = null;
  /** Streams accepted but not yet open (waiting for the live set). */
  let pending = 0;

  async function check() {
    for (const [response, listener] of listeners) {
      const snapshot = await live.forVisitor(listener.cohort, listener.overrides).catch(() => null);
      if (!snapshot || snapshot.stamp.id === listener.lastId) continue;
      listener.lastId = snapshot.stamp.id;
      response.write(frame(liveSetNotice(snapshot)));
    }
  }

  function startWatching() {
    if (watcher) return;
    watcher = setInterval(() => void check(), LIVE_EVENTS_CHECK_MS);
    heartbeat = setInterval(() => {
      for (const response of listeners.keys()) response.write(': still here\n\n');
    }, HEARTBEAT_MS);
  }

  function stopWatchingWhenAlone() {
    if (listeners.size > 0) return;
    if (watcher) clearInterval(watcher);
    if (heartbeat) clearInterval(heartbeat);
    watcher = heartbeat = null;
  }

  // A change of the live set heard by the live store (announced by any app server) reaches this
  // server's tabs now, not at the next tick.
  const stopHearing = live.onChange(() => {
    if (listeners.size > 0) void check();
  });

  app.addHook('onClose', async () => {
    stopHearing();
    for (const response of listeners.keys()) response.end();
    listeners.clear();
    stopWatchingWhenAlone();
  });

  function release(address: string) {
    const left = (perAddress.get(address) ?? 1) - 1;
    if (left > 0) perAddress.set(address, left);
    else perAddress.delete(address);
  }

  app.get(LIVE_EVENTS_PATH, async (request, reply) => {
    const address = request.ip;
    const fromAddress = perAddress.get(address) ?? 0;
    if (listeners.size + pending >= MAX_LISTENERS || fromAddress >= MAX_LISTENERS_PER_ADDRESS) {
      return reply
        .code(503)
        .header('retry-after', '60')
        .header('cache-control', 'no-store')
        .send({ error: 'سرور اکنون اعلان زنده نمی‌پذیرد؛ بررسی دوره‌ای ادامه دارد.' });
    }
    // The place is taken before the first await, so simultaneous requests cannot all slip under the bound.
    perAddress.set(address, fromAddress + 1);
    pending += 1;
    const cohort = keptCohort(request);
    const overrides = Object.fromEntries((await visitorOverrides(request, { config })).map((o) => [o.app, o.version]));
    const snapshot = await live.forVisitor(cohort, overrides).finally(() => (pending -= 1));
    if (!snapshot) {
      release(address);
      return reply.code(404).header('cache-control', 'no-store').send({ error: 'No build is live' });
    }

    // Taken over from fastify: the stream stays open, uncompressed and unbuffered (nginx included).
    reply.hijack();
    const response = reply.raw;
    response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
      'access-control-allow-origin': '*',
      connection: 'keep-alive',
    });
    // The current set first: a tab that missed a change while reconnecting learns of it at once.
    response.write(`retry: ${RECONNECT_MS}\n\n${frame(liveSetNotice(snapshot))}`);
    listeners.set(response, { cohort, overrides, lastId: snapshot.stamp.id });
    startWatching();
    request.raw.on('close', () => {
      listeners.delete(response);
      release(address);
      stopWatchingWhenAlone();
    });
  });
};
