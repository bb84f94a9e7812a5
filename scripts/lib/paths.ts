import fs from 'node:fs';
import path from 'node:path';
import { appNameOfPackage } from '@steel/contract';
import { workspaces } from '../../repo/workspaces.cjs';

export const repoRoot = path.resolve(__dirname, '../..');
/** The domain facts (category tree, factories, weights, exchange fields, Persian strings); DOMAIN_DIR overrides. */
export const domainDir = process.env.DOMAIN_DIR ?? path.resolve(repoRoot, 'data/domain');
export const buildsDir = process.env.BUILDS_DIR ?? path.join(repoRoot, '.builds');

/** `shell` or a remote's name. */
export type AppName = string;
/**
 * This repository's own remotes: those the platform's seeded registry lists (data/platform/apps.json,
 * what a builds folder without apps.json serves), each in the workspace its package is named after. A remote made
 * elsewhere is registered with `deploy apps add` and built in its own repository.
 */
export const REMOTES: readonly AppName[] = (
  JSON.parse(fs.readFileSync(path.join(repoRoot, 'data/platform/apps.json'), 'utf8')) as Array<{ name: string }>
).map((app) => app.name);
export const APPS: readonly AppName[] = ['shell', ...REMOTES];
/** Where an app of this repository lives: the workspace whose package is named after it (`@steel/blog`). */
export function appFolder(app: AppName): string {
  const workspace = workspaces(repoRoot).find((candidate) => appNameOfPackage(candidate.name) === app);
  if (!workspace) throw new Error(`No workspace of this repository is the app ${app}`);
  return path.join(repoRoot, workspace.folder);
}
