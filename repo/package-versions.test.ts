/**
 * @jest-environment node
 *
 * The packed kernel is versioned by the contract it speaks: `npm pack` in mf-shared/ (and in
 * mf-build/, the build tooling packed beside it) gives a tarball whose version is CONTRACT_VERSION,
 * so a team building a remote outside the monorepo knows from the file name which contract it
 * builds against. Every app depends on exactly that version (the workspace link in the monorepo).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CONTRACT_VERSION } from '@steel/shared/contract';

const ROOT = path.resolve(__dirname, '..');
const readPackage = (folder: string) =>
  JSON.parse(readFileSync(path.join(ROOT, folder, 'package.json'), 'utf8')) as {
    version: string;
    dependencies?: Record<string, string>;
    devDependencies?: Record<string, string>;
    peerDependencies?: Record<string, string>;
  };

test('@steel/shared and @steel/build carry the contract version', () => {
  expect(readPackage('mf-shared').version).toBe(CONTRACT_VERSION);
  expect(readPackage('mf-build').version).toBe(CONTRACT_VERSION);
  expect(readPackage('mf-build').peerDependencies?.['@steel/shared']).toBe(CONTRACT_VERSION);
});

test.each(['shell', 'mf-catalogue', 'mf-blog', 'mf-panel'])(
  '%s depends on the kernel of the contract version',
  (folder) => {
    expect(readPackage(folder).dependencies?.['@steel/shared']).toBe(CONTRACT_VERSION);
  },
);

test('the blog (built on its own by its team) declares the build tooling of the same version', () => {
  expect(readPackage('mf-blog').devDependencies?.['@steel/build']).toBe(CONTRACT_VERSION);
});
