/** The deploy CLI's `platform import | export` (on a server's machine only). */
import { loadConfig } from '../../config';
import type { Env } from '../../settings/setting-kinds';
import { exportToFolder, importFolder, type MoveReport, openSharedStores } from '../move-platform';
import { type Flags, localBuildsDir, localKeys, type Log, UsageError } from './arguments';

/** What a move wrote, in one line (nothing: it had been done before). */
function describeMove(report: MoveReport): string {
  const parts = [
    report.versions && `${report.versions} versions`,
    report.gateRecords && `${report.gateRecords} gate records`,
    report.keys && `${report.keys} deploy keys`,
    report.releaseLogLines && `${report.releaseLogLines} release-log lines`,
    report.counts && `${report.counts} counts`,
    report.servedVersions && `${report.servedVersions} served versions`,
    report.apps && 'the apps',
    report.live && 'the live set',
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : 'nothing: it held all of it already';
}

/** `platform import | export`: the builds folder into the shared stores, or back (release/move-platform.ts). */
export async function runPlatform(args: string[], flags: Flags, log: Log, env: Env | undefined) {
  const [direction] = args;
  if (direction !== 'import' && direction !== 'export')
    throw new UsageError(`Unknown platform command "${direction ?? ''}": platform import | platform export`);
  const config = loadConfig(env);
  if (!config.platformStateUrl || !config.buildStore)
    throw new UsageError(
      `platform ${direction} needs PLATFORM_STATE_URL and BUILD_STORE_BUCKET (with BUILD_STORE_ENDPOINT and the rest) set`,
    );
  const buildsDir = localBuildsDir(flags, env);
  const { keysFile } = localKeys(flags, env);
  const shared = await openSharedStores({ platformStateUrl: config.platformStateUrl, buildStore: config.buildStore });
  try {
    if (direction === 'import') {
      log(`Importing ${buildsDir} and ${keysFile} into PostgreSQL and the bucket ${config.buildStore.bucket}`);
      log(`Written: ${describeMove(await importFolder(buildsDir, shared, { keysFile, log }))}`);
    } else {
      log(`Exporting PostgreSQL and the bucket ${config.buildStore.bucket} into ${buildsDir} and ${keysFile}`);
      log(`Written: ${describeMove(await exportToFolder(shared, buildsDir, { keysFile, log }))}`);
    }
  } finally {
    await shared.close();
  }
}
