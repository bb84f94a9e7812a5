/**
 * Which versions the served HTML pinned, and when last: a page names the exact version of every
 * app it was rendered with (its embedded registry), so a tab opened an hour ago still loads those
 * files. Pruning keeps every version a page served in the last day. Kept in the platform state
 * (BUILDS_DIR/served-versions.json by default), written at most once a minute.
 */
import type { ServedVersions } from '../platform-state/platform-state';
import { stateOfFolder } from '../platform-state/state-of-folder';
import type { AppName } from './builds-folder';

const FLUSH_EVERY_MS = 60_000;

export type { ServedVersions };

export function readServedVersions(buildsDir: string): Promise<ServedVersions> {
  return stateOfFolder(buildsDir).servedVersions.read();
}

export function createServedVersionsRecorder(buildsDir: string, now: () => number = Date.now) {
  let pending: ServedVersions = {};
  let timer: NodeJS.Timeout | null = null;

  async function flush(): Promise<void> {
    timer = null;
    const batch = pending;
    pending = {};
    if (Object.keys(batch).length === 0) return;
    await stateOfFolder(buildsDir).servedVersions.record(batch);
  }

  return {
    /** A page went out pinning these versions. */
    record(versions: Record<AppName, string>): void {
      const at = now();
      for (const [app, version] of Object.entries(versions)) if (version) pending[`${app}@${version}`] = at;
      timer ??= setTimeout(() => void flush().catch(() => undefined), FLUSH_EVERY_MS);
    },
    async flush(): Promise<void> {
      if (timer) clearTimeout(timer);
      await flush();
    },
  };
}
