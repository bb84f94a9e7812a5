/**
 * Which versions the served HTML pinned, and when last: a page names the exact version of every
 * app it was rendered with (its embedded registry), so a tab opened an hour ago still loads those
 * files. Pruning keeps every version a page served in the last day. Kept in
 * BUILDS_DIR/served-versions.json, written at most once a minute.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { type AppName, writeFileAtomically } from './builds-folder';

export const SERVED_VERSIONS_FILE = 'served-versions.json';
const FLUSH_EVERY_MS = 60_000;

/** `app@version` → when a page pinning it was last served (ms since epoch). */
export type ServedVersions = Record<string, number>;

export async function readServedVersions(buildsDir: string): Promise<ServedVersions> {
  try {
    return JSON.parse(await fs.readFile(path.join(buildsDir, SERVED_VERSIONS_FILE), 'utf8')) as ServedVersions;
  } catch {
    return {};
  }
}

export function createServedVersionsRecorder(buildsDir: string, now: () => number = Date.now) {
  let pending: ServedVersions = {};
  let timer: NodeJS.Timeout | null = null;

  async function flush(): Promise<void> {
    timer = null;
    const batch = pending;
    pending = {};
    if (Object.keys(batch).length === 0) return;
    const served = { ...(await readServedVersions(buildsDir)), ...batch };
    await writeFileAtomically(buildsDir, SERVED_VERSIONS_FILE, JSON.stringify(served));
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
