/**
 * The deploy gate's rules that need no browser and no CMS: what a version's files say about it,
 * checked against the live set it would join. Each rule returns one line saying what failed and
 * what would satisfy it, or null.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { satisfy } from '@module-federation/runtime-core';
import {
  FEDERATION_MANIFEST_FILE,
  APP_MANIFEST_FILE,
  appServerPathClash,
  CONTRACT_VERSION,
  incompatibility,
  parseAppManifest,
  parsePattern,
  slotPropsIncompatibility,
  speaksContract,
  type AppManifest,
  type NavigationItem,
  type PageRoute,
} from '@steel/contract';
import { fileDigest, listFiles } from '../../build-files/version-files';
import { type AppName, type LiveState, SHELL } from '../../live-set/builds-folder';
import { claimsPath, type RegisteredApp } from '../../live-set/app-registry';

export interface Candidate {
  buildsDir: string;
  app: AppName;
  version: string;
  dir: string;
}

export type RuleResult = string | null;

/** The version's app-manifest.json, or the reason it cannot be read. */
export async function readCandidateAppManifest(candidate: Candidate): Promise<AppManifest | string> {
  const file = path.join(candidate.dir, APP_MANIFEST_FILE);
  let raw: unknown;
  try {
    raw = JSON.parse(await fs.readFile(file, 'utf8'));
  } catch (error) {
    return `manifest: ${APP_MANIFEST_FILE} is missing or not JSON (${(error as Error).message}); build the app with \`npm run build ${candidate.app}\` and publish that folder`;
  }
  try {
    const manifest = parseAppManifest(raw);
    if (manifest.app !== candidate.app)
      return `manifest: it is a build of ${manifest.app}, not ${candidate.app}; publish it as ${manifest.app}`;
    return manifest;
  } catch (error) {
    const issues = (error as { issues?: Array<{ path: PropertyKey[]; message: string }> }).issues;
    const detail = issues
      ? issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ')
      : (error as Error).message;
    return `manifest: ${APP_MANIFEST_FILE} does not keep the contract's schema (${detail}); rebuild with the current @steel/shared`;
  }
}

/** A remote exposes `./app` through its federation manifest, and its server entry is present. */
export async function exposesRule(candidate: Candidate, manifest: AppManifest): Promise<RuleResult> {
  if (manifest.serverEntry && !(await exists(path.join(candidate.dir, manifest.serverEntry)))) {
    return `exposes: the server entry ${manifest.serverEntry} is missing; publish the whole dist folder (it includes dist/server)`;
  }
  if (candidate.app === 'shell')
    return (await exists(path.join(candidate.dir, 'index.html')))
      ? null
      : "exposes: the shell has no index.html; publish the shell's dist folder";
  let federation: { exposes?: Array<{ path?: string }> };
  try {
    federation = JSON.parse(
      await fs.readFile(path.join(candidate.dir, FEDERATION_MANIFEST_FILE), 'utf8'),
    ) as typeof federation;
  } catch {
    return 'exposes: mf-manifest.json is missing or not JSON; keep `manifest: true` in the federation plugin';
  }
  if (!federation.exposes?.some((expose) => expose.path === './app'))
    return `exposes: ${candidate.app} does not expose ./app; expose './app': './src/app/lifecycles.tsx' (the single-spa lifecycles)`;
  if (manifest.contributions?.length && !federation.exposes.some((expose) => expose.path === './slots'))
    return `exposes: ${candidate.app} fills ${manifest.contributions.map(({ slot }) => slot).join(', ')} but does not expose ./slots; put its slot module in src/slots.tsx`;
  if (!(await exists(path.join(candidate.dir, 'remoteEntry.js'))))
    return 'exposes: remoteEntry.js is missing; publish the whole dist folder';
  return null;
}

/** Every file is there with the digest it was published with, and nothing was added. */
export async function digestsRule(candidate: Candidate, manifest: AppManifest): Promise<RuleResult> {
  const recorded = manifest.files;
  if (!recorded || Object.keys(recorded).length === 0)
    return 'files: the manifest records no digests; publish the version with `deploy publish` (it records them)';
  for (const [rel, digest] of Object.entries(recorded)) {
    const file = path.join(candidate.dir, rel);
    if (!(await exists(file)))
      return `files: ${rel} is missing (published with ${digest.slice(0, 20)}…); publish the build again`;
    if ((await fileDigest(file)) !== digest)
      return `files: ${rel} changed after it was published; publish the build again instead of editing a published version`;
  }
  const extra = (await listFiles(candidate.dir)).filter((rel) => rel !== APP_MANIFEST_FILE && !(rel in recorded));
  if (extra.length) return `files: ${extra[0]} was added after publishing; publish the build again`;
  return null;
}

/** The contract major this version speaks is the one the live apps speak. */
export function contractRule(
  manifest: AppManifest,
  liveAppManifests: Partial<Record<AppName, AppManifest>>,
): RuleResult {
  for (const [app, live] of Object.entries(liveAppManifests) as [AppName, AppManifest][]) {
    if (app === manifest.app) continue;
    if (!speaksContract(manifest.contract, live.contract)) {
      return `contract: it speaks contract ${manifest.contract}, the live ${app} speaks ${live.contract}; build it against @steel/shared ${live.contract.split('.')[0]}.x (this repository has ${CONTRACT_VERSION})`;
    }
  }
  return null;
}

/** Shared singletons: a remote's requirements met by the live shell; a new shell meets every live remote's. */
export function sharedRule(manifest: AppManifest, liveAppManifests: Partial<Record<AppName, AppManifest>>): RuleResult {
  const fix =
    "align the shared dependency's version in package.json with the shell's (a caret range of the same major)";
  if (manifest.app !== 'shell') {
    const problem = liveAppManifests.shell ? incompatibility(liveAppManifests.shell, manifest, satisfy) : null;
    return problem ? `shared: ${problem.replace('the shell', 'the live shell')}; ${fix}` : null;
  }
  for (const [app, remote] of Object.entries(liveAppManifests) as [AppName, AppManifest][]) {
    if (app === 'shell') continue;
    const problem = incompatibility(manifest, remote, satisfy);
    if (problem)
      return `shared: the live ${app} cannot run beside it: ${problem.replace(/^it /, `${app} `).replace('the shell', 'this shell')}; ${fix}`;
  }
  return null;
}

/**
 * Extension slots: each of the candidate's contributions is built against props its live hosts
 * render, and a candidate host renders its slots at props every live contribution was built for.
 */
export function slotsRule(manifest: AppManifest, liveAppManifests: Partial<Record<AppName, AppManifest>>): RuleResult {
  for (const [app, live] of Object.entries(liveAppManifests) as [AppName, AppManifest][]) {
    if (app === manifest.app) continue;
    for (const { slot, props } of manifest.contributions ?? []) {
      const hosted = live.slotHosts?.[slot];
      const problem = hosted && slotPropsIncompatibility(slot, hosted, props);
      if (problem)
        return `slots: its contribution to ${slot} would not be shown on the live ${app}'s pages: ${problem}; build it against the @steel/shared the host renders the slot with`;
    }
    for (const { slot, props } of live.contributions ?? []) {
      const hosted = manifest.slotHosts?.[slot];
      const problem = hosted && slotPropsIncompatibility(slot, hosted, props);
      if (problem)
        return `slots: the live ${app}'s contribution to ${slot} could not be shown on its pages: ${problem}; keep the slot's props version until ${app} has moved`;
    }
  }
  return null;
}

/** Whether two page patterns can match the same path at the same specificity (who owns it is then a coin toss). */
function overlaps(a: PageRoute, b: PageRoute): boolean {
  const [pa, pb] = [parsePattern(a.path), parsePattern(b.path)];
  const common = Math.min(pa.segments.length, pb.segments.length);
  for (let index = 0; index < common; index++) {
    const [x, y] = [pa.segments[index] as string, pb.segments[index] as string];
    if (!x.startsWith(':') && !y.startsWith(':') && x !== y) return false;
  }
  if (pa.segments.length === pb.segments.length) return true;
  // A shorter pattern claims the longer one's paths only when it claims everything below it.
  return pa.segments.length < pb.segments.length ? pa.below : pb.below;
}

/** No page claims a path another live app's page claims (the app server's own paths included). */
export function pagesRule(manifest: AppManifest, liveAppManifests: Partial<Record<AppName, AppManifest>>): RuleResult {
  for (const page of manifest.pages) {
    for (const [app, live] of Object.entries(liveAppManifests) as [AppName, AppManifest][]) {
      if (app === manifest.app) continue;
      const taken = live.pages.find((other) => overlaps(page, other));
      if (taken)
        return `pages: ${page.path} claims paths the live ${app} owns (${taken.path}); choose a path below your app's own (the ${app} team owns ${taken.path})`;
    }
  }
  return null;
}

/** Every path a version declares, each with how the refusal names it: pages, feeds, fixed sitemap entries, navigation links. */
function declaredPaths(manifest: AppManifest): Array<{ path: string; named: string }> {
  const links = (items: readonly NavigationItem[]): Array<{ path: string; named: string }> =>
    items.flatMap((item) => [
      { path: item.path, named: `the navigation link «${item.label}» (${item.path})` },
      ...links(item.children ?? []),
    ]);
  return [
    ...manifest.pages.flatMap((page) => [
      { path: page.path, named: `the page ${page.path}` },
      ...(page.feeds ?? []).map((feed) => ({ path: feed.path, named: `the feed ${feed.path} of ${page.path}` })),
      ...(page.sitemap ?? []).flatMap((source) =>
        'collection' in source
          ? []
          : [{ path: source.path, named: `the sitemap entry ${source.path} of ${page.path}` }],
      ),
    ]),
    ...links(manifest.navigation ?? []),
  ];
}

/**
 * Nothing the version declares claims a path the app server answers itself (the contract's one
 * list, app-server-paths.ts): such a page would never be shown — the app server answers first, so
 * the smoke test would only see a mount that never came — and a link to it would take visitors to
 * the server's own (`/metrics`). Named as the clash it is, before anything else looks at the pages.
 */
export function appServerPathsRule(manifest: AppManifest): RuleResult {
  for (const { path: claimed, named } of declaredPaths(manifest)) {
    const clash = appServerPathClash(claimed);
    if (clash)
      return `pages: ${named} claims ${clash.path}, which the app server answers itself (${clash.serves}); no app may claim it, so move it below your app's own paths`;
  }
  return null;
}

/**
 * A remote's pages and feeds stay within the paths the platform registered for it (`deploy apps add
 * --paths`): a team cannot take over paths nobody gave it, even ones no live app has yet.
 */
export function registeredPathsRule(manifest: AppManifest, registered: RegisteredApp | null): RuleResult {
  if (manifest.app === SHELL) return null;
  if (!registered)
    return `apps: ${manifest.app} is not a registered app; the platform team registers it first (deploy apps add ${manifest.app} --paths '/${manifest.app}/**')`;
  const outside = manifest.pages.find((page) => !claimsPath(registered, page.path));
  if (outside)
    return `pages: ${outside.path} is outside the paths registered for ${manifest.app} (${registered.paths.join(' ')}); move the page there, or ask the platform team to register its path`;
  // A feed is served at its own path (`FeedSource`): inside its app's, like a page.
  const feed = manifest.pages
    .flatMap((page) => page.feeds ?? [])
    .find((declared) => !claimsPath(registered, declared.path));
  return feed
    ? `pages: the feed ${feed.path} is outside the paths registered for ${manifest.app} (${registered.paths.join(' ')}); serve it at a path of the app's own`
    : null;
}

/** The live version's app manifest of `app`, or null (not live, or unreadable: it predates the contract, nothing to compare). */
export async function liveAppManifestOf(
  buildsDir: string,
  live: LiveState | null,
  app: AppName,
): Promise<AppManifest | null> {
  const version = live?.versions[app];
  if (!version) return null;
  try {
    return parseAppManifest(
      JSON.parse(await fs.readFile(path.join(buildsDir, app, version, APP_MANIFEST_FILE), 'utf8')),
    );
  } catch {
    return null;
  }
}

/** The app manifests of the apps live now (left out: those unreadable, or the candidate's own app). */
export async function liveAppManifests(
  buildsDir: string,
  live: LiveState | null,
  except: AppName,
): Promise<Partial<Record<AppName, AppManifest>>> {
  const manifests: Partial<Record<AppName, AppManifest>> = {};
  for (const app of Object.keys(live?.versions ?? {})) {
    if (app === except) continue;
    const manifest = await liveAppManifestOf(buildsDir, live, app);
    if (manifest) manifests[app] = manifest;
  }
  return manifests;
}

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}
