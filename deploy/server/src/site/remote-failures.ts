/**
 * `POST /_/remote-failure`: a browser reports that a remote failed to load, mount or render, or
 * broke the contract. Logged with app and version, and counted per live version for
 * `deploy status`. Anyone can send one, so reports are checked, clipped and limited per client.
 */
import type { FastifyPluginAsync } from 'fastify';
import { LRUCache } from 'lru-cache';
import { REMOTE_FAILURE_KINDS, REMOTE_FAILURE_REPORT_PATH, type RemoteFailureKind } from '@steel/contract';
import { isAppName, SHELL, VERSION_RE } from '../live-set/builds-folder';
import type { RemoteFailureReport, RouteContext } from './context';
import { visitorLiveSet } from '../live-set/visitor-live-set';

/** Reports one address may send per minute; a page has at most a few remotes failing at once. */
const REPORTS_PER_MINUTE = 30;

export const remoteFailureRoutes: FastifyPluginAsync<RouteContext> = async (
  app,
  { live, config, failureCounts: recorder, events },
) => {
  const perClient = new LRUCache<string, { count: number }>({ max: 10_000, ttl: 60_000 });

  app.post(REMOTE_FAILURE_REPORT_PATH, { bodyLimit: 4096 }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const seen = perClient.get(request.ip) ?? { count: 0 };
    seen.count += 1;
    if (!perClient.has(request.ip)) perClient.set(request.ip, seen);
    if (seen.count > REPORTS_PER_MINUTE) return reply.code(429).send();

    const body = (typeof request.body === 'string' ? safeJson(request.body) : request.body) as Record<
      string,
      unknown
    > | null;
    const remote = body?.['app'];
    const version = body?.['version'];
    const kind = body?.['kind'];
    if (
      typeof remote !== 'string' ||
      !isAppName(remote) ||
      remote === SHELL ||
      typeof version !== 'string' ||
      !VERSION_RE.test(version) ||
      typeof kind !== 'string' ||
      !(REMOTE_FAILURE_KINDS as readonly string[]).includes(kind)
    ) {
      return reply.code(400).send({ error: 'A report names app, version and kind' });
    }
    const route = typeof body?.['route'] === 'string' ? body['route'].slice(0, 200) : '';
    const message = typeof body?.['message'] === 'string' ? body['message'].slice(0, 300) : '';
    const report: RemoteFailureReport = {
      app: remote,
      version,
      kind: kind as RemoteFailureKind,
      route,
      failure: message,
    };
    request.log.warn(report, 'a remote failed in a browser');
    events.remoteFailed?.(report);
    // Counted only for a version this visitor is served: reports are anonymous, and the counts can
    // end a canary or roll a version back, so a forged report about someone else's version is not.
    const served = await visitorLiveSet({ live, config }, request, reply);
    if (served?.live.versions[report.app] === version) recorder.record(report.app, version, report.kind);
    return reply.code(204).send();
  });
};

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
