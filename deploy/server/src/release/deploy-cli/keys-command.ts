/** The deploy CLI's `keys` command (on a server's machine only). */
import { addKey, PLATFORM, removeKey, storedKeys } from '../../live-set/deploy-keys';
import { assertRegistered } from '../../live-set/app-registry';
import type { Env } from '../../settings/setting-kinds';
import { readSettings } from '../../settings/settings-table';
import { openSharedPlatform } from '../../shared-state/shared-platform';
import { appArg, type Flags, localKeys, type Log, UsageError } from './arguments';

/**
 * `keys add|list|remove`, on the platform state the servers read: the builds folder's (its keys
 * file), or with PLATFORM_STATE_URL the one in PostgreSQL — how the first platform key of a shared
 * state is made, before any server of it answers the deploy API.
 */
export async function runKeys(args: string[], flags: Flags, log: Log, env: Env | undefined): Promise<void> {
  const place = localKeys(flags, env);
  const platformStateUrl = readSettings(env).PLATFORM_STATE_URL ?? null;
  if (platformStateUrl && flags.has('--keys-file'))
    throw new UsageError(
      'PLATFORM_STATE_URL is set: the keys are in PostgreSQL, not in a keys file (drop --keys-file)',
    );
  // The object store plays no part in keys: only the state is opened.
  const shared = platformStateUrl
    ? await openSharedPlatform({ buildsDir: place.buildsDir, platformStateUrl, buildStore: null }, (message) =>
        console.warn(message),
      )
    : null;
  const where = shared ? 'the platform state in PostgreSQL (PLATFORM_STATE_URL)' : place.keysFile;
  const [sub, ...rest] = args;
  try {
    switch (sub) {
      case 'add': {
        // A key is for the platform team, or for a registered app (the platform state's list).
        const app = rest[0] === PLATFORM ? PLATFORM : appArg(rest[0]);
        if (app !== PLATFORM && app !== 'shell') await assertRegistered(place.buildsDir, app);
        if (!rest[1]) throw new UsageError('keys add needs a name (the team or person, recorded in the release log)');
        const key = await addKey(place, app, rest[1]);
        log(`New ${app} deploy key "${rest[1]}" — shown once; only its hash is kept in ${where}:`);
        log(key);
        return;
      }
      case 'list':
        for (const record of await storedKeys(place))
          log(`${record.name.padEnd(24)} ${record.app.padEnd(10)} ${record.createdAt ?? ''}`);
        return;
      case 'remove':
        if (!rest[0]) throw new UsageError('keys remove needs a key name');
        if (!(await removeKey(place, rest[0]))) throw new UsageError(`No key named "${rest[0]}" in ${where}`);
        log(`Removed the key "${rest[0]}": it no longer works`);
        return;
      default:
        throw new UsageError(`Unknown keys command "${sub ?? ''}"`);
    }
  } finally {
    await shared?.close();
  }
}
