/**
 * The deploy API's and the console's jobs (release/jobs/): what each kind of job does, with the
 * release's own functions, and how a job is started — only once its address has reached the
 * client (`startWhenTold`), so that a client that left before the answer is never surprised by a
 * change it was not told of. One instance per app server, shared by the API and the console.
 */
import { AsyncResource } from 'node:async_hooks';
import fs from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { AppName } from '../live-set/builds-folder';
import type { DeployKeySource } from '../live-set/deploy-keys';
import { addApp, removeApp } from '../release/apps';
import { changeLive, checkRelease, type LiveChange, type LiveChangeResult } from '../release/change-live';
import { stateOfFolder } from '../platform-state/state-of-folder';
import type { JobRecord } from '../platform-state/job-store';
import { createJobs, type JobContext, type Jobs } from '../release/jobs/jobs';
import { publishVersion } from '../release/publish';
import { refusalOf } from './release-errors';

type Work = (context: JobContext) => Promise<Record<string, unknown>>;

export interface DeployJobs {
  jobs: Jobs;
  /**
   * Runs the job once `response` has been sent whole (its address is with the client), or ends it
   * unstarted when the connection closes first. `cleanup` runs after either.
   */
  startWhenTold(response: ServerResponse, record: JobRecord, work: Work, cleanup?: () => Promise<void>): void;
  publish(app: AppName, dir: string, options: { by: string; activate: boolean; force?: string }): Work;
  change(app: AppName, change: LiveChange, options: { by: string; force?: string }): Work;
  check(app: AppName, version: string, by: string): Work;
  addApp(request: { name: string; paths: string[]; owner?: string }, by: string): Work;
  removeApp(name: string, options: { by: string; force?: string }): Work;
  /** The server is closing: no job passes its point of no return any more. */
  stop(): void;
}

/** What the gate made of a change that runs it (activate, canary): passed, the refusal `force` overrode, or not run. */
export function gateReport(result: LiveChangeResult, force: string | undefined, whyNotRun: string) {
  return {
    changed: result.changed,
    gate: result.changed ? (result.refusal ?? 'passed') : `not run (${whyNotRun})`,
    forced: result.refusal ? (force ?? null) : null,
    gateMs: result.gateMs,
  };
}

export function deployJobs(options: {
  buildsDir: string;
  /** The site's deploy keys: an app's removal revokes its own. */
  keys: DeployKeySource;
  announceLiveChange: () => Promise<void>;
  announceKeysRevoked: () => Promise<void>;
  announceStored: (app: AppName, version: string) => Promise<void>;
  log: FastifyBaseLogger;
}): DeployJobs {
  const { buildsDir, keys, announceLiveChange, announceKeysRevoked, announceStored, log } = options;
  const jobs = createJobs({
    // The platform's state: the folder's files, or PostgreSQL shared by every app server.
    store: stateOfFolder(buildsDir).jobs,
    describeFailure: (error, record) => {
      const refusal = refusalOf(error, { app: record.app, version: record.request.version });
      return refusal && { status: refusal.statusCode, message: refusal.message };
    },
    onFault: (error, record) => log.error({ err: error, job: record.id, by: record.by }, 'deploy job failed'),
  });
  const liveChange = async (
    app: AppName,
    change: LiveChange,
    by: string,
    force: string | undefined,
    context: JobContext,
  ) =>
    changeLive(buildsDir, app, change, {
      by,
      ...(force ? { force } : {}),
      onLiveChanged: announceLiveChange,
      progress: context,
    });

  return {
    jobs,
    startWhenTold(response, record, work, cleanup) {
      // In the asking request's context: the job's deploy lines carry that request's id and key.
      const inRequest = AsyncResource.bind((start: () => Promise<unknown>) => start());
      // Once, whichever comes first: the end of the work, before its job is recorded as ended (a
      // client told the job ended finds nothing of it left, such as an unpacked upload), or the end of
      // a job that never ran its work.
      let cleaned: Promise<void> | null = null;
      const cleanUp = () => (cleaned ??= (cleanup?.() ?? Promise.resolve()).catch(() => undefined));
      const after = (run: Promise<unknown>) =>
        void run
          .catch((error: unknown) => log.error({ err: error, job: record.id }, 'deploy job could not be recorded'))
          .finally(cleanUp);
      const workThenCleanUp: Work = async (context) => {
        try {
          return await work(context);
        } finally {
          await cleanUp();
        }
      };
      const abandon = () =>
        after(
          jobs.abandon(record.id, 'The client left before it was told of the job: it was not started; nothing changed'),
        );
      // Gone already (it closed while its upload was being unpacked): nobody will be told.
      if (response.destroyed || response.socket?.destroyed) return abandon();
      let told = false;
      response.once('finish', () => {
        told = true;
        after(inRequest(() => jobs.run(record.id, workThenCleanUp)));
      });
      response.once('close', () => {
        if (!told) abandon();
      });
    },

    publish:
      (app, dir, { by, activate, force }) =>
      async (context) => {
        const published = await publishVersion(buildsDir, app, dir, { by, progress: context });
        // The other servers start fetching it now, before the gate below and any activation.
        await announceStored(app, published.version);
        const result = { app, version: published.version, created: published.created };
        if (!activate) return result;
        const activated = await liveChange(app, { action: 'activate', version: published.version }, by, force, context);
        return { ...result, previous: activated.previous, ...gateReport(activated, force, 'already live') };
      },

    change:
      (app, change, { by, force }) =>
      async (context) => {
        const result = await liveChange(app, change, by, force, context);
        switch (change.action) {
          case 'activate':
            return {
              app,
              version: change.version,
              previous: result.previous,
              ...gateReport(result, force, 'already live'),
            };
          case 'canary':
            return {
              app,
              version: change.version,
              percent: change.percent,
              live: result.previous,
              ...gateReport(result, force, 'already the canary'),
            };
          case 'abort':
            return { app, version: result.version, aborted: result.previous };
          default:
            return { app, version: result.version, previous: result.previous };
        }
      },

    check: (app, version, by) => async (context) => {
      const gate = await checkRelease(buildsDir, app, version, { by, progress: context });
      return { app, version, passed: !gate.refusal, refusal: gate.refusal, ms: gate.ms, notes: gate.notes };
    },

    addApp: (request, by) => async (context) => ({
      app: await context.commit(`${request.name} registered`, () => addApp(buildsDir, request, { keys, by })),
    }),

    removeApp:
      (name, { by, force }) =>
      async (context) => {
        const result = await context.commit(`${name} removed`, () =>
          removeApp(buildsDir, name, { keys, by, ...(force ? { force } : {}), onLiveChanged: announceLiveChange }),
        );
        // Every app server ends at once what the revoked keys opened (console streams).
        if (result.keysRevoked.length) await announceKeysRevoked();
        return {
          removed: result.removed,
          wasLive: result.wasLive,
          forced: result.wasLive ? (force ?? null) : null,
          keysRevoked: result.keysRevoked,
          keysInEnvironment: result.keysInEnvironment,
        };
      },

    stop: () => jobs.stop(),
  };
}

/** Removes an upload's folder once its job is done with it. */
export const removeFolder = (dir: string) => () => fs.rm(dir, { recursive: true, force: true, maxRetries: 3 });
