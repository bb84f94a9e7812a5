/**
 * What app servers on several machines share besides Redis (docs/architecture.md,
 * "N app servers"): the platform's state in PostgreSQL (`PLATFORM_STATE_URL`) and the versions' files in
 * an object store (`BUILD_STORE_*`). Opened once at a server's (or the CLI's) start and put in
 * place of the builds folder's own, so every module given the folder's path reaches them. Neither
 * set: the builds folder keeps both, and nothing is opened.
 */
import type { BuildStore } from '../build-files/build-store';
import { openObjectStoreBuilds } from '../build-files/object-store-builds';
import { useBuildsForFolder } from '../build-files/builds-of-folder';
import type { ServerConfig } from '../config';
import { openPostgresState } from '../platform-state/postgres-state';
import { useStateForFolder } from '../platform-state/state-of-folder';

export interface SharedPlatform {
  /** What was opened, for the start line: `PostgreSQL`, `object store <bucket>`, both or none. */
  readonly described: string[];
  close(): Promise<void>;
}

export async function openSharedPlatform(
  config: Pick<ServerConfig, 'buildsDir' | 'platformStateUrl' | 'buildStore'>,
  warn: (message: string) => void,
): Promise<SharedPlatform> {
  const closers: (() => Promise<void>)[] = [];
  const described: string[] = [];
  const close = async () => {
    for (const closeOne of closers.reverse()) await closeOne();
  };
  try {
    if (config.platformStateUrl) {
      const state = await openPostgresState({ url: config.platformStateUrl, warn });
      const forget = useStateForFolder(config.buildsDir, state);
      closers.push(async () => {
        forget();
        await state.close();
      });
      described.push('the platform state in PostgreSQL');
    }
    if (config.buildStore) {
      // The builds folder is this server's cache of the store: the rest of the server reads versions there.
      const store = await openObjectStoreBuilds({ settings: config.buildStore, cacheDir: config.buildsDir });
      const forget = useBuildsForFolder(config.buildsDir, store);
      const stopSweeping = sweepCache(store, warn);
      closers.push(async () => {
        stopSweeping();
        forget();
        await store.close();
      });
      described.push(`versions in the object store's bucket ${config.buildStore.bucket}`);
    }
  } catch (error) {
    await close();
    throw error;
  }
  return { described, close };
}

/** How often a server drops the cached versions another server pruned from the store. */
const CACHE_SWEEP_MS = 10 * 60_000;

/**
 * Drops the cached versions the store no longer has, now and every CACHE_SWEEP_MS, saying which; a
 * store that cannot answer is asked again next time. Returns what stops it.
 */
function sweepCache(store: BuildStore, warn: (message: string) => void): () => void {
  const sweep = () =>
    store.dropUnstored().then(
      (dropped) => {
        if (dropped.length)
          warn(
            `Dropped from this server's cache the versions no longer in the object store: ${dropped.map(({ app, version }) => `${app} ${version}`).join(', ')}`,
          );
      },
      (error: unknown) => warn(`Could not sweep this server's cache of versions: ${(error as Error).message}`),
    );
  void sweep();
  const timer = setInterval(() => void sweep(), CACHE_SWEEP_MS);
  timer.unref();
  return () => clearInterval(timer);
}
