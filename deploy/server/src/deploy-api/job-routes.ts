/**
 * The deploy API's jobs (release/jobs/, deploy-jobs.ts): how a call that starts one answers
 * (`202 { job }`, its address in `Location`), and following or cancelling one —
 *
 *   GET  /_/deploy/<app>/jobs/<id>[?after=N&wait=S] a job: where it is, how it ended (waits up to S ≤ 25 s for a change past revision N)
 *   POST /_/deploy/<app>/jobs/<id>/cancel          stops it before its point of no return (409 after it)
 *   GET  /_/deploy/apps/jobs/<id>, POST …/cancel   the same for the platform's jobs (registering, removing apps)
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { configuredKeys, type DeployKeySource, findKey } from '../live-set/deploy-keys';
import { DEPLOY_API_PREFIX, JOB_WAIT_MAX_SECONDS } from '../release/deploy-api-protocol';
import type { JobKind, JobRecord } from '../platform-state/job-store';
import type { DeployJobs } from './deploy-jobs';
import { ApiError, assertPlatformKey, bearer } from './request-checks';

/** The platform's app-registry jobs are about the app they register; any platform key may follow them. */
const PLATFORM_JOBS: ReadonlySet<JobKind> = new Set(['app-add', 'app-remove']);

/** Where a job is followed: under its app, or the platform's under `apps` (a name no app may take). */
export const jobUrl = (record: Pick<JobRecord, 'id' | 'kind' | 'app'>) =>
  `${DEPLOY_API_PREFIX}/${PLATFORM_JOBS.has(record.kind) ? 'apps' : record.app}/jobs/${record.id}`;

/** What a client sees of a job: its record without the server's bookkeeping. */
export function jobView(record: JobRecord) {
  const { runner: _runner, heartbeatAt: _heartbeat, committing: _committing, ...shown } = record;
  return { ...shown, url: jobUrl(record) };
}

/**
 * Records the job (or finds the same one asked before and unfinished) and answers 202 with its
 * address; the work starts once that answer is sent (deploy-jobs.ts, `startWhenTold`).
 */
export async function answerWithJob(
  deployJobs: DeployJobs,
  request: FastifyRequest,
  reply: FastifyReply,
  asked: { kind: JobKind; app: string; request: Record<string, unknown> },
  work: Parameters<DeployJobs['startWhenTold']>[2],
  cleanup?: () => Promise<void>,
) {
  const { record, existing } = await deployJobs.jobs.create({ ...asked, by: request.deployKey!.name });
  if (existing) await cleanup?.();
  else deployJobs.startWhenTold(reply.raw, record, work, cleanup);
  return reply
    .code(202)
    .header('location', jobUrl(record))
    .send({ job: jobView(record), ...(asked.request.version ? { version: asked.request.version } : {}) });
}

/** Following and cancelling jobs, the app's own and the platform's. */
export function registerJobRoutes(app: FastifyInstance, deployJobs: DeployJobs, keys: DeployKeySource): void {
  const { jobs } = deployJobs;

  /**
   * The job of the URL: the app's own (its key passed the app check), or under `apps/` one of the
   * platform's (a platform key). Anything else is not found.
   */
  async function visibleJob(request: FastifyRequest): Promise<JobRecord> {
    const { id, app: named } = request.params as { id: string; app?: string };
    if (named === undefined) assertPlatformKey(request);
    const record = await jobs.read(id);
    const here =
      record &&
      (named === undefined ? PLATFORM_JOBS.has(record.kind) : record.app === named && !PLATFORM_JOBS.has(record.kind));
    if (!record || !here) throw new ApiError(404, `No job ${id} here`);
    return record;
  }

  const followJob = async (request: FastifyRequest, reply: FastifyReply) => {
    const seen = await visibleJob(request);
    const query = request.query as { after?: string; wait?: string };
    const after = Number(query.after ?? 0);
    const waitSeconds = Math.min(Math.max(Number(query.wait ?? 0) || 0, 0), JOB_WAIT_MAX_SECONDS);
    const record = waitSeconds ? ((await jobs.follow(seen.id, after, waitSeconds * 1000)) ?? seen) : seen;
    // A key revoked while its answer waited is told nothing more: it was good when it asked, not now.
    if (waitSeconds && !findKey(await configuredKeys(keys), bearer(request) ?? ''))
      throw new ApiError(401, 'Unknown deploy key');
    if (record.state === 'queued' || record.state === 'running') reply.header('retry-after', '1');
    return jobView(record);
  };
  const cancelJob = async (request: FastifyRequest) => {
    const record = await visibleJob(request);
    return jobView(await jobs.cancel(record.id, request.deployKey!.name));
  };
  app.get('/:app/jobs/:id', followJob);
  app.get('/apps/jobs/:id', followJob);
  app.post('/:app/jobs/:id/cancel', cancelJob);
  app.post('/apps/jobs/:id/cancel', cancelJob);
}
