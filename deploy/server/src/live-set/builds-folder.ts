/**
 * The contract between the build scripts, the deploy tooling and the server:
 *
 *   BUILDS_DIR/<app>/<version>/…   immutable build folders (version = content hash)
 *   BUILDS_DIR/.jobs/<id>.json     the deploy jobs, running and recently ended (release/jobs/job-store.ts)
 *
 * The live set, the registered apps and the rest of the platform's state are the platform
 * state's (platform-state/platform-state.ts; in this folder by default, folder-state.ts).
 */
import path from 'node:path';
import { FEDERATION_MANIFEST_FILE } from '@steel/contract';
import { SHELL, VERSION_RE } from '../platform-state/documents';
import type { LiveState } from '../platform-state/platform-state';
import { stateOfFolder } from '../platform-state/state-of-folder';

/** The shell, or a remote by its registered name (`live-set/app-registry.ts` holds the list). */
export type AppName = string;
/** The shell's name, whether a name can be an app's, what a version may be: one rule for every store. */
export { emptyLive, isAppName, ROLLBACK_STACK_LIMIT, SHELL, VERSION_RE } from '../platform-state/documents';
export type { Canary, LiveState } from '../platform-state/platform-state';

/** The folder placeholder built files carry (the contract's, shared with @steel/build). */
export { publicPathPlaceholder } from '@steel/contract';

export { JOB_RECORDS_FOLDER } from '../platform-state/job-store';

/** Files a build must contain to be servable (alternatives per entry): a shell's page, a remote's entry. */
export function requiredFiles(app: AppName): readonly string[][] {
  return app === SHELL ? [['index.html']] : [[FEDERATION_MANIFEST_FILE, 'remoteEntry.js']];
}

export function versionDir(buildsDir: string, app: AppName, version: string): string {
  if (!VERSION_RE.test(version)) throw new Error(`Invalid version "${version}"`);
  return path.join(buildsDir, app, version);
}

/** The version `rollback` would put back for `app`: the top of its rollback stack. */
export function previousVersion(live: LiveState | null | undefined, app: AppName): string | null {
  return live?.rollbackStack?.[app]?.at(-1) ?? null;
}

/** The live set; null when nothing was ever activated. */
export function readLive(buildsDir: string): Promise<LiveState | null> {
  return stateOfFolder(buildsDir).live.read();
}

/**
 * Writes a file of the builds folder so that readers see the old or the new content, never half:
 * a temporary name (a dot first: never a version, never served), then a rename over the old file.
 */
export { GATE_FOLDER, writeFileAtomically } from '../platform-state/folder-state';
