/**
 * The deploy API, `/_/deploy/…` on the app server (docs/architecture.md, "Deploying a remote"):
 * what the CLI does on the builds folder, over HTTP, for teams that only hold their app's key.
 *
 *   GET  /_/deploy/whoami                          the key's name and app
 *   POST /_/deploy/<app>/versions                  body: the build as .tar.gz → { version, created }
 *   POST /_/deploy/<app>/versions/<version>/check  the gate alone → { passed, refusal, ms }
 *   POST /_/deploy/<app>/activate                  { version, force? } the gate, then live
 *   POST /_/deploy/<app>/rollback                  the previous version back
 *   GET  /_/deploy/<app>/history                   the app's history lines
 *   GET  /_/deploy/<app>/status                    live, previous, published, browser failures
 *   POST /_/deploy/<app>/canary                    { version, percent, force? } the gate, then that share of visitors
 *   POST /_/deploy/<app>/canary/promote            the canary live for everyone
 *   POST /_/deploy/<app>/canary/abort              everyone back on the live version
 *   POST /_/deploy/<app>/override                  { version, minutes? } a signed cookie that shows a
 *                                                  gate-passed version to its holder's browser alone
 *   GET  /_/deploy/apps                            the registered apps (any key)
 *   POST /_/deploy/apps                            { name, paths, owner? } registers an app (platform key)
 *   POST /_/deploy/apps/<name>/remove              { force? } removes it; refused while live unless forced (platform key)
 *
 * `Authorization: Bearer <key>`; a key acts on its own app only (403 otherwise, reads included);
 * the platform team's key (`deploy keys add platform <name>`) registers and removes apps and
 * deploys none. An app that is not registered is a 404.
 * With no key configured the whole API answers 404: a server nobody set up for it exposes nothing.
 * Every answer is JSON; a refusal is `{ error }` with a 4xx and changes nothing.
 *
 * On the app server rather than a service of its own: it already has the builds folder, the
 * config and the logs, and the deploy lock serialises its writes with the CLI's anyway.
 */
import fs from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { status } from '../release/status';
import { type AppName, isAppName, SHELL, VERSION_RE, versionDir } from '../live-set/builds-folder';
import { AppRegistryError, assertRegistered } from '../live-set/app-registry';
import { addApp, listApps, removeApp } from '../release/apps';
import { readHistory } from '../release/history';
import { OVERRIDE_DEFAULT_MINUTES, OVERRIDE_MAX_MINUTES } from '../live-set/override-cookies';
import { changeLive, checkRelease, type LiveChangeResult, type ReleaseOptions } from '../release/change-live';
import { publishVersion } from '../release/publish';
import type { RouteContext } from '../site/context';
import { configuredKeys, type DeployKeyRecord, findKey, PLATFORM } from '../live-set/deploy-keys';
import { UPLOAD_CONTENT_TYPES } from '../release/deploy-api-protocol';
import { refusalOf } from './release-errors';
import { withUnpackedUpload } from './tarball';
import { issueOverride } from './overrides';

const FORCE_REASON_MAX = 500;

class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    deployKey: DeployKeyRecord | null;
  }
}

function bearer(request: FastifyRequest): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match?.[1] ?? null;
}

/** The app of the URL, which the caller's key must be for. */
function ownApp(request: FastifyRequest): AppName {
  const { app } = request.params as { app?: string };
  if (!app || !isAppName(app)) throw new ApiError(404, `Unknown app "${app ?? ''}"`);
  if (request.deployKey?.app !== app)
    throw new ApiError(403, `The key "${request.deployKey?.name}" is for ${request.deployKey?.app}, not ${app}`);
  return app;
}

async function assertPublished(buildsDir: string, app: AppName, version: unknown): Promise<string> {
  if (typeof version !== 'string' || !VERSION_RE.test(version))
    throw new ApiError(400, 'version must be a published version id');
  if (!(await fs.stat(versionDir(buildsDir, app, version)).catch(() => null)))
    throw new ApiError(404, `${app} ${version} is not published`);
  return version;
}

/** The registry's refusal as the API answers it: `status` (an unknown app 404, a bad request 400). */
const registryRefusal =
  (status: number) =>
  (error: unknown): never => {
    throw error instanceof AppRegistryError ? new ApiError(status, error.message) : error;
  };
const notFound = registryRefusal(404);
const badRequest = registryRefusal(400);

export const deployApiRoutes: FastifyPluginAsync<RouteContext> = async (
  app,
  { config, shared, announceLiveChange },
) => {
  const { buildsDir, deploy } = config;
  app.decorateRequest('deployKey', null);

  // Only within this plugin: the rest of the server never reads a tarball. The body stays the
  // stream it is: the upload is unpacked as it arrives, within its limits (tarball.ts).
  app.addContentTypeParser(UPLOAD_CONTENT_TYPES, (_request, body, done) => done(null, body));

  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
    const refusal = error instanceof ApiError ? error : refusalOf(error, request);
    const statusCode = refusal?.statusCode ?? error.statusCode ?? 500;
    if (statusCode >= 500 && !refusal) {
      request.log.error({ err: error, key: request.deployKey?.name }, 'deploy API call failed');
      return reply.code(500).send({ error: 'The deploy failed on the server; its log has the cause' });
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
    const key = presented ? findKey(keys, presented) : null;
    if (!key) {
      reply.header('www-authenticate', 'Bearer realm="deploy"');
      throw new ApiError(401, presented ? 'Unknown deploy key' : 'Send a deploy key: Authorization: Bearer <key>');
    }
    request.deployKey = key;
    // Refused before the body is read: a wrong-app key never gets a tarball unpacked.
    const { app: named } = request.params as { app?: string };
    if (named !== undefined) {
      ownApp(request);
      if (named !== SHELL) await assertRegistered(buildsDir, named).catch(notFound);
    }
  });

  /** The platform team's actions: only its key (a team's key deploys its own app, nothing more). */
  const assertPlatformKey = (request: FastifyRequest) => {
    if (request.deployKey?.app !== PLATFORM)
      throw new ApiError(
        403,
        `Registering and removing apps takes a platform key (deploy keys add platform <name>); "${request.deployKey?.name}" is ${request.deployKey?.app}'s`,
      );
  };

  /**
   * Who asks, and the notice when live.json changed (only then: a replayed activation tells no one):
   * every app server rereads it at once (through Redis in the production arrangement) and its live
   * store tells its listeners. The change is made by then, so a notice that fails is logged, not the
   * call's answer.
   */
  const asKeyHolder = (request: FastifyRequest, force?: string): ReleaseOptions => ({
    by: request.deployKey!.name,
    ...(force ? { force } : {}),
    onLiveChanged: announceLiveChange,
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
    const added = await addApp(
      buildsDir,
      { name: body.name, paths: body.paths, ...(body.owner ? { owner: body.owner } : {}) },
      { by: request.deployKey!.name },
    ).catch(badRequest);
    return reply.code(201).send({ app: added });
  });

  app.post('/apps/:name/remove', async (request) => {
    assertPlatformKey(request);
    const { name } = request.params as { name: string };
    const force = forceReason(((request.body ?? {}) as { force?: unknown }).force);
    const result = await removeApp(buildsDir, name, {
      by: request.deployKey!.name,
      ...(force ? { force } : {}),
      onLiveChanged: announceLiveChange,
    }).catch(notFound);
    return { removed: result.removed, wasLive: result.wasLive, forced: result.wasLive ? (force ?? null) : null };
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
    const options = { ...deploy, ...(declared ? { declaredBytes: Number(declared) } : {}) };
    const result = await withUnpackedUpload(request.body, options, (dir) =>
      publishVersion(buildsDir, appName, dir, { by: request.deployKey!.name }),
    );
    return reply
      .code(result.created ? 201 : 200)
      .send({ app: appName, version: result.version, created: result.created });
  });

  app.post('/:app/versions/:version/check', async (request) => {
    const appName = ownApp(request);
    const version = await assertPublished(buildsDir, appName, (request.params as { version: string }).version);
    const gate = await checkRelease(buildsDir, appName, version, { by: request.deployKey!.name });
    return { app: appName, version, passed: !gate.refusal, refusal: gate.refusal, ms: gate.ms, notes: gate.notes };
  });

  app.post('/:app/activate', async (request) => {
    const appName = ownApp(request);
    const body = (request.body ?? {}) as { version?: unknown; force?: unknown };
    const version = await assertPublished(buildsDir, appName, body.version);
    const force = forceReason(body.force);
    const result = await changeLive(buildsDir, appName, { action: 'activate', version }, asKeyHolder(request, force));
    return { app: appName, version, previous: result.previous, ...gateReport(result, force, 'already live') };
  });

  app.post('/:app/rollback', async (request) => {
    const appName = ownApp(request);
    const result = await changeLive(buildsDir, appName, { action: 'rollback' }, asKeyHolder(request));
    return { app: appName, version: result.version, previous: result.previous };
  });

  app.get('/:app/history', async (request) => ({ entries: await readHistory(buildsDir, ownApp(request)) }));

  app.get('/:app/status', async (request) => {
    const appName = ownApp(request);
    const s = await status(buildsDir, shared.counts);
    return { updatedAt: s.updatedAt, ...s.apps.find((entry) => entry.app === appName) };
  });

  /** The gate's reason to override (`force`), checked; undefined when absent. */
  function forceReason(force: unknown): string | undefined {
    if (force === undefined) return undefined;
    if (typeof force !== 'string' || !force.trim() || force.length > FORCE_REASON_MAX) {
      throw new ApiError(
        400,
        `force is the reason for overriding the gate (text, up to ${FORCE_REASON_MAX} characters)`,
      );
    }
    return force.trim();
  }

  /**
   * What the gate made of a change that runs it (activate, canary): passed, the refusal that `force`
   * overrode, or not run (nothing changed).
   */
  function gateReport(result: LiveChangeResult, force: string | undefined, whyNotRun: string) {
    return {
      changed: result.changed,
      gate: result.changed ? (result.refusal ?? 'passed') : `not run (${whyNotRun})`,
      forced: result.refusal ? force : null,
      gateMs: result.gateMs,
    };
  }

  app.post('/:app/canary', async (request) => {
    const appName = ownApp(request);
    const body = (request.body ?? {}) as { version?: unknown; percent?: unknown; force?: unknown };
    const version = await assertPublished(buildsDir, appName, body.version);
    const percent = body.percent;
    if (typeof percent !== 'number' || !Number.isInteger(percent) || percent < 1 || percent > 99)
      throw new ApiError(400, 'percent is the share of visitors, a whole number from 1 to 99');
    const force = forceReason(body.force);
    const result = await changeLive(
      buildsDir,
      appName,
      { action: 'canary', version, percent },
      asKeyHolder(request, force),
    );
    return {
      app: appName,
      version,
      percent,
      live: result.previous,
      ...gateReport(result, force, 'already the canary'),
    };
  });

  app.post('/:app/canary/promote', async (request) => {
    const appName = ownApp(request);
    const result = await changeLive(buildsDir, appName, { action: 'promote' }, asKeyHolder(request));
    return { app: appName, version: result.version, previous: result.previous };
  });

  app.post('/:app/canary/abort', async (request) => {
    const appName = ownApp(request);
    const result = await changeLive(buildsDir, appName, { action: 'abort' }, asKeyHolder(request));
    return { app: appName, version: result.version, aborted: result.previous };
  });

  /**
   * An override for the key holder's browser: the cookie itself (for scripts and tests) and a link
   * that sets it (for a person — open it in the browser to try the version). Recorded in the history.
   */
  app.post('/:app/override', async (request) => {
    const appName = ownApp(request);
    const body = (request.body ?? {}) as { version?: unknown; minutes?: unknown };
    const version = await assertPublished(buildsDir, appName, body.version);
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
