/**
 * What a deploy API call must carry before it does anything: a key (`Authorization: Bearer`), for
 * the app of its URL or the platform's, and — where it names one — a published version and a
 * reason to override the gate. Each refusal is an `ApiError`, which the API's error handler
 * (routes.ts) answers with its status and `{ error }`.
 */
import type { FastifyRequest } from 'fastify';
import { buildsOfFolder } from '../build-files/builds-of-folder';
import { type AppName, isAppName, VERSION_RE } from '../live-set/builds-folder';
import { type DeployKeyRecord, PLATFORM } from '../live-set/deploy-keys';

const FORCE_REASON_MAX = 500;

export class ApiError extends Error {
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

export function bearer(request: FastifyRequest): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match?.[1] ?? null;
}

/** The app of the URL, which the caller's key must be for. */
export function ownApp(request: FastifyRequest): AppName {
  const { app } = request.params as { app?: string };
  if (!app || !isAppName(app)) throw new ApiError(404, `Unknown app "${app ?? ''}"`);
  if (request.deployKey?.app !== app)
    throw new ApiError(403, `The key "${request.deployKey?.name}" is for ${request.deployKey?.app}, not ${app}`);
  return app;
}

/**
 * The version a request names, when it is a published one of `app`: 400 when it cannot be a
 * version, 404 when no such folder was published. (Whether it is whole enough to go live is the
 * release's check, live-file-writes.ts's `assertServable`.)
 */
export async function requestedVersion(buildsDir: string, app: AppName, version: unknown): Promise<string> {
  if (typeof version !== 'string' || !VERSION_RE.test(version))
    throw new ApiError(400, 'version must be a published version id');
  if (!(await buildsOfFolder(buildsDir).has(app, version)))
    throw new ApiError(404, `${app} ${version} is not published`);
  return version;
}

/** The platform team's actions: only its key (a team's key deploys its own app, nothing more). */
export function assertPlatformKey(request: FastifyRequest): void {
  if (request.deployKey?.app !== PLATFORM)
    throw new ApiError(
      403,
      `Registering and removing apps takes a platform key (deploy keys add platform <name>); "${request.deployKey?.name}" is ${request.deployKey?.app}'s`,
    );
}

/** The gate's reason to override (`force`), checked; undefined when absent. */
export function forceReason(force: unknown): string | undefined {
  if (force === undefined) return undefined;
  if (typeof force !== 'string' || !force.trim() || force.length > FORCE_REASON_MAX) {
    throw new ApiError(400, `force is the reason for overriding the gate (text, up to ${FORCE_REASON_MAX} characters)`);
  }
  return force.trim();
}
