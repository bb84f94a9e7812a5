/**
 * Deploy CLI (npm run deploy -w @steel/server -- <command>):
 *
 *   publish <app> <distDir> [--activate]   copy a build into BUILDS_DIR, print its version
 *   activate <app> <version>               make a published version live
 *   rollback <app>                         put the previous live version back
 *   status                                 live versions, history and published versions
 *
 * Apps: shell, catalogue, blog, panel. BUILDS_DIR comes from the environment (default
 * <repo>/.builds) or --builds-dir <dir>. The running server picks changes up without a restart.
 */
import { defaultBuildsDir, resolveFromUserCwd } from '../config';
import { activate, rollback, status } from './activate';
import { APPS, type AppName, isApp } from './builds-folder';
import { publish } from './publish';

const USAGE = `Usage: deploy <command> [--builds-dir <dir>]
  publish <app> <distDir> [--activate] [--no-compress]
  activate <app> <version>
  rollback <app>
  status [--json]
Apps: ${APPS.join(', ')}`;

class UsageError extends Error {}

function parseArgs(argv: string[]): { positional: string[]; flags: Map<string, string | true> } {
  const positional: string[] = [];
  const flags = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--builds-dir') {
      const value = argv[++i];
      if (!value) throw new UsageError('--builds-dir needs a value');
      flags.set(arg, value);
    } else if (arg.startsWith('--')) flags.set(arg, true);
    else positional.push(arg);
  }
  return { positional, flags };
}

function appArg(value: string | undefined): AppName {
  if (!value || !isApp(value)) throw new UsageError(`Unknown app "${value ?? ''}"`);
  return value;
}

export async function run(argv: string[], log: (line: string) => void = console.log): Promise<void> {
  const { positional, flags } = parseArgs(argv);
  const [command, ...args] = positional;
  const dirFlag = flags.get('--builds-dir');
  const buildsDir = typeof dirFlag === 'string' ? resolveFromUserCwd(dirFlag) : defaultBuildsDir();

  switch (command) {
    case 'publish': {
      const app = appArg(args[0]);
      if (!args[1]) throw new UsageError('publish needs a dist folder');
      const result = await publish(buildsDir, app, resolveFromUserCwd(args[1]), { compress: !flags.has('--no-compress') });
      log(`${result.created ? 'Published' : 'Already published'} ${app} ${result.version} (${result.dir})`);
      if (flags.has('--activate')) {
        const activated = await activate(buildsDir, app, result.version);
        log(activated.changed ? `Activated ${app} ${result.version} (was ${activated.previous ?? 'none'})` : `${app} ${result.version} was already live`);
      }
      return;
    }
    case 'activate': {
      const app = appArg(args[0]);
      if (!args[1]) throw new UsageError('activate needs a version');
      const result = await activate(buildsDir, app, args[1]);
      log(result.changed ? `Activated ${app} ${result.version} (was ${result.previous ?? 'none'})` : `${app} ${result.version} was already live`);
      return;
    }
    case 'rollback': {
      const app = appArg(args[0]);
      const result = await rollback(buildsDir, app);
      log(`Rolled ${app} back to ${result.version} (was ${result.previous ?? 'none'})`);
      return;
    }
    case 'status': {
      const s = await status(buildsDir);
      if (flags.has('--json')) {
        log(JSON.stringify(s, null, 2));
        return;
      }
      log(`BUILDS_DIR ${buildsDir}`);
      log(s.updatedAt ? `live set updated ${new Date(s.updatedAt).toISOString()}` : 'nothing is live (no live.json)');
      for (const app of s.apps) {
        log(`${app.app.padEnd(10)} live: ${app.live ?? '-'}   previous: ${app.history.at(-1) ?? '-'}   published: ${app.published.length}`);
        for (const p of app.published.slice(0, 5)) {
          log(`  ${p.version === app.live ? '*' : ' '} ${p.version}  ${new Date(p.publishedAt).toISOString()}`);
        }
      }
      return;
    }
    default:
      throw new UsageError(command ? `Unknown command "${command}"` : 'No command given');
  }
}

if (require.main === module) {
  run(process.argv.slice(2)).catch((error: unknown) => {
    if (error instanceof UsageError) console.error(`${error.message}\n\n${USAGE}`);
    else console.error(`deploy: ${(error as Error).message}`);
    process.exit(1);
  });
}
