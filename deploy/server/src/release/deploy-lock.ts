import fs from 'node:fs/promises';
import path from 'node:path';
import { withFileLock } from '../platform-state/file-lock';

/** Long enough for another process's gate runs (the catalogue's takes ~25 s) ahead of ours. */
const DEPLOY_LOCK_WAIT_MS = 10 * 60_000;

/** One writer of the live set (and one gate) at a time per builds folder, across processes. */
export async function withDeployLock<T>(buildsDir: string, fn: () => Promise<T>): Promise<T> {
  await fs.mkdir(buildsDir, { recursive: true });
  return withFileLock(path.join(buildsDir, '.deploy.lock'), { waitMs: DEPLOY_LOCK_WAIT_MS }, fn);
}
