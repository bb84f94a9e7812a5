/** The deploy CLI's `apps` command. */
import { type Flags, forceFlag, type Log, UsageError } from './arguments';
import type { Deployer } from './deployer';

/** `apps list | add | remove`: the registered apps (release/apps.ts), here or through the deploy API. */
export async function runApps(deployer: Deployer, args: string[], flags: Flags, log: Log) {
  const [sub, name] = args;
  switch (sub) {
    case 'list':
      for (const app of await deployer.apps.list())
        log(
          `${app.name.padEnd(20)} ${app.paths.join(' ')}${app.owner ? `  owner: ${app.owner}` : ''}  added ${app.addedAt || '-'} by ${app.addedBy || '-'}`,
        );
      return;
    case 'add': {
      const paths = flags.get('--paths');
      if (!name || typeof paths !== 'string')
        throw new UsageError("apps add needs a name and the paths it may claim: apps add <name> --paths '/<name>/**'");
      const owner = flags.get('--owner');
      const added = await deployer.apps.add({
        name,
        paths: paths.split(/[\s,]+/).filter(Boolean),
        ...(typeof owner === 'string' ? { owner } : {}),
      });
      log(
        `Registered ${added.name}: it may claim ${added.paths.join(' ')} (keys add ${added.name} <name> gives its team a key)`,
      );
      return;
    }
    case 'remove': {
      if (!name) throw new UsageError("apps remove needs the app's name");
      const force = forceFlag(flags);
      const result = await deployer.apps.remove(name, force);
      log(
        `Removed ${name}${result.wasLive ? ` (${result.wasLive} was live; forced: ${force})` : ''}: its paths are 404 and it left /remotes.json`,
      );
      if (result.keysRevoked.length)
        log(`Revoked its keys (${result.keysRevoked.join(', ')}): their console sessions and overrides end now`);
      if (result.keysInEnvironment.length)
        log(
          `DEPLOY_KEYS still holds ${result.keysInEnvironment.join(', ')} for ${name}: they act on nothing now; remove them from the environment before ${name} can be registered again`,
        );
      return;
    }
    default:
      throw new UsageError(`Unknown apps command "${sub ?? ''}"`);
  }
}
