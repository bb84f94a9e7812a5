/**
 * Deploy CLI (npm run deploy -w @steel/server -- <command>):
 *
 *   publish <app> <distDir> [--activate]   copy a build into BUILDS_DIR, print its version (then the gate, then live)
 *   check <app> <version>                  run the deploy gate's rules, refuse on the first failure
 *   activate <app> <version> [--force "<reason>"]
 *                                          the gate, then make the version live (forced: recorded)
 *   rollback <app>                         put the previous live version back
 *   canary <app> <version> <percent> [--force "<reason>"]
 *                                          the gate, then the version for that share of visitors
 *   promote <app> | abort <app>            the canary live for everyone | everyone back on live
 *   override <app> <version> [--minutes N] (with --server) a link that shows the version to your
 *                                          browser alone, for N minutes (60; gate-passed versions)
 *   log [app]                              the release log: every publish, activation, refusal and
 *                                          rollback (`history`, its former name, still works)
 *   prune [--keep N]                       remove versions not live, not previous, not among the N
 *                                          newest, not pinned by a page served in the last day
 *   status [app]                           live versions, failures reported by browsers, versions
 *   keys add <app|platform> <name> | keys list | keys remove <name>
 *                                          the deploy API's keys (on a server's machine: the builds
 *                                          folder's keys file, or PostgreSQL with PLATFORM_STATE_URL)
 *   apps add <name> --paths '/guides/**' [--owner <key name>] | apps list | apps remove <name> [--force "<reason>"]
 *                                          the registered apps (release/apps.ts; --server: a platform key)
 *   jobs [app] | job <app> <id> | cancel <app> <id>   (with --server) the deploy API's jobs: list,
 *                                          follow one to its end, cancel one before its point of no return
 *   platform import | platform export      copy the builds folder (and the deploy keys file) into
 *                                          PostgreSQL and the object store the settings name
 *                                          (PLATFORM_STATE_URL, BUILD_STORE_*), or back into a folder;
 *                                          both idempotent (release/move-platform.ts)
 *
 * Apps: the shell and the registered remotes (`apps list`). Locally, BUILDS_DIR comes from the environment (default
 * <repo>/.builds) or --builds-dir <dir>; the running server picks changes up without a restart, and
 * the gate reads the CMS that server reads (release/site-record.ts) unless the environment says.
 * The commands' parts are in deploy-cli/: the command line, the two deployers, keys, apps, platform.
 * With --server <url> (or DEPLOY_SERVER) the same commands go through the app server's deploy API
 * with the key of DEPLOY_KEY (or --key, which other users of the machine may see in `ps`). There a
 * publish, a gate run or a change of the live set is a job on the server: the CLI prints its steps
 * and follows it to its end; Ctrl+C (or SIGTERM, a CI step's time limit) cancels it before its
 * point of no return and says what that left — never a change it reported as failed.
 */
import type { Env } from '../settings/setting-kinds';
import { readSettings } from '../settings/settings-table';
import type { AppName } from '../live-set/builds-folder';
import { GaveUp } from './deploy-api-client';
import { explainSystemError } from './system-errors';
import { describeEntry } from './release-log';
import { GateRefusal } from './change-live';
import {
  appArg,
  type Flags,
  forceFlag,
  localBuildsDir,
  localKeys,
  type Log,
  parseArgs,
  USAGE,
  UsageError,
} from './deploy-cli/arguments';
import { runApps } from './deploy-cli/apps-command';
import type { Activation, Deployer } from './deploy-cli/deployer';
import { runKeys } from './deploy-cli/keys-command';
import { localDeployer } from './deploy-cli/local-deployer';
import { runPlatform } from './deploy-cli/platform-command';
import { jobPrinter, remoteDeployer } from './deploy-cli/remote-deployer';
import { resolveFromUserCwd } from '../config';

function deployerFor(flags: Flags, env: Env | undefined, log: Log, signal?: AbortSignal): Deployer {
  const serverFlag = flags.get('--server');
  const server = typeof serverFlag === 'string' ? serverFlag : readSettings(env).DEPLOY_SERVER;
  const dirFlag = flags.get('--builds-dir');
  if (!server) {
    // The local deployer acts on the builds folder's own state and files: beside a platform kept in
    // PostgreSQL or an object store it would change a copy nobody serves.
    const settings = readSettings(env);
    if (settings.PLATFORM_STATE_URL || settings.BUILD_STORE_BUCKET)
      throw new UsageError(
        'PLATFORM_STATE_URL or BUILD_STORE_BUCKET is set: deploy through a server of that platform (--server <url>, or DEPLOY_SERVER)',
      );
    return localDeployer(localBuildsDir(flags, env), env, localKeys(flags, env));
  }
  const keyFlag = flags.get('--key');
  const key = typeof keyFlag === 'string' ? keyFlag : readSettings(env).DEPLOY_KEY;
  if (!key) throw new UsageError('The deploy API needs a key: DEPLOY_KEY=<key> (or --key <key>)');
  if (dirFlag) throw new UsageError('--builds-dir is for local deploys; --server deploys through the API');
  return remoteDeployer({ server, key, onJob: jobPrinter(log), ...(signal ? { signal } : {}) });
}

function logActivation(result: Activation, app: AppName, version: string, force: string | undefined, log: Log) {
  if (result.refusal) log(`The gate refused ${app} ${version}: ${result.refusal}\nForced live: ${force}`);
  log(
    result.changed
      ? `Activated ${app} ${version} (was ${result.previous ?? 'none'}; gate ${(result.gateMs / 1000).toFixed(1)} s)`
      : `${app} ${version} was already live`,
  );
}

export async function run(
  argv: string[],
  log: Log = console.log,
  /** The environment its settings are read from (settings/settings-table.ts); this process's by default. */
  env?: Env,
  /** Aborted when the user gives up (Ctrl+C): a job being followed is cancelled. */
  signal?: AbortSignal,
): Promise<void> {
  const { positional, flags } = parseArgs(argv);
  const [command, ...args] = positional;
  if (command === 'keys') {
    if (flags.has('--server')) throw new UsageError("keys works on the server's machine only (without --server)");
    return runKeys(args, flags, log, env);
  }
  if (command === 'platform') {
    if (flags.has('--server')) throw new UsageError("platform works on a server's machine only (without --server)");
    return runPlatform(args, flags, log, env);
  }
  const deployer = deployerFor(flags, env, log, signal);

  switch (command) {
    case 'publish': {
      const app = appArg(args[0]);
      if (!args[1]) throw new UsageError('publish needs a dist folder');
      const force = forceFlag(flags);
      const result = await deployer.publish(app, resolveFromUserCwd(args[1], env), {
        compress: !flags.has('--no-compress'),
        ...(flags.has('--activate') ? { activate: force ? { force } : {} } : {}),
      });
      log(
        `${result.created ? 'Published' : 'Already published'} ${app} ${result.version} (${result.dir ?? `on ${deployer.where}`})`,
      );
      if (result.activation) logActivation(result.activation, app, result.version, force, log);
      return;
    }
    case 'check': {
      const app = appArg(args[0]);
      if (!args[1]) throw new UsageError('check needs a version');
      const gate = await deployer.check(app, args[1]);
      if (gate.refusal) throw new GateRefusal(gate.refusal);
      log(`${app} ${args[1]} passed the gate (${(gate.ms / 1000).toFixed(1)} s)`);
      for (const note of gate.notes ?? []) log(note);
      return;
    }
    case 'activate': {
      const app = appArg(args[0]);
      if (!args[1]) throw new UsageError('activate needs a version');
      const force = forceFlag(flags);
      logActivation(await deployer.activate(app, args[1], force), app, args[1], force, log);
      return;
    }
    case 'canary': {
      const app = appArg(args[0]);
      const percent = Number(args[2]);
      if (!args[1] || !Number.isInteger(percent) || percent < 1 || percent > 99)
        throw new UsageError('canary needs a version and a share of visitors from 1 to 99');
      const force = forceFlag(flags);
      const result = await deployer.canary(app, args[1], percent, force);
      if (result.refusal) log(`The gate refused ${app} ${args[1]}: ${result.refusal}\nForced into a canary: ${force}`);
      log(
        `Canary: ${app} ${args[1]} for ${percent}% of visitors (the rest keep ${result.live ?? '-'}; gate ${(result.gateMs / 1000).toFixed(1)} s)`,
      );
      return;
    }
    case 'promote': {
      const app = appArg(args[0]);
      const result = await deployer.promote(app);
      log(`Promoted ${app} ${result.version}: live for everyone (was ${result.previous ?? 'none'})`);
      return;
    }
    case 'abort': {
      const app = appArg(args[0]);
      const result = await deployer.abort(app);
      log(`Aborted the ${app} canary of ${result.aborted ?? '-'}: everyone is on ${result.version}`);
      return;
    }
    case 'override': {
      const app = appArg(args[0]);
      if (!args[1]) throw new UsageError('override needs a version');
      const minutesFlag = flags.get('--minutes');
      const minutes = typeof minutesFlag === 'string' ? Number(minutesFlag) : undefined;
      if (minutes !== undefined && !Number.isInteger(minutes)) throw new UsageError('--minutes is a whole number');
      const result = await deployer.override(app, args[1], minutes);
      log(
        `Open this link in your browser to see ${app} ${args[1]} there alone until ${result.expiresAt}:\n${result.link}`,
      );
      return;
    }
    // `history`: the command's name before the release log had its own, so scripts written then still run.
    case 'log':
    case 'history':
      for (const entry of await deployer.releaseLog(args[0] ? appArg(args[0]) : undefined)) {
        log(
          `${entry.at}  ${entry.action.padEnd(8)} ${entry.app.padEnd(9)} ${describeEntry(entry)}  by ${entry.by}  gate: ${entry.gate}${entry.forced ? `  FORCED: ${entry.forced}` : ''}`,
        );
      }
      return;
    case 'apps':
      return runApps(deployer, args, flags, log);
    case 'prune': {
      const keepFlag = flags.get('--keep');
      const keep = typeof keepFlag === 'string' ? Number(keepFlag) : 3;
      if (!Number.isInteger(keep) || keep < 0) throw new UsageError('--keep takes a whole number');
      const report = await deployer.prune(keep);
      for (const entry of report.removed)
        log(`removed ${entry.app} ${entry.version} (${(entry.bytes / 1024 / 1024).toFixed(1)} MB)`);
      log(`freed ${(report.bytesFreed / 1024 / 1024).toFixed(1)} MB in ${report.removed.length} versions`);
      return;
    }
    case 'jobs':
      for (const job of await deployer.jobs.list(args[0] ? appArg(args[0]) : undefined))
        log(
          `${job.createdAt}  ${job.id}  ${job.kind.padEnd(10)} ${job.state.padEnd(9)} by ${job.by}  ${job.error?.message ?? job.step}`,
        );
      return;
    case 'job': {
      const app = args[0] === 'apps' ? 'apps' : appArg(args[0]);
      if (!args[1]) throw new UsageError('job needs the app and the job id: job <app> <id>');
      const job = await deployer.jobs.follow(app, args[1]);
      log(`job ${job.id}: ${job.state}${job.done.length ? ` (${job.done.join(', ')})` : ''}`);
      return;
    }
    case 'cancel': {
      const app = args[0] === 'apps' ? 'apps' : appArg(args[0]);
      if (!args[1]) throw new UsageError('cancel needs the app and the job id: cancel <app> <id>');
      const job = await deployer.jobs.cancel(app, args[1]);
      log(
        job.state === 'cancelled'
          ? `job ${job.id} is cancelled: nothing it was asked changed`
          : `job ${job.id} stops before its point of no return: nothing it was asked will change`,
      );
      return;
    }
    case 'rollback': {
      const app = appArg(args[0]);
      const result = await deployer.rollback(app);
      log(`Rolled ${app} back to ${result.version} (was ${result.previous ?? 'none'})`);
      return;
    }
    case 'status': {
      const s = await deployer.status(args[0] ? appArg(args[0]) : undefined);
      if (flags.has('--json')) return log(JSON.stringify(s, null, 2));
      log(deployer.where);
      log(s.updatedAt ? `live set updated ${new Date(s.updatedAt).toISOString()}` : 'nothing is live (no live.json)');
      for (const app of s.apps) {
        const failures = Object.entries(app.failures)
          .filter(([kind]) => kind !== 'total' && kind !== 'views')
          .map(([kind, count]) => `${kind} ${count}`)
          .join(', ');
        log(
          `${app.app.padEnd(10)} live: ${app.live ?? '-'}   previous: ${app.rollbackStack.at(-1) ?? '-'}   published: ${app.published.length}   browser failures since activation: ${app.failures.total} in ${app.failures.views} views${failures ? ` (${failures})` : ''}`,
        );
        if (app.canary) {
          const c = app.canary;
          log(
            `           canary: ${c.version} for ${c.percent}% since ${new Date(c.startedAt).toISOString()}   failures: ${c.failures.total} in ${c.failures.views} views   (live: ${100 - c.percent}%)`,
          );
        }
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
  // `deploy status | head`: the reader closed the pipe and reads no more. Rather than die on the
  // write error with a stack, the command goes on without writing — an activation asked for is
  // not left half done — and exits as it would have (0 when it succeeded), as Unix tools do.
  let readerGone = false;
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE' || error.code === 'ERR_STREAM_DESTROYED') readerGone = true;
    else {
      console.error(`deploy: ${error.message}`);
      process.exitCode = 1;
    }
  });
  const log = (line: string) => {
    if (!readerGone) console.log(line);
  };
  // Giving up (Ctrl+C, or SIGTERM from a CI step's time limit) cancels a job being followed; a
  // second signal leaves at once.
  const givingUp = new AbortController();
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.on(signal, () => {
      if (givingUp.signal.aborted) process.exit(130);
      console.error('deploy: giving up — cancelling the job being followed (again to leave at once)');
      givingUp.abort();
    });
  run(process.argv.slice(2), log, undefined, givingUp.signal).then(
    () => process.exit(0),
    (error: unknown) => {
      if (error instanceof UsageError) console.error(`${error.message}\n\n${USAGE}`);
      else if (error instanceof GateRefusal) console.error(`refused: ${error.message}`);
      else if (error instanceof GaveUp) console.error(`deploy: ${error.message}`);
      else console.error(`deploy: ${explainSystemError(error)?.message ?? (error as Error).message}`);
      process.exit(error instanceof GaveUp ? 130 : 1);
    },
  );
}
