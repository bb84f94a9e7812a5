/**
 * The release's refusals as the deploy API answers them — one mapping for every call and every
 * job, applied by the API's error handler and by the jobs when one ends, so a handler lets them
 * through instead of catching each. The machine's refusals (a full disk, a taken port) are said
 * by `explainSystemError`. Anything not named is an error of the server (500, logged with its cause).
 */
import { AppRegistryError } from '../live-set/app-registry';
import { AppIsLive, KeysOfEarlierRegistration } from '../release/apps';
import { NoCanary } from '../release/canary';
import { GateRefusal } from '../release/change-live';
import { NothingToRollBack } from '../release/live-file-writes';
import { NotABuild, VersionConflict } from '../release/publish';
import { LockTimeout, PlatformStateUnavailable } from '../platform-state/platform-state';
import { BuildStoreUnavailable, CorruptVersion, NotStored } from '../build-files/build-store';
import { explainSystemError } from '../release/system-errors';
import { JobNotCancellable } from '../release/jobs/jobs';
import { UploadRefusal } from './upload-refusal';

export interface Refusal {
  statusCode: number;
  message: string;
}

/** `about`: the app and version asked for, which a gate's refusal names. */
export function refusalOf(error: unknown, about: { app?: string; version?: unknown } = {}): Refusal | null {
  if (error instanceof GateRefusal)
    return { statusCode: 422, message: `The gate refused ${about.app} ${String(about.version)}: ${error.message}` };
  // What was asked cannot be done as things stand: no canary, nothing earlier, a version altered after publish.
  if (
    error instanceof NoCanary ||
    error instanceof NothingToRollBack ||
    error instanceof VersionConflict ||
    error instanceof AppIsLive ||
    error instanceof KeysOfEarlierRegistration ||
    error instanceof JobNotCancellable
  )
    return { statusCode: 409, message: error.message };
  // An app the platform team has not registered (or no longer has).
  if (error instanceof AppRegistryError) return { statusCode: 404, message: error.message };
  // Another process holding the deploy lock too long: the caller may retry.
  // The same for the object store or the platform's database out of reach (several machines).
  if (
    error instanceof LockTimeout ||
    error instanceof BuildStoreUnavailable ||
    error instanceof PlatformStateUnavailable
  )
    return { statusCode: 503, message: error.message };
  if (error instanceof NotStored) return { statusCode: 404, message: error.message };
  // The store's copy no longer matches what was published: never served, never made live.
  if (error instanceof CorruptVersion) return { statusCode: 409, message: error.message };
  // The temporary folder's name means nothing to the uploader: say what the tarball lacks.
  if (error instanceof NotABuild)
    return { statusCode: 400, message: error.message.replace(/^.*? is not a/, 'The tarball is not a') };
  if (error instanceof UploadRefusal) return { statusCode: error.statusCode, message: error.message };
  const explained = explainSystemError(error);
  return explained && { statusCode: explained.status, message: explained.message };
}
