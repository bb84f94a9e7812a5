/**
 * Versions made from the real e2e builds for the deploy specs: a builds folder of the spec's own
 * (a copy of the run's, without another server's state), and copies of a live version changed on
 * purpose — a throw here, a missing export there — published as new versions.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { publish } from '@steel/server/publish';
import type { AppName } from '@steel/server/builds-folder';
import { e2eBuildsDir, notHidden } from './environment';

export interface CraftingFolder {
  workDir: string;
  buildsDir: string;
  liveVersion(app: AppName): string;
  /**
   * A copy of the live version of `app`, changed by `craft`, published as a new version (uncompressed: brotli
   * is the slowest part of publishing, and no spec needs it).
   */
  craftVersion(app: AppName, craft: (dir: string) => void): Promise<string>;
  remove(): void;
}

/**
 * The run's builds copied into a spec's own folder, without another server's state (its release log,
 * failure counts, the versions it served): a spec's deploys start from the live set alone.
 */
export function copyRunBuilds(buildsDir: string): void {
  fs.cpSync(e2eBuildsDir, buildsDir, {
    recursive: true,
    filter: (source) =>
      notHidden(source) && !/((release-log|history)\.jsonl|failure-counts\.json|served-versions\.json)$/.test(source),
  });
}

export function craftingFolder(prefix: string): CraftingFolder {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const buildsDir = path.join(workDir, 'builds');
  copyRunBuilds(buildsDir);
  const liveVersion = (app: AppName) =>
    (JSON.parse(fs.readFileSync(path.join(buildsDir, 'live.json'), 'utf8')) as Record<string, string>)[app]!;
  return {
    workDir,
    buildsDir,
    liveVersion,
    async craftVersion(app, craft) {
      const dist = fs.mkdtempSync(path.join(workDir, `${app}-`));
      fs.cpSync(path.join(buildsDir, app, liveVersion(app)), dist, { recursive: true });
      for (const file of fs.readdirSync(dist, { recursive: true }) as string[])
        if (/\.(br|gz)$/.test(file)) fs.rmSync(path.join(dist, file));
      craft(dist);
      return (await publish(buildsDir, app, dist, { compress: false })).version;
    },
    // A server that used the folder may still be writing its last counts as it stops: rmSync
    // tries again on ENOTEMPTY (seen once after npm start's test) rather than fail the test.
    remove: () => fs.rmSync(workDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 }),
  };
}
