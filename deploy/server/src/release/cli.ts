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
 * With --server <url> (or DEPLOY_SERVER) the same commands go through the app server's deploy API
 * with the key of DEPLOY_KEY (or --key, which other users of the machine may see in `ps`). There a
 * publish, a gate run or a change of the live set is a job on the server: the CLI prints its steps
 * and follows it to its end; Ctrl+C (or SIGTERM, a CI step's time limit) cancels it before its
 * point of no return and says what that left — never a change it reported as failed.
 */
import { defaultBuildsDir, deployKeySource, loadConfig, resolveFromUserCwd } from '../config';
import type { Env } from '../settings/setting-kinds';
import { processEnvironment, readSettings } from '../settings/settings-table';
import { type AppStatus, status } from './status';
import { followJob, GaveUp, remote, type JobView, type RemoteTarget } from './deploy-api-client';
import { explainSystemError } from './system-errors';
import { addKey, type DeployKeySource, removeKey, storedKeys } from '../live-set/deploy-keys';
import { describeEntry, readReleaseLog, type ReleaseLogEntry } from './release-log';
import { changeLive, checkRelease, GateRefusal } from './change-live';
import { publishVersion } from './publish';
import { withDeployLock } from './deploy-lock';
import { type AppName, isAppName } from '../live-set/builds-folder';
import { PLATFORM } from '../live-set/deploy-keys';
import { assertRegistered, type RegisteredApp } from '../live-set/app-registry';
import { addApp, type AppRemoval, listApps, removeApp } from './apps';
import { prune, type PruneReport } from './prune';
import { withRunningSiteSettings } from './site-record';
import { exportToFolder, importFolder, type MoveReport, openSharedStores } from './move-platform';
import { openSharedPlatform } from '../shared-state/shared-platform';

const USAGE = `Usage: deploy <command> [--builds-dir <dir> | --server <url> [--key <key>]]
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

class UsageError extends Error {}

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

function parseArgs(argv: string[]): { positional: string[]; flags: Map<string, string | true> } {
  const positional: string[] = [];
  const flags = new Map<string, string | true>();
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

function appArg(value: string | undefined): AppName {
  if (!value || !isAppName(value)) throw new UsageError(`Unknown app "${value ?? ''}"`);
  return value;
}

function forceFlag(flags: Map<string, string | true>): string | undefined {
  const force = flags.get('--force');
  if (force === true) throw new UsageError('--force needs a reason: --force "<why>"');
  return force;
}

type Log = (line: string) => void;

/** The keys a local command works on: the environment's (deployKeySource), or --builds-dir's and --keys-file's. */
function localKeys(flags: Map<string, string | true>, env: Env | undefined): DeployKeySource {
  const fileFlag = flags.get('--keys-file');
  const source = { ...deployKeySource(env), buildsDir: localBuildsDir(flags, env) };
  return typeof fileFlag === 'string' ? { ...source, keysFile: resolveFromUserCwd(fileFlag, env) } : source;
}

/**
 * `keys add|list|remove`, on the platform state the servers read: the builds folder's (its keys
 * file), or with PLATFORM_STATE_URL the one in PostgreSQL — how the first platform key of a shared
 * state is made, before any server of it answers the deploy API.
 */
async function runKeys(
  args: string[],
  flags: Map<string, string | true>,
  log: Log,
  env: Env | undefined,
): Promise<void> {
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

async function runApps(deployer: Deployer, args: string[], flags: Map<string, string | true>, log: Log) {
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

/** What the commands need, from a builds folder on this machine or through the deploy API. */
interface Deployer {
  /** Where versions go, for messages. */
  where: string;
  /** Stores the build; `activate`: then the gate, then live (through the API, one job does both). */
  publish(
    app: AppName,
    distDir: string,
    options: { compress: boolean; activate?: { force?: string } },
  ): Promise<{ version: string; created: boolean; dir?: string; activation?: Activation }>;
  check(app: AppName, version: string): Promise<{ refusal: string | null; ms: number; notes?: string[] }>;
  activate(app: AppName, version: string, force?: string): Promise<Activation>;
  rollback(app: AppName): Promise<{ version: string; previous: string | null }>;
  canary(
    app: AppName,
    version: string,
    percent: number,
    force?: string,
  ): Promise<{ refusal: string | null; live: string | null; gateMs: number }>;
  promote(app: AppName): Promise<{ version: string; previous: string | null }>;
  abort(app: AppName): Promise<{ version: string; aborted: string | null }>;
  /** A link that sets an override cookie in the browser that opens it. */
  override(app: AppName, version: string, minutes?: number): Promise<{ link: string; expiresAt: string }>;
  releaseLog(app?: AppName): Promise<ReleaseLogEntry[]>;
  apps: {
    list(): Promise<RegisteredApp[]>;
    add(request: { name: string; paths: string[]; owner?: string }): Promise<RegisteredApp>;
    remove(name: string, force?: string): Promise<AppRemoval>;
  };
  status(app?: AppName): Promise<{ updatedAt: number | null; apps: AppStatus[] }>;
  prune(keep: number): Promise<PruneReport>;
  jobs: {
    list(app?: AppName): Promise<JobView[]>;
    follow(app: AppName, id: string): Promise<JobView>;
    cancel(app: AppName, id: string): Promise<JobView>;
  };
}

interface Activation {
  refusal: string | null;
  changed: boolean;
  previous: string | null;
  gateMs: number;
}

const apiOnly = (what: string) => () =>
  Promise.reject(new UsageError(`${what} are the deploy API's: --server <url> with your app's key`));

function localDeployer(buildsDir: string, env: Env | undefined, keys: DeployKeySource): Deployer {
  // The gate's smoke tests read the CMS of the site running on this builds folder, not a default.
  const gate = async (force?: string) => ({
    env: await withRunningSiteSettings(buildsDir, env ?? processEnvironment()),
    ...(force ? { force } : {}),
  });
  return {
    where: `BUILDS_DIR ${buildsDir}`,
    async publish(app, distDir, { compress, activate }) {
      const published = await publishVersion(buildsDir, app, distDir, { compress });
      if (!activate) return published;
      const activation = await changeLive(
        buildsDir,
        app,
        { action: 'activate', version: published.version },
        await gate(activate.force),
      );
      return { ...published, activation };
    },
    check: async (app, version) => checkRelease(buildsDir, app, version, await gate()),
    activate: async (app, version, force) =>
      changeLive(buildsDir, app, { action: 'activate', version }, await gate(force)),
    rollback: (app) => changeLive(buildsDir, app, { action: 'rollback' }),
    async canary(app, version, percent, force) {
      const result = await changeLive(buildsDir, app, { action: 'canary', version, percent }, await gate(force));
      return { refusal: result.refusal, live: result.previous, gateMs: result.gateMs };
    },
    promote: (app) => changeLive(buildsDir, app, { action: 'promote' }),
    async abort(app) {
      const result = await changeLive(buildsDir, app, { action: 'abort' });
      return { version: result.version, aborted: result.previous };
    },
    // An override is signed with a deploy key, which only the API holder presents.
    override: () =>
      Promise.reject(new UsageError("override goes through the deploy API: --server <url> with your app's key")),
    releaseLog: (app) => readReleaseLog(buildsDir, app),
    apps: {
      list: () => listApps(buildsDir),
      add: (request) => addApp(buildsDir, request, { keys }),
      remove: (name, force) => removeApp(buildsDir, name, { keys, ...(force ? { force } : {}) }),
    },
    async status(app) {
      // The app servers of the production arrangement count in Redis, which the API reads.
      if (readSettings(env).REDIS_URL)
        console.warn('REDIS_URL is set: the live counts are in Redis — ask an app server: status --server <url>');
      const s = await status(buildsDir);
      return { ...s, apps: s.apps.filter((entry) => !app || entry.app === app) };
    },
    // Not while a version is being activated (it may be the one prune would remove).
    prune: (keep) => withDeployLock(buildsDir, () => prune(buildsDir, { keep })),
    // Locally every command waits for its work: there are no jobs to follow.
    jobs: { list: apiOnly('Jobs'), follow: apiOnly('Jobs'), cancel: apiOnly('Jobs') },
  };
}

function remoteDeployer(target: RemoteTarget): Deployer {
  // A key is for one app: without one named, the release log and status are the key's own app's.
  const orOwn = async (app?: AppName) => app ?? (await remote.whoami(target)).app;
  return {
    where: target.server,
    async publish(app, distDir, { activate }) {
      const result = await remote.publish(target, app, distDir, activate);
      if (!activate) return result;
      return {
        ...result,
        activation: {
          refusal: result.forced ? (result.gate ?? null) : null,
          changed: result.changed ?? false,
          previous: result.previous ?? null,
          gateMs: result.gateMs ?? 0,
        },
      };
    },
    check: (app, version) => remote.check(target, app, version),
    async activate(app, version, force) {
      const result = await remote.activate(target, app, version, force);
      // A refusal comes back as a 422; a gate word here is one that was forced through.
      return { ...result, refusal: result.forced ? result.gate : null };
    },
    rollback: (app) => remote.rollback(target, app),
    async canary(app, version, percent, force) {
      const result = await remote.canary(target, app, version, percent, force);
      return { refusal: result.forced ? result.gate : null, live: result.live, gateMs: result.gateMs };
    },
    promote: (app) => remote.promote(target, app),
    abort: (app) => remote.abort(target, app),
    async override(app, version, minutes) {
      const result = await remote.override(target, app, version, minutes);
      return { link: `${target.server.replace(/\/+$/, '')}${result.link}`, expiresAt: result.expiresAt };
    },
    releaseLog: async (app) => remote.releaseLog(target, await orOwn(app)),
    apps: {
      list: () => remote.apps.list(target),
      add: (request) => remote.apps.add(target, request),
      remove: (name, force) => remote.apps.remove(target, name, force),
    },
    async status(app) {
      const { updatedAt, ...own } = await remote.status(target, await orOwn(app));
      return { updatedAt, apps: [own] };
    },
    prune: () => Promise.reject(new UsageError("prune works on the server's machine only (without --server)")),
    jobs: {
      list: async (app) => remote.jobs(target, await orOwn(app)),
      follow: async (app, id) => followJob(target, await remote.job(target, app, id)),
      cancel: (app, id) => remote.cancel(target, app, id),
    },
  };
}

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
async function runPlatform(args: string[], flags: Map<string, string | true>, log: Log, env: Env | undefined) {
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

function localBuildsDir(flags: Map<string, string | true>, env: Env | undefined): string {
  const dirFlag = flags.get('--builds-dir');
  return typeof dirFlag === 'string' ? resolveFromUserCwd(dirFlag, env) : defaultBuildsDir(env);
}

/** A job's steps as the CLI prints them: its id once, then each new step. */
function jobPrinter(log: Log): (job: JobView) => void {
  const announced = new Set<string>();
  return (job) => {
    if (!announced.has(job.id)) {
      announced.add(job.id);
      // The platform's jobs are followed under `apps` (the API's address says where).
      const under = /\/_\/deploy\/([^/]+)\/jobs\//.exec(job.url)?.[1] ?? job.app;
      log(
        `job ${job.id} (${job.kind} ${job.app}): follow it with \`deploy job ${under} ${job.id}\`; Ctrl+C cancels it`,
      );
    }
    // The bookkeeping steps of every job say nothing to a person; the outcome is the command's own line.
    if (!['waiting to start', 'started', 'done'].includes(job.step))
      log(`  ${job.state === 'queued' || job.state === 'running' ? '…' : '•'} ${job.step}`);
  };
}

function deployerFor(
  flags: Map<string, string | true>,
  env: Env | undefined,
  log: Log,
  signal?: AbortSignal,
): Deployer {
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
