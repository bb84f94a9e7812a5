/**
 * The deploy CLI's command line: its usage text, its flags, and the app, reason, builds folder and
 * keys they name. A wrong command line is a UsageError, which the CLI answers with the usage text.
 */
import { defaultBuildsDir, deployKeySource, resolveFromUserCwd } from '../../config';
import type { DeployKeySource } from '../../live-set/deploy-keys';
import { type AppName, isAppName } from '../../live-set/builds-folder';
import type { Env } from '../../settings/setting-kinds';

export const USAGE = `Usage: deploy <command> [--builds-dir <dir> | --server <url> [--key <key>]]
  publish <app> <distDir> [--activate [--force "<reason>"]] [--no-compress]
  check <app> <version>
  activate <app> <version> [--force "<reason>"]
  rollback <app>
  canary <app> <version> <percent> [--force "<reason>"]
  promote <app> | abort <app>
  override <app> <version> [--minutes N]   (with --server)
  log [app]                                (or history, its former name)
  prune [--keep N]                         (local only)
  status [app] [--json]
  keys add <app|platform> <name> | keys list | keys remove <name>   [--keys-file <file>] (local only;
                                           with PLATFORM_STATE_URL, the keys in PostgreSQL)
  apps add <name> --paths '/guides/**' [--owner <key name>] | apps list | apps remove <name> [--force "<reason>"]
  jobs [app] | job <app> <id> | cancel <app> <id>   (with --server)
  platform import | platform export   [--builds-dir <dir>] [--keys-file <file>] (local only)
Apps: shell and the registered remotes (apps list)
Remote: --server <url> or DEPLOY_SERVER; the key from DEPLOY_KEY (or --key).`;

export class UsageError extends Error {}

const VALUE_FLAGS = new Set([
  '--builds-dir',
  '--force',
  '--keep',
  '--server',
  '--key',
  '--keys-file',
  '--minutes',
  '--paths',
  '--owner',
]);

export type Flags = Map<string, string | true>;

export function parseArgs(argv: string[]): { positional: string[]; flags: Flags } {
  const positional: string[] = [];
  const flags: Flags = new Map();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (VALUE_FLAGS.has(arg)) {
      const value = argv[++i];
      if (!value) throw new UsageError(`${arg} needs a value`);
      flags.set(arg, value);
    } else if (arg.startsWith('--')) flags.set(arg, true);
    else positional.push(arg);
  }
  return { positional, flags };
}

export function appArg(value: string | undefined): AppName {
  if (!value || !isAppName(value)) throw new UsageError(`Unknown app "${value ?? ''}"`);
  return value;
}

export function forceFlag(flags: Flags): string | undefined {
  const force = flags.get('--force');
  if (force === true) throw new UsageError('--force needs a reason: --force "<why>"');
  return force;
}

export type Log = (line: string) => void;

/** The keys a local command works on: the environment's (deployKeySource), or --builds-dir's and --keys-file's. */
export function localKeys(flags: Flags, env: Env | undefined): DeployKeySource {
  const fileFlag = flags.get('--keys-file');
  const source = { ...deployKeySource(env), buildsDir: localBuildsDir(flags, env) };
  return typeof fileFlag === 'string' ? { ...source, keysFile: resolveFromUserCwd(fileFlag, env) } : source;
}

/** The builds folder a local command works on: --builds-dir, else BUILDS_DIR (or its default). */
export function localBuildsDir(flags: Flags, env: Env | undefined): string {
  const dirFlag = flags.get('--builds-dir');
  return typeof dirFlag === 'string' ? resolveFromUserCwd(dirFlag, env) : defaultBuildsDir(env);
}
