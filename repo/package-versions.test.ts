/**
 * @jest-environment node
 *
 * The contract package is versioned by the contract it is: `npm pack` in mf-contract/ gives a
 * tarball whose version is CONTRACT_VERSION, so a team building a remote outside the monorepo
 * knows from the file name which contract it builds against. The kit (@steel/shared, bundled by
 * each app at its own pace) and the build tooling (@steel/build) depend on exactly that contract;
 * every app depends on exactly the kit of this repository (the workspace link in the monorepo), and
 * on the contract itself: an app imports the contract from `@steel/contract`, never through the kit.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CONTRACT_VERSION } from '@steel/contract';
import { workspaces } from './workspaces.cjs';

const ROOT = path.resolve(__dirname, '..');
const readPackage = (folder: string) =>
  JSON.parse(readFileSync(path.join(ROOT, folder, 'package.json'), 'utf8')) as {
    version: string;
    dependencies?: Record<string, string>;
    devDependencies?: Record<string, string>;
    peerDependencies?: Record<string, string>;
  };
const KIT_VERSION = readPackage('mf-shared').version;

test('@steel/contract carries the contract version; the kit and the build tooling depend on exactly it', () => {
  expect(readPackage('mf-contract').version).toBe(CONTRACT_VERSION);
  expect(readPackage('mf-shared').dependencies?.['@steel/contract']).toBe(CONTRACT_VERSION);
  expect(readPackage('mf-build').peerDependencies?.['@steel/contract']).toBe(CONTRACT_VERSION);
});

test('@steel/build is versioned with the kit it builds', () => {
  expect(readPackage('mf-build').version).toBe(KIT_VERSION);
  expect(readPackage('mf-build').peerDependencies?.['@steel/shared']).toBe(KIT_VERSION);
});

/** The shell and every remote (repo/workspaces.cjs). */
const APP_FOLDERS = workspaces()
  .filter((workspace) => workspace.remote || workspace.name === '@steel/shell')
  .map((workspace) => workspace.folder);

test.each(APP_FOLDERS)('%s depends on the kit of this repository, and on its contract by its own door', (folder) => {
  expect(readPackage(folder).dependencies?.['@steel/shared']).toBe(KIT_VERSION);
  expect(readPackage(folder).dependencies?.['@steel/contract']).toBe(CONTRACT_VERSION);
});

test('the blog (built on its own by its team) declares the build tooling of the same version', () => {
  expect(readPackage('mf-blog').devDependencies?.['@steel/build']).toBe(KIT_VERSION);
});
