/**
 * The apps the platform serves beside the shell, as data: the platform state's list of
 * `{ name, paths, owner?, addedAt, addedBy }` (the builds folder's apps.json by default). The platform team adds and removes apps with
 * `deploy apps add|remove` (CLI and deploy API); publish, the gate, keys, the live set and the
 * registry all follow this list, so a new team's remote needs no release of anyone else's code.
 *
 * A state nobody registered apps in holds the apps this repository started with
 * (data/platform/apps.json), so existing installs work unchanged; the first change writes the
 * list. Writes replace it whole and are taken in turn under the deploy lock by their callers
 * (release/apps.ts).
 */
import { appServerPathClash, RESERVED_REMOTE_NAMES } from '@steel/contract';
import { AppRegistryError, seededApps, SHELL, storedNameProblem } from '../platform-state/documents';
import type { RegisteredApp } from '../platform-state/platform-state';
import { stateOfFolder } from '../platform-state/state-of-folder';

export type { RegisteredApp };

/** A path pattern: a path of letters, digits and `- _ .` segments, optionally ending in `/**`. */
const PATH_PATTERN_RE = /^\/(?:[a-z0-9._-]+(?:\/[a-z0-9._-]+)*)?(?:\/\*\*)?$/;

export { AppRegistryError, seededApps };

/**
 * Why `name` cannot be a new app's name; null when it can. Besides the platform's own names, the
 * first segment of every path the app server answers is refused (the contract's list,
 * app-server-paths.ts): an app named `metrics` would be registered at /metrics/** by default.
 */
export function appNameProblem(name: string): string | null {
  const stored = storedNameProblem(name);
  if (stored) return stored;
  if (RESERVED_REMOTE_NAMES.includes(name)) {
    const clash = appServerPathClash(`/${name}`);
    return `"${name}" is reserved by the platform${clash ? `: the app server answers ${clash.path} itself (${clash.serves})` : ''}`;
  }
  return null;
}

/** Why `pattern` is not a path pattern an app may claim; null when it is. */
export function pathPatternProblem(pattern: string): string | null {
  if (pattern === '/**') return 'An app may not claim every path (/**)';
  if (!PATH_PATTERN_RE.test(pattern))
    return `A path pattern is /a/b (that path) or /a/b/** (it and every path below), got "${pattern}"`;
  // The contract's one list of the app server's own paths (app-server-paths.ts): its pages would never be shown there.
  const clash = appServerPathClash(pattern);
  return clash
    ? `${pattern} is the app server's own: it answers ${clash.path} itself (${clash.serves}); choose paths below the app's own name`
    : null;
}

/** Whether a page's path (`/guides/:slug`, `/guides/*`) falls within one of the app's patterns. */
export function claimsPath(app: Pick<RegisteredApp, 'paths'>, pagePath: string): boolean {
  const page = pagePath.split('/').filter(Boolean);
  return app.paths.some((pattern) => {
    const below = pattern.endsWith('/**');
    const own = (below ? pattern.slice(0, -3) : pattern).split('/').filter(Boolean);
    if (!below) return page.length === own.length && own.every((segment, i) => page[i] === segment);
    return page.length >= own.length && own.every((segment, i) => page[i] === segment);
  });
}

/** The registered apps, read on each call (a change by any writer counts at once). */
export function readApps(buildsDir: string): Promise<RegisteredApp[]> {
  return stateOfFolder(buildsDir).apps.read();
}

export async function registeredNames(buildsDir: string): Promise<string[]> {
  return (await readApps(buildsDir)).map((app) => app.name);
}

/** Every app the platform serves: the shell, then the registered remotes. */
export async function servedApps(buildsDir: string): Promise<string[]> {
  return [SHELL, ...(await registeredNames(buildsDir))];
}

/** Refuses, with a line saying what to do, an app that is not registered. */
export async function assertRegistered(buildsDir: string, name: string): Promise<RegisteredApp> {
  const found = (await readApps(buildsDir)).find((app) => app.name === name);
  if (!found)
    throw new AppRegistryError(
      `"${name}" is not a registered app: the platform team registers it first (deploy apps add ${name} --paths '/${name}/**')`,
    );
  return found;
}

export function writeApps(buildsDir: string, apps: RegisteredApp[]): Promise<void> {
  return stateOfFolder(buildsDir).apps.write(apps);
}
