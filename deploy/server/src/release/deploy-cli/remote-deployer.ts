/**
 * The deploy commands through an app server's deploy API, with a key: a publish, a gate run or a
 * change of the live set is a job there, whose steps the CLI prints as it follows it.
 */
import type { AppName } from '../../live-set/builds-folder';
import { followJob, remote, type JobView, type RemoteTarget } from '../deploy-api-client';
import { type Log, UsageError } from './arguments';
import type { Deployer } from './deployer';

export function remoteDeployer(target: RemoteTarget): Deployer {
  // A key is for one app: without one named, the release log and status are the key's own app's.
  const orOwn = async (app?: AppName) => app ?? (await remote.whoami(target)).app;
  return {
    where: target.server,
    async publish(app, distDir, { activate }) {
      const result = await remote.publish(target, app, distDir, activate);
      if (!activate) return result;
      return {
        ...result,
        activation: {
          refusal: result.forced ? (result.gate ?? null) : null,
          changed: result.changed ?? false,
          previous: result.previous ?? null,
          gateMs: result.gateMs ?? 0,
        },
      };
    },
    check: (app, version) => remote.check(target, app, version),
    async activate(app, version, force) {
      const result = await remote.activate(target, app, version, force);
      // A refusal comes back as a 422; a gate word here is one that was forced through.
      return { ...result, refusal: result.forced ? result.gate : null };
    },
    rollback: (app) => remote.rollback(target, app),
    async canary(app, version, percent, force) {
      const result = await remote.canary(target, app, version, percent, force);
      return { refusal: result.forced ? result.gate : null, live: result.live, gateMs: result.gateMs };
    },
    promote: (app) => remote.promote(target, app),
    abort: (app) => remote.abort(target, app),
    async override(app, version, minutes) {
      const result = await remote.override(target, app, version, minutes);
      return { link: `${target.server.replace(/\/+$/, '')}${result.link}`, expiresAt: result.expiresAt };
    },
    releaseLog: async (app) => remote.releaseLog(target, await orOwn(app)),
    apps: {
      list: () => remote.apps.list(target),
      add: (request) => remote.apps.add(target, request),
      remove: (name, force) => remote.apps.remove(target, name, force),
    },
    async status(app) {
      const { updatedAt, ...own } = await remote.status(target, await orOwn(app));
      return { updatedAt, apps: [own] };
    },
    prune: () => Promise.reject(new UsageError("prune works on the server's machine only (without --server)")),
    jobs: {
      list: async (app) => remote.jobs(target, await orOwn(app)),
      follow: async (app, id) => followJob(target, await remote.job(target, app, id)),
      cancel: (app, id) => remote.cancel(target, app, id),
    },
  };
}

/** A job's steps as the CLI prints them: its id once, then each new step. */
export function jobPrinter(log: Log): (job: JobView) => void {
  const announced = new Set<string>();
  return (job) => {
    if (!announced.has(job.id)) {
      announced.add(job.id);
      // The platform's jobs are followed under `apps` (the API's address says where).
      const under = /\/_\/deploy\/([^/]+)\/jobs\//.exec(job.url)?.[1] ?? job.app;
      log(
        `job ${job.id} (${job.kind} ${job.app}): follow it with \`deploy job ${under} ${job.id}\`; Ctrl+C cancels it`,
      );
    }
    // The bookkeeping steps of every job say nothing to a person; the outcome is the command's own line.
    if (!['waiting to start', 'started', 'done'].includes(job.step))
      log(`  ${job.state === 'queued' || job.state === 'running' ? '…' : '•'} ${job.step}`);
  };
}
