/**
 * A team starts a remote outside this repository (README.md, "Deploying a remote on its own"):
 * the platform packages are published to a real registry (Verdaccio), `npm create @steel/remote
 * guides` writes a standalone repository, which installs (@steel/* from that registry, the rest
 * from the public one), passes its own test and builds a remote whose manifest the platform accepts.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { parseAppManifest } from '@steel/contract';
import { buildRemote, installRemote, scaffoldRemote, testRemote } from '../../../scripts/lib/new-remote';
import { publishPlatformPackages, startVerdaccio, type Verdaccio } from '../../../scripts/lib/verdaccio';

const TITLE = 'راهنماها';
let registry: Verdaccio;
let parent: string;
let remote: string;

before(async () => {
  registry = await startVerdaccio();
  publishPlatformPackages(registry);
  parent = fs.mkdtempSync(path.join(os.tmpdir(), 'steel-new-remote-'));
  remote = path.join(parent, 'guides');
});

after(async () => {
  await registry?.stop();
  if (parent) fs.rmSync(parent, { recursive: true, force: true });
});

test('npm create @steel/remote guides writes a standalone repository with a lock file', async () => {
  await scaffoldRemote(registry, parent, 'guides', TITLE);
  for (const file of ['package.json', 'package-lock.json', '.gitignore', '.npmrc', 'README.md', 'tsconfig.json']) {
    assert.ok(fs.existsSync(path.join(remote, file)), `${file} is written`);
  }
  assert.equal(fs.readFileSync(path.join(remote, '.npmrc'), 'utf8'), `@steel:registry=${registry.url}\n`);
  // The lock records each package's integrity (npm 11 leaves out where it came from): @steel/shared's
  // is the tarball the company registry serves; react is not there, so npm took it from the public one.
  const lock = JSON.parse(fs.readFileSync(path.join(remote, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { version?: string; integrity?: string }>;
  };
  const served = (await (await fetch(`${registry.url}@steel%2fshared`)).json()) as {
    versions: Record<string, { dist: { integrity: string } }>;
  };
  const locked = lock.packages['node_modules/@steel/shared'];
  assert.equal(locked?.integrity, served.versions[locked?.version ?? '']?.dist.integrity);
  assert.equal((await fetch(`${registry.url}react`)).status, 404);
  assert.ok(lock.packages['node_modules/react']?.integrity);
  // Pinned, exactly as this repository's own packages are.
  const manifest = JSON.parse(fs.readFileSync(path.join(remote, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  const ownShared = JSON.parse(fs.readFileSync(path.join(__dirname, '../../../mf-shared/package.json'), 'utf8')) as {
    version: string;
  };
  assert.equal(manifest.dependencies['@steel/shared'], ownShared.version);
  assert.ok(fs.readFileSync(path.join(remote, 'src/app/page-definitions.ts'), 'utf8').includes('landingPage'));
});

test('it installs from the registry and passes its own test', async () => {
  await installRemote(remote);
  assert.ok(fs.existsSync(path.join(remote, 'node_modules/@steel/build/bin/steel-build.cjs')));
  await testRemote(remote);
});

test('it builds a remote whose manifest declares /guides, server-rendered, in the navigation and sitemap', async () => {
  await buildRemote(remote);
  const manifest = parseAppManifest(JSON.parse(fs.readFileSync(path.join(remote, 'dist/app-manifest.json'), 'utf8')));
  assert.equal(manifest.app, 'guides');
  const page = manifest.pages.find((route) => route.path === '/guides');
  assert.ok(page, 'the manifest lists /guides');
  assert.equal(page.rendering, 'server');
  assert.deepEqual(page.sitemap, [{ path: '/guides' }]);
  assert.deepEqual(page.nav, { places: ['header', 'drawer'], label: TITLE, order: 50 });
  assert.ok(fs.existsSync(path.join(remote, 'dist/remoteEntry.js')));
  assert.ok(fs.existsSync(path.join(remote, 'dist/server/index.js')));
});
