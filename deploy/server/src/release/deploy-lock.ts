import fs from 'node:fs/promises';
import path from 'node:path';
import { withFileLock } from '../platform-state/file-lock';
import { DEPLOY_LOCK_FILE } from '../platform-state/folder-state';
import { DEPLOY_LOCK_WAIT_MS } from '../platform-state/platform-state';

/** One writer of the live set (and one gate) at a time per builds folder, across processes. */
export async function withDeployLock<T>(buildsDir: string, fn: () => Promise<T>): Promise<T> {
  await fs.mkdir(buildsDir, { recursive: true });
  return withFileLock(path.join(buildsDir, DEPLOY_LOCK_FILE), { waitMs: DEPLOY_LOCK_WAIT_MS }, fn);
}
