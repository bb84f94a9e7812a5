/**
 * The platform state of a builds folder, for the modules that are still given the folder's path
 * rather than the state itself (docs/architecture.md, "N app servers", says which): one instance
 * per folder and process, so every caller in a process shares its deploy lock's turns and its
 * change listeners. Such modules read and write the platform's state only through this, never
 * through the folder's files, so handing them the state instead is a change of their parameters.
 *
 * By default the folder's own files; a server started with `PLATFORM_STATE_URL` puts its
 * PostgreSQL state here first (`useStateForFolder`), and every module of the process then shares
 * it with the other servers.
 */
import path from 'node:path';
import { keysInFile, openFolderState } from './folder-state';
import type { KeyRecords, PlatformState } from './platform-state';

const states = new Map<string, PlatformState>();

export function stateOfFolder(buildsDir: string): PlatformState {
  const key = path.resolve(buildsDir);
  let state = states.get(key);
  if (!state) {
    // No keys file: its place is each caller's setting (DEPLOY_KEYS_FILE), asked by `keysOfFolder`.
    state = openFolderState({ buildsDir: key });
    states.set(key, state);
  }
  return state;
}

/**
 * The deploy keys of `buildsDir`'s platform state (live-set/deploy-keys.ts reads and writes them
 * only through this): a shared state's own, or for the builds folder's state the keys file its
 * caller names (DEPLOY_KEYS_FILE), kept outside the folder, which the server serves from.
 */
export function keysOfFolder(buildsDir: string, keysFile: string): KeyRecords {
  const state = stateOfFolder(buildsDir);
  return state.kind === 'folder' ? keysInFile(keysFile) : state.keys;
}

/** From now on, the platform state of `buildsDir` is `state` (opened by the caller, who closes it). */
export function useStateForFolder(buildsDir: string, state: PlatformState): () => void {
  const key = path.resolve(buildsDir);
  states.set(key, state);
  return () => {
    if (states.get(key) === state) states.delete(key);
  };
}
