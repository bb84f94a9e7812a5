/**
 * A real npm registry for the platform's packages, the way a company serves its own (Verdaccio):
 * started on a free loopback port with a fresh storage folder, proxying nothing — a package it was
 * not given is not found — and accepting a publish from anyone on loopback. The scaffold's test and
 * the bench publish the platform packages to it and install a new remote from it (`@steel/*` only;
 * everything else comes from the public registry, as the remote's `.npmrc` says).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { freePort } from '@steel/server/free-port';
import os from 'node:os';
import path from 'node:path';
import { PLATFORM_PACKAGE_FOLDERS } from '@steel/create-remote/monorepo-platform-facts';
import { repoRoot } from './paths';
import { isRunning, startProcess, waitForUrl, type RunningProcess } from './processes';

export interface Verdaccio {
  /** `http://127.0.0.1:<port>/` */
  url: string;
  pid: number;
  /** npm flags that publish to it and authenticate (it accepts any token on loopback). */
  npmFlags: string[];
  /** Stops it by its PID and removes its storage. */
  stop(): Promise<void>;
}

/** What a remote outside this repository installs (the contract, the kit, the build), then the scaffold. */
export const PLATFORM_PACKAGES = [...PLATFORM_PACKAGE_FOLDERS, 'packages/create-remote'];

/** No uplinks: every package is local or absent. Publish needs no account (loopback only). */
function config(storage: string, port: number): string {
  return [
    `storage: ${JSON.stringify(storage)}`,
    'auth:',
    '  htpasswd:',
    `    file: ${JSON.stringify(path.join(storage, 'htpasswd'))}`,
    '    max_users: -1',
    'uplinks: {}',
    'packages:',
    "  '**':",
    '    access: $all',
    '    publish: $all',
    '    unpublish: $all',
    `listen: 127.0.0.1:${port}`,
    'max_body_size: 200mb',
    'log: { type: stdout, format: pretty, level: warn }',
    '',
  ].join('\n');
}

export async function startVerdaccio(): Promise<Verdaccio> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'steel-verdaccio-'));
  const port = await freePort();
  const configFile = path.join(folder, 'config.yaml');
  fs.writeFileSync(configFile, config(path.join(folder, 'storage'), port));
  const url = `http://127.0.0.1:${port}/`;
  const running: RunningProcess = startProcess('verdaccio', path.join(repoRoot, 'node_modules/.bin/verdaccio'), [
    '--config',
    configFile,
  ]);
  try {
    await waitForUrl(`${url}-/ping`, 60_000, () => isRunning(running));
  } catch (error) {
    await running.stop();
    throw error;
  }
  return {
    url,
    pid: running.child.pid!,
    // npm refuses to publish without a credential; Verdaccio lets anyone publish here, so any token does.
    npmFlags: ['--registry', url, `--//127.0.0.1:${port}/:_authToken=loopback`],
    async stop() {
      await running.stop();
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}

/**
 * Publishes each platform workspace as `npm pack` makes it (its `files`, its prepack), with its
 * package.json's `private` dropped (in this repository they are private so that nothing publishes
 * them to the public registry by accident) and the registry as its `publishConfig.registry`.
 */
export function publishPlatformPackages(registry: Verdaccio, folders: readonly string[] = PLATFORM_PACKAGES): void {
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'steel-publish-'));
  try {
    for (const folder of folders) {
      const [packed] = JSON.parse(
        execFileSync('npm', ['pack', '--json', '--loglevel=warn', '--pack-destination', staging], {
          cwd: path.join(repoRoot, folder),
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'inherit'],
        }),
      ) as Array<{ filename: string }>;
      const unpacked = path.join(staging, path.basename(folder));
      fs.mkdirSync(unpacked);
      execFileSync('tar', ['-xzf', path.join(staging, packed!.filename), '-C', unpacked, '--strip-components', '1']);
      const manifestFile = path.join(unpacked, 'package.json');
      const {
        private: _private,
        scripts: _scripts,
        ...manifest
      } = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, unknown>;
      // Where it lives, in npm's own field: npm publish goes there and nowhere else, and the scaffold
      // writes it into a new remote's .npmrc (npm hands its `--@steel:registry` flag to nothing it runs).
      manifest['publishConfig'] = { registry: registry.url };
      fs.writeFileSync(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
      // Its scripts ran when it was packed; none runs again.
      execFileSync('npm', ['publish', '--ignore-scripts', '--loglevel=warn', ...registry.npmFlags], {
        cwd: unpacked,
        stdio: ['ignore', 'ignore', 'inherit'],
      });
    }
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}
