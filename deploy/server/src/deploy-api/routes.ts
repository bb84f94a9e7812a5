/**
 * The deploy API, `/_/deploy/…` on the app server (docs/architecture.md, "Deploying a remote"):
 * what the CLI does on the builds folder, over HTTP, for teams that only hold their app's key.
 *
 *   GET  /_/deploy/whoami                          the key's name and app
 *   POST /_/deploy/<app>/versions[?activate=1]     body: the build as .tar.gz → a job: publish (then the gate, then live)
 *   POST /_/deploy/<app>/versions/<version>/check  a job: the gate alone → { passed, refusal, ms }
 *   POST /_/deploy/<app>/activate                  { version, force? } a job: the gate, then live
 *   POST /_/deploy/<app>/rollback                  a job: the previous version back
 *   GET  /_/deploy/<app>/log                       the app's release-log lines (also at …/history, its former path)
 *   GET  /_/deploy/<app>/status                    live, previous, published, browser failures
 *   POST /_/deploy/<app>/canary                    { version, percent, force? } a job: the gate, then that share of visitors
 *   POST /_/deploy/<app>/canary/promote            a job: the canary live for everyone
 *   POST /_/deploy/<app>/canary/abort              a job: everyone back on the live version
 *   POST /_/deploy/<app>/override                  { version, minutes? } a signed cookie that shows a
 *                                                  gate-passed version to its holder's browser alone
 *   GET  /_/deploy/<app>/jobs                      the app's recent jobs
 *   GET  /_/deploy/<app>/jobs/<id>[?after=N&wait=S] a job: where it is, how it ended (waits up to S ≤ 25 s for a change past revision N)
 *   POST /_/deploy/<app>/jobs/<id>/cancel          stops it before its point of no return (409 after it)
 *   GET  /_/deploy/apps/jobs/<id>, POST …/cancel   the same for the platform's jobs (registering, removing apps)
 *   GET  /_/deploy/apps                            the registered apps (any key)
 *   POST /_/deploy/apps                            { name, paths, owner? } a job: registers an app (platform key)
 *   POST /_/deploy/apps/<name>/remove              { force? } a job: removes it; refused while live unless forced (platform key)
 *
 * Jobs (release/jobs/, deploy-jobs.ts, job-routes.ts): every call that publishes, runs the gate or waits its turn
 * behind the deploy lock answers `202 { job }` at once, with the job's address in `Location`, and the
 * job goes on whatever the client does — so no call holds a connection for longer than a proxy
 * waits. An upload answers once its files are unpacked on the server and checked to be a build.
 *
 * `Authorization: Bearer <key>` (request-checks.ts); an address that presented too many wrong keys is refused with 429
 * whatever key it sends (security/key-guesses.ts); a key acts on its own app only (403 otherwise, reads included);
 * the platform team's key (`deploy keys add platform <name>`) registers and removes apps and
 * deploys none. An app that is not registered is a 404.
 * With no key configured the whole API answers 404: a server nobody set up for it exposes nothing.
 * Every answer is JSON; a refusal is `{ error }` with a 4xx and changes nothing; a job that fails
 * says the same in its `error`.
 *
 * On the app server rather than a service of its own: it already has the builds folder, the
 * config and the logs, and the deploy lock serialises its writes with the CLI's anyway.
 */
import { Readable } from 'node:stream';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { status } from '../release/status';
import { SHELL } from '../live-set/builds-folder';
import { AppRegistryError, assertRegistered } from '../live-set/app-registry';
import { listApps, registrationProblem } from '../release/apps';
import { readReleaseLog } from '../release/release-log';
import { OVERRIDE_DEFAULT_MINUTES, OVERRIDE_MAX_MINUTES } from '../live-set/override-cookies';
import { buildOf } from '../release/publish';
import type { RouteContext } from '../site/context';
import { configuredKeys, findKey } from '../live-set/deploy-keys';
import { UPLOAD_CONTENT_TYPES } from '../release/deploy-api-protocol';
import { refusalOf } from './release-errors';
import { unpackUpload } from './tarball';
import { issueOverride } from './overrides';
import { type DeployJobs, removeFolder } from './deploy-jobs';
import { answerWithJob, jobView, registerJobRoutes } from './job-routes';
import { ApiError, assertPlatformKey, bearer, forceReason, ownApp, requestedVersion } from './request-checks';
import { type KeyGuesses, tooManyWrongKeys } from '../security/key-guesses';

/** When a call refused for the moment (503) may be tried again, in seconds. */
const RETRY_REFUSED_AFTER_S = '10';

/** The registry's refusal as the API answers it: `status` (an unknown app 404, a bad request 400). */
const registryRefusal =
  (status: number) =>
  (error: unknown): never => {
    throw error instanceof AppRegistryError ? new ApiError(status, error.message) : error;
  };
const notFound = registryRefusal(404);

export const deployApiRoutes: FastifyPluginAsync<
  RouteContext & { deployJobs: DeployJobs; keyGuesses: KeyGuesses }
> = async (app, { config, shared, deployJobs, keyGuesses }) => {
  const { buildsDir, deploy } = config;
  const { jobs } = deployJobs;
  app.decorateRequest('deployKey', null);

  // Only within this plugin: the rest of the server never reads a tarball. The body stays the
  // stream it is: the upload is unpacked as it arrives, within its limits (tarball.ts).
  app.addContentTypeParser(UPLOAD_CONTENT_TYPES, (_request, body, done) => done(null, body));

  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
    const { app: named } = request.params as { app?: string };
    const { version } = (request.body ?? {}) as { version?: unknown };
    const refusal = error instanceof ApiError ? error : refusalOf(error, { app: named, version });
    const statusCode = refusal?.statusCode ?? error.statusCode ?? 500;
    if (statusCode >= 500 && !refusal) {
      request.log.error({ err: error, key: request.deployKey?.name }, 'deploy API call failed');
      return reply.code(500).send({
        error: `The deploy failed on the server: ${String(error.message).split('\n')[0]} (its log has the details)`,
      });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.code(413).send({
        error: `The upload is larger than ${Math.round(deploy.uploadLimitBytes / 1024 / 1024)} MB (DEPLOY_UPLOAD_LIMIT_MB)`,
      });
    }
    request.log.warn(
      {
        key: request.deployKey?.name,
        url: request.url,
        status: statusCode,
        refusal: refusal?.message ?? error.message,
      },
      'deploy API call refused',
    );
    // A refusal of the moment (the deploy lock taken, the store or the database out of reach): try again later.
    if (statusCode === 503) reply.header('retry-after', RETRY_REFUSED_AFTER_S);
    return reply.code(statusCode).send({ error: refusal?.message ?? error.message });
  });

  app.setNotFoundHandler((_request, reply) =>
    reply.code(404).header('cache-control', 'no-store').send({ error: 'Not Found' }),
  );

  app.addHook('onRequest', async (request, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store');
    const keys = await configuredKeys(deploy);
    if (!keys.length)
      throw new ApiError(404, 'The deploy API is off: no deploy key is configured (deploy keys add <app> <name>)');
    const presented = bearer(request);
    if (!presented) {
      reply.header('www-authenticate', 'Bearer realm="deploy"');
      throw new ApiError(401, 'Send a deploy key: Authorization: Bearer <key>');
    }
    const key = findKey(keys, presented);
    // An address guessing keys is refused whatever it sends (security/key-guesses.ts); a wrong key is counted.
    const retryAfter = await keyGuesses.judge(request.ip, key !== null);
    if (retryAfter !== null) {
      request.log.warn({ url: request.url, retryAfter }, 'deploy API: too many wrong keys from this address');
      return reply
        .code(429)
        .header('retry-after', String(retryAfter))
        .send({
          error: `Too many wrong deploy keys from this address: try again in ${Math.ceil(retryAfter / 60)} min (Retry-After)`,
          message: tooManyWrongKeys(retryAfter),
        });
    }
    if (!key) {
      reply.header('www-authenticate', 'Bearer realm="deploy"');
      throw new ApiError(401, 'Unknown deploy key');
    }
    request.deployKey = key;
    // Refused before the body is read: a wrong-app key never gets a tarball unpacked.
    const { app: named } = request.params as { app?: string };
    if (named !== undefined) {
      ownApp(request);
      if (named !== SHELL) await assertRegistered(buildsDir, named).catch(notFound);
    }
  });

  app.get('/whoami', async (request) => ({ name: request.deployKey!.name, app: request.deployKey!.app }));

  app.get('/apps', async () => ({ apps: await listApps(buildsDir) }));

  app.post('/apps', async (request, reply) => {
    assertPlatformKey(request);
    const body = (request.body ?? {}) as { name?: unknown; paths?: unknown; owner?: unknown };
    if (typeof body.name !== 'string') throw new ApiError(400, 'name is the app to register');
    if (!Array.isArray(body.paths) || !body.paths.every((p): p is string => typeof p === 'string'))
      throw new ApiError(400, `paths is a list of the path patterns ${body.name} may claim, e.g. ["/${body.name}/**"]`);
    if (body.owner !== undefined && typeof body.owner !== 'string')
      throw new ApiError(400, 'owner is the name of the key that owns the app');
    const asked = { name: body.name, paths: body.paths, ...(body.owner ? { owner: body.owner } : {}) };
    // Refused at once, no job: a reserved name or a path the app server answers is never right later.
    const problem = registrationProblem(asked);
    if (problem) throw new ApiError(400, problem);
    return answerWithJob(
      deployJobs,
      request,
      reply,
      { kind: 'app-add', app: body.name, request: asked },
      deployJobs.addApp(asked, request.deployKey!.name),
    );
  });

  app.post('/apps/:name/remove', async (request, reply) => {
    assertPlatformKey(request);
    const { name } = request.params as { name: string };
    const force = forceReason(((request.body ?? {}) as { force?: unknown }).force);
    return answerWithJob(
      deployJobs,
      request,
      reply,
      { kind: 'app-remove', app: name, request: force ? { force } : {} },
      deployJobs.removeApp(name, { by: request.deployKey!.name, ...(force ? { force } : {}) }),
    );
  });

  app.post('/:app/versions', async (request, reply) => {
    const appName = ownApp(request);
    const declared = request.headers['content-length'];
    if (!(request.body instanceof Readable) || declared === '0') {
      throw new ApiError(
        400,
        `Send the build as the body, a .tar.gz of its dist folder (content-type ${UPLOAD_CONTENT_TYPES[0]})`,
      );
    }
    const query = request.query as { activate?: string; force?: string };
    const activate = query.activate !== undefined && query.activate !== '0' && query.activate !== 'false';
    const force = forceReason(query.force);
    const options = { ...deploy, ...(declared ? { declaredBytes: Number(declared) } : {}) };
    // Stored on the server (unpacked, each entry checked) before the answer; the rest is the job's.
    const dir = await unpackUpload(request.body, options);
    const cleanup = removeFolder(dir);
    try {
      const { version } = await buildOf(appName, dir);
      return await answerWithJob(
        deployJobs,
        request,
        reply,
        { kind: 'publish', app: appName, request: { version, activate, ...(force ? { force } : {}) } },
        deployJobs.publish(appName, dir, { by: request.deployKey!.name, activate, ...(force ? { force } : {}) }),
        cleanup,
      );
    } catch (error) {
      await cleanup();
      throw error;
    }
  });

  app.post('/:app/versions/:version/check', async (request, reply) => {
    const appName = ownApp(request);
    const version = await requestedVersion(buildsDir, appName, (request.params as { version: string }).version);
    return answerWithJob(
      deployJobs,
      request,
      reply,
      { kind: 'check', app: appName, request: { version } },
      deployJobs.check(appName, version, request.deployKey!.name),
    );
  });

  app.post('/:app/activate', async (request, reply) => {
    const appName = ownApp(request);
    const body = (request.body ?? {}) as { version?: unknown; force?: unknown };
    const version = await requestedVersion(buildsDir, appName, body.version);
    const force = forceReason(body.force);
    return answerWithJob(
      deployJobs,
      request,
      reply,
      { kind: 'activate', app: appName, request: { version, ...(force ? { force } : {}) } },
      deployJobs.change(appName, { action: 'activate', version }, { by: request.deployKey!.name, force }),
    );
  });

  app.post('/:app/rollback', async (request, reply) => {
    const appName = ownApp(request);
    return answerWithJob(
      deployJobs,
      request,
      reply,
      { kind: 'rollback', app: appName, request: {} },
      deployJobs.change(appName, { action: 'rollback' }, { by: request.deployKey!.name }),
    );
  });

  const releaseLog = async (request: FastifyRequest) => ({ entries: await readReleaseLog(buildsDir, ownApp(request)) });
  app.get('/:app/log', releaseLog);
  // The path before the release log had its own name: teams' scripts written then still work.
  app.get('/:app/history', releaseLog);

  app.get('/:app/status', async (request) => {
    const appName = ownApp(request);
    const s = await status(buildsDir, shared.counts);
    return { updatedAt: s.updatedAt, ...s.apps.find((entry) => entry.app === appName) };
  });

  app.get('/:app/jobs', async (request) => ({ jobs: (await jobs.list(ownApp(request), 20)).map(jobView) }));
  registerJobRoutes(app, deployJobs, deploy);

  app.post('/:app/canary', async (request, reply) => {
    const appName = ownApp(request);
    const body = (request.body ?? {}) as { version?: unknown; percent?: unknown; force?: unknown };
    const version = await requestedVersion(buildsDir, appName, body.version);
    const percent = body.percent;
    if (typeof percent !== 'number' || !Number.isInteger(percent) || percent < 1 || percent > 99)
      throw new ApiError(400, 'percent is the share of visitors, a whole number from 1 to 99');
    const force = forceReason(body.force);
    return answerWithJob(
      deployJobs,
      request,
      reply,
      { kind: 'canary', app: appName, request: { version, percent, ...(force ? { force } : {}) } },
      deployJobs.change(appName, { action: 'canary', version, percent }, { by: request.deployKey!.name, force }),
    );
  });

  app.post('/:app/canary/promote', async (request, reply) => {
    const appName = ownApp(request);
    return answerWithJob(
      deployJobs,
      request,
      reply,
      { kind: 'promote', app: appName, request: {} },
      deployJobs.change(appName, { action: 'promote' }, { by: request.deployKey!.name }),
    );
  });

  app.post('/:app/canary/abort', async (request, reply) => {
    const appName = ownApp(request);
    return answerWithJob(
      deployJobs,
      request,
      reply,
      { kind: 'abort', app: appName, request: {} },
      deployJobs.change(appName, { action: 'abort' }, { by: request.deployKey!.name }),
    );
  });

  /**
   * An override for the key holder's browser: the cookie itself (for scripts and tests) and a link
   * that sets it (for a person — open it in the browser to try the version). Recorded in the release log.
   */
  app.post('/:app/override', async (request) => {
    const appName = ownApp(request);
    const body = (request.body ?? {}) as { version?: unknown; minutes?: unknown };
    const version = await requestedVersion(buildsDir, appName, body.version);
    const minutes = body.minutes ?? OVERRIDE_DEFAULT_MINUTES;
    if (typeof minutes !== 'number' || !Number.isInteger(minutes) || minutes < 1 || minutes > OVERRIDE_MAX_MINUTES) {
      throw new ApiError(
        400,
        `minutes is how long the override lasts, a whole number from 1 to ${OVERRIDE_MAX_MINUTES}`,
      );
    }
    const issued = await issueOverride(buildsDir, request.deployKey!, appName, version, minutes);
    if ('refusal' in issued) throw new ApiError(409, issued.refusal);
    return issued;
  });
};
