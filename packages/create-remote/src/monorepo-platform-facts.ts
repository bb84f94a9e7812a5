/**
 * The platform facts as this repository has them now (platform.ts), from its own package.json
 * files: the platform packages' own versions, the libraries a remote shares with the shell as the
 * shell and the kit pin them, the build's types and the test tools as the root pins them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { REMOTE_NAME_RE, RESERVED_REMOTE_NAMES } from '@steel/contract';
import type { PlatformFacts } from './platform-facts';

const repoRoot = path.resolve(__dirname, '../../..');

interface PackageJson {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

const readPackage = (folder: string) =>
  JSON.parse(fs.readFileSync(path.join(repoRoot, folder, 'package.json'), 'utf8')) as PackageJson;

/** The platform's packages a remote installs: the contract, the kit, the build. */
export const PLATFORM_PACKAGE_FOLDERS = ['mf-contract', 'mf-shared', 'mf-build'].filter((folder) =>
  fs.existsSync(path.join(repoRoot, folder, 'package.json')),
);

/** The singletons the shell provides to every remote, at the shell's versions. */
const SHELL_SINGLETONS = ['react', 'react-dom', '@tanstack/react-query'];
/** The routing and single-spa mount the kit's page and lifecycle helpers are written against. */
const KIT_LIBRARIES = ['react-router', 'single-spa-react'];
/** The types a remote builds with, and its page test (jest with ts-jest, as this repository runs its tests). */
const ROOT_TOOLS = ['@types/react', '@types/react-dom', 'jest', 'ts-jest', '@types/jest', 'typescript'];

function pick(from: Record<string, string> | undefined, names: readonly string[], where: string) {
  return Object.fromEntries(
    names.map((name) => {
      const version = from?.[name];
      if (!version) throw new Error(`${where} does not pin ${name}`);
      return [name, version];
    }),
  );
}

export function monorepoPlatformFacts(): PlatformFacts {
  const platform = PLATFORM_PACKAGE_FOLDERS.map(readPackage);
  const build = platform.find((pkg) => pkg.name === '@steel/build');
  const kit = platform.find((pkg) => pkg.name === '@steel/shared');
  const runtimePlatform = platform.filter((pkg) => pkg !== build);
  return {
    dependencies: {
      ...Object.fromEntries(runtimePlatform.map((pkg) => [pkg.name, pkg.version])),
      ...pick(readPackage('shell').dependencies, SHELL_SINGLETONS, 'shell/package.json'),
      ...pick(kit?.dependencies, KIT_LIBRARIES, 'mf-shared/package.json'),
    },
    devDependencies: {
      ...(build ? { [build.name]: build.version } : {}),
      ...pick(readPackage('.').devDependencies, ROOT_TOOLS, 'package.json'),
    },
    remoteName: { pattern: REMOTE_NAME_RE.source, reserved: [...RESERVED_REMOTE_NAMES] },
  };
}
