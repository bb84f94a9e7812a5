/**
 * The build store of a builds folder, for the modules given the folder's path (publish, prune,
 * the live store, the deploy API, the gate): by default the folder itself; a server started with
 * `BUILD_STORE_BUCKET` puts its object store here first (`useBuildsForFolder`), the folder then
 * being its cache. As platform-state/state-of-folder.ts does for the platform's state.
 */
import path from 'node:path';
import type { BuildStore } from './build-store';
import { openFolderBuilds } from './folder-builds';

const stores = new Map<string, BuildStore>();

export function buildsOfFolder(buildsDir: string): BuildStore {
  const key = path.resolve(buildsDir);
  return stores.get(key) ?? openFolderBuilds(key);
}

/** From now on, the versions of `buildsDir` are kept by `store` (opened by the caller, who closes it). */
export function useBuildsForFolder(buildsDir: string, store: BuildStore): () => void {
  const key = path.resolve(buildsDir);
  stores.set(key, store);
  return () => {
    if (stores.get(key) === store) stores.delete(key);
  };
}
