/**
 * `deploy apps add|list|remove`: the platform team registers a remote, with the path patterns its
 * pages may claim, and removes it — the CLI on the server's machine, or the deploy API with a
 * platform key. Each change holds the deploy lock (no activation of the app runs meanwhile) and
 * writes a release-log line with who asked.
 *
 * A removal is refused while the app has a live version or a canary, unless forced with a reason:
 * then its version leaves live.json too, so its paths are 404 and it leaves /remotes.json on every
 * app server (the live store hears live.json and apps.json change). Its published folders are
 * pruned like any app's; registering the name again brings no version back live.
 *
 * A key never outlives its app: the removal revokes the app's keys in the platform state, for every
 * app server of it (with them its console sessions and override cookies, which they sign), and writes a line for its canary and
 * for each override it ends. Keys given in the environment (DEPLOY_KEYS) cannot be removed from
 * here: they are named in the answer, and the name cannot be registered again while any key for it
 * is configured — otherwise `apps add` would bring an old team's key back to life.
 */
import {
  appNameProblem,
  AppRegistryError,
  pathPatternProblem,
  readApps,
  type RegisteredApp,
  writeApps,
} from '../live-set/app-registry';
import { readLive } from '../live-set/builds-folder';
import { configuredKeys, type DeployKeySource, KEY_NAME_RE, removeKeysOfApp } from '../live-set/deploy-keys';
import { withDeployLock } from './deploy-lock';
import { appendToReleaseLog, localUser, runningOverrides } from './release-log';
import { withLock, writeLive } from './live-file-writes';

/** The app is live (or in a canary) and the removal was not forced: the API answers 409. */
export class AppIsLive extends Error {
  override readonly name = 'AppIsLive';
}

/** Keys of an earlier registration are still configured (DEPLOY_KEYS): the API answers 409. */
export class KeysOfEarlierRegistration extends Error {
  override readonly name = 'KeysOfEarlierRegistration';
}

export interface AppChangeOptions {
  /** The deploy keys of the site (its platform state's and DEPLOY_KEYS): a removal revokes the app's. */
  keys: DeployKeySource;
  /** Who asks (recorded); the OS user by default. */
  by?: string;
  /** Called once when live.json changed (a forced removal of a live app), as changeLive's. */
  onLiveChanged?: () => Promise<void> | void;
}

export function listApps(buildsDir: string): Promise<RegisteredApp[]> {
  return readApps(buildsDir);
}

export interface AppRegistration {
  name: string;
  paths: string[];
  owner?: string;
}

/**
 * Why a registration is refused whatever the registry holds — a bad or reserved name, no paths, a
 * path that is not a pattern or that the app server answers itself, a bad owner — or null. The
 * deploy API asks it before it starts a job.
 */
export function registrationProblem({ name, paths, owner }: AppRegistration): string | null {
  return (
    appNameProblem(name) ??
    (paths.length ? null : `${name} needs the paths it may claim: --paths '/${name}/**'`) ??
    paths.map(pathPatternProblem).find(Boolean) ??
    (owner !== undefined && !KEY_NAME_RE.test(owner) ? `--owner is a key name, got "${owner}"` : null)
  );
}

/** Registers `name` with the path patterns it may claim; refuses a taken name or a claimed path. */
export async function addApp(
  buildsDir: string,
  request: AppRegistration,
  { keys, by = localUser() }: AppChangeOptions,
): Promise<RegisteredApp> {
  const { name, paths, owner } = request;
  const problem = registrationProblem(request);
  if (problem) throw new AppRegistryError(problem);
  return withDeployLock(buildsDir, async () => {
    const apps = await readApps(buildsDir);
    if (apps.some((app) => app.name === name)) throw new AppRegistryError(`${name} is already registered`);
    const leftover = (await configuredKeys(keys)).filter((key) => key.app === name).map((key) => key.name);
    if (leftover.length)
      throw new KeysOfEarlierRegistration(
        `${name} still has keys from an earlier registration (${leftover.join(', ')}): remove them first (keys remove, or from DEPLOY_KEYS), or they would work again`,
      );
    for (const other of apps) {
      const taken = paths.find((pattern) => overlaps(pattern, other.paths));
      if (taken) throw new AppRegistryError(`${taken} overlaps ${other.name}'s paths (${other.paths.join(' ')})`);
    }
    const added: RegisteredApp = {
      name,
      paths: [...paths],
      ...(owner ? { owner } : {}),
      addedAt: new Date().toISOString(),
      addedBy: by,
    };
    await writeApps(buildsDir, [...apps, added]);
    await appendToReleaseLog(buildsDir, {
      action: 'app-add',
      app: name,
      version: '',
      previous: null,
      gate: 'not run (an app registered)',
      forced: null,
      by,
      paths: added.paths,
    });
    return added;
  });
}

export interface AppRemoval {
  removed: RegisteredApp;
  wasLive: string | null;
  /** The names of the keys revoked with the app. */
  keysRevoked: string[];
  /** The app's keys in DEPLOY_KEYS, which only the environment can remove (they act on nothing now). */
  keysInEnvironment: string[];
}

/** Removes `name`; refused while it is live unless `force` gives the reason (recorded). */
export async function removeApp(
  buildsDir: string,
  name: string,
  { keys, force, by = localUser(), onLiveChanged }: AppChangeOptions & { force?: string },
): Promise<AppRemoval> {
  const result = await withDeployLock(buildsDir, async () => {
    const apps = await readApps(buildsDir);
    const removed = apps.find((app) => app.name === name);
    if (!removed) throw new AppRegistryError(`${name} is not a registered app`);
    const live = await readLive(buildsDir);
    const wasLive = live?.versions[name] ?? null;
    const canary = live?.canary?.[name]?.version ?? null;
    if ((wasLive || canary) && !force) {
      throw new AppIsLive(
        `${name} is live (${[wasLive, canary && `canary ${canary}`].filter(Boolean).join(', ')}): its pages would go 404 — remove it with --force "<reason>"`,
      );
    }
    if (live && (wasLive || canary)) {
      await withLock(buildsDir, async () => {
        const { [name]: _version, ...versions } = live.versions;
        const { [name]: _canary, ...canaries } = live.canary ?? {};
        await writeLive(buildsDir, { ...live, versions, canary: canaries, updatedAt: Date.now() });
      });
    }
    await writeApps(
      buildsDir,
      apps.filter((app) => app.name !== name),
    );
    // Read before the keys go: each override is signed by one of them.
    const overrides = await runningOverrides(buildsDir, name);
    const keysRevoked = (await removeKeysOfApp(keys, name)).map((key) => key.name);
    await appendToReleaseLog(buildsDir, {
      action: 'app-remove',
      app: name,
      version: wasLive ?? '',
      previous: wasLive,
      gate: 'not run (an app removed)',
      forced: wasLive || canary ? (force ?? null) : null,
      by,
      paths: removed.paths,
    });
    // What the removal ended besides the live version, one line each; after it nothing is live.
    const ended = { app: name, previous: null, gate: 'not run (the app was removed)', forced: null, by };
    if (canary) await appendToReleaseLog(buildsDir, { ...ended, action: 'abort', version: canary });
    for (const override of overrides)
      await appendToReleaseLog(buildsDir, { ...ended, action: 'override-end', version: override.version });
    return {
      removed,
      wasLive,
      keysRevoked,
      keysInEnvironment: keys.keys.filter((key) => key.app === name).map((key) => key.name),
      liveChanged: Boolean(wasLive || canary),
    };
  });
  const { liveChanged, ...removal } = result;
  if (liveChanged) await onLiveChanged?.();
  return removal;
}

/** Whether a new pattern shares a path with any of `claimed` (one inside the other, or equal). */
function overlaps(pattern: string, claimed: readonly string[]): boolean {
  const base = (p: string) => (p.endsWith('/**') ? p.slice(0, -3) || '/' : p);
  const within = (path: string, outer: string) =>
    outer.endsWith('/**')
      ? path === base(outer) || path.startsWith(`${base(outer) === '/' ? '' : base(outer)}/`)
      : path === outer;
  return claimed.some((other) => within(base(pattern), other) || within(base(other), pattern));
}
