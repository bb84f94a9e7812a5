/**
 * Deploy CLI (npm run deploy -w @steel/server -- <command>):
 *
 *   publish <app> <distDir> [--activate]   copy a build into BUILDS_DIR, print its version
 *   check <app> <version>                  run the deploy gate's rules, refuse on the first failure
 *   activate <app> <version> [--force "<reason>"]
 *                                          the gate, then make the version live (forced: recorded)
 *   rollback <app>                         put the previous live version back
 *   history [app]                          every activation and rollback, with the gate's word
 *   prune [--keep N]                       remove versions not live, not previous, not among the N
 *                                          newest, not pinned by a page served in the last day
 *   status                                 live versions, failures reported by browsers, versions
 *
 * Apps: shell, catalogue, blog, panel. BUILDS_DIR comes from the environment (default
 * <repo>/.builds) or --builds-dir <dir>. The running server picks changes up without a restart.
 */
import { defaultBuildsDir, resolveFromUserCwd } from '../config';
import { status } from './activate';
import { checkVersion } from './gate/check';
import { readHistory } from './history';
import { GateRefusal, releaseVersion, rollbackVersion } from './release';
import { APPS, type AppName, isApp } from './builds-folder';
import { publish } from './publish';
import { prune } from './prune';

const USAGE = `Usage: deploy <command> [--builds-dir <dir>]
  publish <app> <distDir> [--activate [--force "<reason>"]] [--no-compress]
  check <app> <version>
  activate <app> <version> [--force "<reason>"]
  rollback <app>
  history [app]
  prune [--keep N]
  status [--json]
Apps: ${APPS.join(', ')}`;

class UsageError extends Error {}

function parseArgs(argv: string[]): { positional: string[]; flags: Map<string, string | true> } {
  const positional: string[] = [];
  const flags = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--builds-dir' || arg === '--force' || arg === '--keep') {
      const value = argv[++i];
      if (!value) throw new UsageError(`${arg} needs a value`);
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

async function activateGated(buildsDir: string, app: AppName, version: string, flags: Map<string, string | true>, log: (line: string) => void) {
  const force = flags.get('--force');
  if (force === true) throw new UsageError('--force needs a reason: --force "<why>"');
  const result = await releaseVersion(buildsDir, app, version, force ? { force } : {});
  if (result.refusal) log(`The gate refused ${app} ${version}: ${result.refusal}\nForced live: ${force}`);
  log(result.changed ? `Activated ${app} ${version} (was ${result.previous ?? 'none'}; gate ${(result.gateMs / 1000).toFixed(1)} s)` : `${app} ${version} was already live`);
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
      if (flags.has('--activate')) await activateGated(buildsDir, app, result.version, flags, log);
      return;
    }
    case 'check': {
      const app = appArg(args[0]);
      if (!args[1]) throw new UsageError('check needs a version');
      const gate = await checkVersion(buildsDir, app, args[1]);
      if (gate.refusal) throw new GateRefusal(gate.refusal);
      log(`${app} ${args[1]} passed the gate (${(gate.ms / 1000).toFixed(1)} s)`);
      return;
    }
    case 'activate': {
      const app = appArg(args[0]);
      if (!args[1]) throw new UsageError('activate needs a version');
      await activateGated(buildsDir, app, args[1], flags, log);
      return;
    }
    case 'history': {
      const entries = await readHistory(buildsDir, args[0] ? appArg(args[0]) : undefined);
      for (const entry of entries) {
        log(`${entry.at}  ${entry.action.padEnd(8)} ${entry.app.padEnd(9)} ${entry.version}  (was ${entry.previous ?? '-'})  by ${entry.by}  gate: ${entry.gate}${entry.forced ? `  FORCED: ${entry.forced}` : ''}`);
      }
      return;
    }
    case 'prune': {
      const keepFlag = flags.get('--keep');
      const keep = typeof keepFlag === 'string' ? Number(keepFlag) : 3;
      if (!Number.isInteger(keep) || keep < 0) throw new UsageError('--keep takes a whole number');
      const report = await prune(buildsDir, { keep });
      for (const entry of report.removed) log(`removed ${entry.app} ${entry.version} (${(entry.bytes / 1024 / 1024).toFixed(1)} MB)`);
      log(`freed ${(report.bytesFreed / 1024 / 1024).toFixed(1)} MB in ${report.removed.length} versions`);
      return;
    }
    case 'rollback': {
      const app = appArg(args[0]);
      const result = await rollbackVersion(buildsDir, app);
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
        const failures = Object.entries(app.failures).filter(([kind]) => kind !== 'total').map(([kind, count]) => `${kind} ${count}`).join(', ');
        log(`${app.app.padEnd(10)} live: ${app.live ?? '-'}   previous: ${app.history.at(-1) ?? '-'}   published: ${app.published.length}   browser failures since activation: ${app.failures.total}${failures ? ` (${failures})` : ''}`);
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
    else if (error instanceof GateRefusal) console.error(`refused: ${error.message}`);
    else console.error(`deploy: ${(error as Error).message}`);
    process.exit(1);
  });
}
