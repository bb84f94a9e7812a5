/**
 * The CLI's remote mode (`deploy --server <url> …`): the same commands as on a builds folder,
 * through the deploy API with a team's key. A dist folder is packed here as a .tar.gz of its files
 * (pre-compressed variants left out: the server makes its own).
 *
 * A call the server answers with a job (202) is followed here to its end (`GET …/jobs/<id>?wait=`,
 * each at most 25 s), so a caller gets the job's result or its refusal as if the call had waited.
 * No request is held longer than `CALL_LIMIT_MS`; lost contact while following says so, never "failed",
 * and a follower that gives up (`signal`) cancels the job and says what that left.
 */
import fs from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { c as createTar } from 'tar';
import type { AppStatus } from './status';
import type { AppName } from '../live-set/builds-folder';
import type { ReleaseLogEntry } from './release-log';
import type { RegisteredApp } from '../live-set/app-registry';
import type { AppRemoval } from './apps';
import { NotABuild } from './publish';
import { GateRefusal } from './change-live';
import { DEPLOY_API_PREFIX, JOB_WAIT_MAX_SECONDS, UPLOAD_CONTENT_TYPES } from './deploy-api-protocol';
import type { JobRecord } from '../platform-state/job-store';

export interface RemoteTarget {
  /** The app server's origin, e.g. https://steel.example (the API is under /_/deploy). */
  server: string;
  key: string;
  /** Hears each change of a job it follows (the CLI prints the steps). */
  onJob?: (job: JobView) => void;
  /** Giving up: the job followed is cancelled, and the call ends with what the cancel left. */
  signal?: AbortSignal;
}

/** A job as the API shows it (deploy-api/job-routes.ts, `jobView`). */
export type JobView = Omit<JobRecord, 'runner' | 'heartbeatAt' | 'committing'> & { url: string };

/** No request waits longer (a follow's wait is shorter): the API answers every call within 30 s. */
export const CALL_LIMIT_MS = 30_000;
/** An upload's transfer is the sender's own time: it may take this long before the server's answer. */
const UPLOAD_LIMIT_MS = 15 * 60_000;
/** How long a follower keeps trying while the server cannot be reached (a restart, a proxy's hiccup). */
const LOST_CONTACT_MS = 60_000;

/** The follower gave up (Ctrl+C, a CI step's time limit): what its cancel left is in the message. */
export class GaveUp extends Error {
  override readonly name = 'GaveUp';
}

/** The server's answer to a call it refused: its status and `{ error }`. */
export class RemoteError extends Error {
  override readonly name = 'RemoteError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export async function packDist(distDir: string): Promise<Buffer> {
  const stat = await fs.stat(distDir).catch(() => null);
  if (!stat?.isDirectory()) throw new NotABuild(`${distDir} is not a directory (build it first)`);
  const chunks: Buffer[] = [];
  for await (const chunk of createTar(
    { gzip: true, cwd: distDir, portable: true, filter: (file) => !/\.(br|gz)$/.test(file) },
    ['.'],
  )) {
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

const origin = (target: RemoteTarget) => target.server.replace(/\/+$/, '');

async function call<T>(
  target: RemoteTarget,
  method: 'GET' | 'POST',
  path: string,
  body?: { json: unknown } | { tarball: Buffer },
): Promise<T> {
  const answer = await request<T | { job: JobView }>(target, method, `${DEPLOY_API_PREFIX}${path}`, body);
  if (answer.status !== 202) return answer.json as T;
  return (await followJob(target, (answer.json as { job: JobView }).job)).result as T;
}

/**
 * One request, its JSON answer; a refusal thrown as the CLI says it (422: the gate's). `giveUp`
 * aborts it too — only for reads: a call that starts a job is never cut off while its answer may
 * be on its way, or the job would run untold.
 */
async function request<T>(
  target: RemoteTarget,
  method: 'GET' | 'POST',
  path: string,
  body?: { json: unknown } | { tarball: Buffer },
  giveUp?: AbortSignal,
): Promise<{ status: number; json: T }> {
  const url = `${origin(target)}${path}`;
  const headers: Record<string, string> = { authorization: `Bearer ${target.key}` };
  let payload: string | Uint8Array<ArrayBuffer> | undefined;
  if (body && 'json' in body) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body.json);
  } else if (body) {
    headers['content-type'] = UPLOAD_CONTENT_TYPES[0]!;
    payload = new Uint8Array(body.tarball);
  }
  const response = await fetch(url, {
    method,
    headers,
    body: payload,
    signal: AbortSignal.any([
      AbortSignal.timeout(body && 'tarball' in body ? UPLOAD_LIMIT_MS : CALL_LIMIT_MS),
      ...(giveUp ? [giveUp] : []),
    ]),
  });
  const text = await response.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    // Not the deploy API answering (a proxy's error page, a wrong URL): say what came back.
  }
  if (!response.ok) {
    const error = (json as { error?: string } | null)?.error ?? `${text.slice(0, 200) || response.statusText}`;
    if (response.status === 422) throw new GateRefusal(error);
    throw new RemoteError(response.status, `${response.status}: ${error}`);
  }
  if (json === null)
    throw new RemoteError(response.status, `${url} did not answer JSON: is ${target.server} the app server?`);
  return { status: response.status, json: json as T };
}

const FINISHED_STATES = new Set(['succeeded', 'failed', 'cancelled']);

/**
 * Follows a job to its end: its result when it succeeded, its refusal thrown when it did not (as
 * the call would have answered). Lost contact is retried for a minute, then said as such — the job
 * may still finish. When `target.signal` aborts, the job is cancelled and GaveUp says what that left.
 */
export async function followJob(target: RemoteTarget, job: JobView): Promise<JobView> {
  let seen = job;
  target.onJob?.(seen);
  let unreachableSince: number | null = null;
  while (!FINISHED_STATES.has(seen.state)) {
    if (target.signal?.aborted) throw await giveUp(target, seen);
    try {
      const next = await request<JobView>(
        target,
        'GET',
        `${seen.url}?after=${seen.revision}&wait=${JOB_WAIT_MAX_SECONDS - 5}`,
        undefined,
        target.signal,
      );
      unreachableSince = null;
      if (next.json.revision !== seen.revision) target.onJob?.(next.json);
      seen = next.json;
    } catch (error) {
      if (error instanceof RemoteError || error instanceof GateRefusal) throw error;
      if (target.signal?.aborted) continue;
      unreachableSince ??= Date.now();
      if (Date.now() - unreachableSince > LOST_CONTACT_MS)
        throw new RemoteError(
          0,
          `Lost contact with ${target.server} while following job ${seen.id} (${(error as Error).message}); it may still finish: \`deploy job ${seen.app} ${seen.id}\` says how it ended`,
        );
      await sleep(1000);
    }
  }
  if (seen.state === 'succeeded') return seen;
  const { status, message } = seen.error ?? { status: 500, message: `job ${seen.id} ${seen.state}` };
  if (status === 422) throw new GateRefusal(message);
  throw new RemoteError(status, `${status}: ${message}`);
}

/** Cancels the followed job and says what that left: nothing changed, or too late (with the job's outcome). */
async function giveUp(target: RemoteTarget, job: JobView): Promise<GaveUp> {
  const quiet: RemoteTarget = { server: target.server, key: target.key };
  try {
    await request<JobView>(quiet, 'POST', `${job.url}/cancel`, { json: {} });
    return new GaveUp(
      `Gave up: job ${job.id} is cancelled before its point of no return, so nothing it was asked will change`,
    );
  } catch (error) {
    const why = error instanceof RemoteError ? error.message.replace(/^\d+: /, '') : (error as Error).message;
    return new GaveUp(
      `Gave up following job ${job.id}, but it could not be cancelled (${why}): \`deploy job ${job.app} ${job.id}\` says how it ended`,
    );
  }
}

export const remote = {
  whoami: (target: RemoteTarget) => call<{ name: string; app: AppName }>(target, 'GET', '/whoami'),
  /** Publishes a dist folder; `activate`: the same job then runs the gate and makes it live. */
  async publish(target: RemoteTarget, app: AppName, distDir: string, activate?: { force?: string }) {
    const query = activate
      ? `?${new URLSearchParams({ activate: '1', ...(activate.force ? { force: activate.force } : {}) })}`
      : '';
    return call<{
      app: AppName;
      version: string;
      created: boolean;
      previous?: string | null;
      changed?: boolean;
      gate?: string;
      forced?: string | null;
      gateMs?: number;
    }>(target, 'POST', `/${app}/versions${query}`, { tarball: await packDist(distDir) });
  },
  job: (target: RemoteTarget, app: AppName, id: string) =>
    request<JobView>(target, 'GET', `${DEPLOY_API_PREFIX}/${app}/jobs/${encodeURIComponent(id)}`).then((r) => r.json),
  cancel: (target: RemoteTarget, app: AppName, id: string) =>
    request<JobView>(target, 'POST', `${DEPLOY_API_PREFIX}/${app}/jobs/${encodeURIComponent(id)}/cancel`, {
      json: {},
    }).then((r) => r.json),
  jobs: async (target: RemoteTarget, app: AppName) =>
    (await call<{ jobs: JobView[] }>(target, 'GET', `/${app}/jobs`)).jobs,
  async check(target: RemoteTarget, app: AppName, version: string) {
    const result = await call<{ passed: boolean; refusal: string | null; ms: number; notes?: string[] }>(
      target,
      'POST',
      `/${app}/versions/${encodeURIComponent(version)}/check`,
    );
    if (result.refusal) throw new GateRefusal(result.refusal);
    return result;
  },
  activate: (target: RemoteTarget, app: AppName, version: string, force?: string) =>
    call<{
      version: string;
      previous: string | null;
      changed: boolean;
      gate: string;
      forced: string | null;
      gateMs: number;
    }>(target, 'POST', `/${app}/activate`, { json: { version, ...(force ? { force } : {}) } }),
  rollback: (target: RemoteTarget, app: AppName) =>
    call<{ version: string; previous: string | null }>(target, 'POST', `/${app}/rollback`, { json: {} }),
  canary: (target: RemoteTarget, app: AppName, version: string, percent: number, force?: string) =>
    call<{
      version: string;
      percent: number;
      live: string | null;
      gate: string;
      forced: string | null;
      gateMs: number;
    }>(target, 'POST', `/${app}/canary`, { json: { version, percent, ...(force ? { force } : {}) } }),
  promote: (target: RemoteTarget, app: AppName) =>
    call<{ version: string; previous: string | null }>(target, 'POST', `/${app}/canary/promote`, { json: {} }),
  abort: (target: RemoteTarget, app: AppName) =>
    call<{ version: string; aborted: string | null }>(target, 'POST', `/${app}/canary/abort`, { json: {} }),
  override: (target: RemoteTarget, app: AppName, version: string, minutes?: number) =>
    call<{ version: string; expiresAt: string; cookie: { name: string; value: string }; link: string }>(
      target,
      'POST',
      `/${app}/override`,
      { json: { version, ...(minutes ? { minutes } : {}) } },
    ),
  releaseLog: async (target: RemoteTarget, app: AppName) =>
    (await call<{ entries: ReleaseLogEntry[] }>(target, 'GET', `/${app}/log`)).entries,
  status: (target: RemoteTarget, app: AppName) =>
    call<AppStatus & { updatedAt: number | null }>(target, 'GET', `/${app}/status`),
  apps: {
    list: async (target: RemoteTarget) => (await call<{ apps: RegisteredApp[] }>(target, 'GET', '/apps')).apps,
    add: async (target: RemoteTarget, request: { name: string; paths: string[]; owner?: string }) =>
      (await call<{ app: RegisteredApp }>(target, 'POST', '/apps', { json: request })).app,
    remove: (target: RemoteTarget, name: string, force?: string) =>
      call<AppRemoval>(target, 'POST', `/apps/${encodeURIComponent(name)}/remove`, { json: force ? { force } : {} }),
  },
};
