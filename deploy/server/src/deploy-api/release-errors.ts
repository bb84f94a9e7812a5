/**
 * The release's refusals as the deploy API answers them — one mapping for every call, applied by
 * the API's error handler, so a handler lets them through instead of catching each. Anything not
 * named here is an error of the server (500, logged with its cause).
 */
import type { FastifyRequest } from 'fastify';
import { AppRegistryError } from '../live-set/app-registry';
import { AppIsLive } from '../release/apps';
import { NoCanary } from '../release/canary';
import { GateRefusal } from '../release/change-live';
import { NothingToRollBack } from '../release/live-file-writes';
import { NotABuild, VersionConflict } from '../release/publish';
import { LockTimeout } from '../shared-state/file-lock';
import { UploadRefusal } from './tarball';

export interface Refusal {
  statusCode: number;
  message: string;
}

export function refusalOf(error: unknown, request: FastifyRequest): Refusal | null {
  if (error instanceof GateRefusal) {
    const { app } = request.params as { app?: string };
    const { version } = (request.body ?? {}) as { version?: unknown };
    return { statusCode: 422, message: `The gate refused ${app} ${String(version)}: ${error.message}` };
  }
  // What was asked cannot be done as things stand: no canary, nothing earlier, a version altered after publish.
  if (
    error instanceof NoCanary ||
    error instanceof NothingToRollBack ||
    error instanceof VersionConflict ||
    error instanceof AppIsLive
  )
    return { statusCode: 409, message: error.message };
  // An app the platform team has not registered (or no longer has).
  if (error instanceof AppRegistryError) return { statusCode: 404, message: error.message };
  // Another process holding the deploy lock too long: the caller may retry.
  if (error instanceof LockTimeout) return { statusCode: 503, message: error.message };
  // The temporary folder's name means nothing to the uploader: say what the tarball lacks.
  if (error instanceof NotABuild)
    return { statusCode: 400, message: error.message.replace(/^.*? is not a/, 'The tarball is not a') };
  if (error instanceof UploadRefusal) return { statusCode: error.statusCode, message: error.message };
  return null;
}
