/**
 * What is live right now, derived from BUILDS_DIR/live.json.
 *
 * live.json is checked on every request with one `stat` (mtime + inode + size): deploys replace
 * it by rename, so an activation or rollback takes effect on the next request, no restart.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { RemoteRegistry, VersionManifest } from '@steel/shared';
import { type LiveFile, REMOTES, livePath, parseLive } from './deploy/layout';

export interface LiveSnapshot {
  live: LiveFile;
  /** `/builds/latest.json`. */
  manifest: VersionManifest;
  /** `/remotes.json`; a remote that was never activated is left out (the shell reports it). */
  remotes: Partial<RemoteRegistry>;
}

/** Short, stable id of the live set: changes whenever the shell or any remote changes. */
export function liveSetId(live: LiveFile): string {
  const key = (['shell', ...REMOTES] as const).map((app) => `${app}:${live[app] ?? ''}`).join('|');
  return createHash('sha256').update(key).digest('hex').slice(0, 12);
}

export class LiveStore {
  private snapshot: LiveSnapshot | null = null;
  private stamp = '';
  private pending: Promise<LiveSnapshot | null> | null = null;

  constructor(
    readonly buildsDir: string,
    private readonly warn: (msg: string) => void = () => {},
  ) {}

  /** The current live set, or null when nothing was ever activated. */
  async current(): Promise<LiveSnapshot | null> {
    // Concurrent requests share one check.
    this.pending ??= this.refresh().finally(() => {
      this.pending = null;
    });
    return this.pending;
  }

  private async refresh(): Promise<LiveSnapshot | null> {
    const file = livePath(this.buildsDir);
    let stamp: string;
    try {
      const st = await fs.stat(file);
      stamp = `${st.ino}:${st.mtimeMs}:${st.size}`;
    } catch {
      this.snapshot = null;
      this.stamp = '';
      return null;
    }
    if (stamp === this.stamp) return this.snapshot;
    try {
      const live = parseLive(await fs.readFile(file, 'utf8'));
      this.snapshot = await this.derive(live);
      this.stamp = stamp;
    } catch (error) {
      // A hand-edited, broken live.json must not take the site down: keep the last good set.
      this.warn(`Ignoring unreadable ${file}: ${(error as Error).message}`);
    }
    return this.snapshot;
  }

  private async derive(live: LiveFile): Promise<LiveSnapshot> {
    const remotes: Partial<RemoteRegistry> = {};
    for (const name of REMOTES) {
      const version = live[name];
      if (!version) continue;
      // mf-manifest.json is preferred (it carries the shared/exposes metadata); older builds
      // without it still work through remoteEntry.js.
      const dir = path.join(this.buildsDir, name, version);
      const file = (await exists(path.join(dir, 'mf-manifest.json'))) ? 'mf-manifest.json' : 'remoteEntry.js';
      remotes[name] = { version, entry: `/builds/${name}/${version}/${file}` };
    }
    return { live, manifest: { id: liveSetId(live), timestamp: live.updatedAt }, remotes };
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}
