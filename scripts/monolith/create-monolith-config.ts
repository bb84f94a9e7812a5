/**
 * The monolith, a measuring stick for what federation costs this site (`npm run build:monolith`,
 * `npm run bench`): the shell's source with the remotes' exposed modules — the three of this site's
 * registry and the inquiry team's app and slots — imported from the same bundle instead of loaded
 * through Module Federation — same code, same webpack settings, same
 * CSS pipeline (each remote's stylesheet still scoped to its container), one webpack runtime and
 * one copy of every library. Served by the same app server as a shell version. Never deployed.
 */
import fs from 'node:fs';
import path from 'node:path';
import webpack, { type Configuration, type RuleSetRule } from 'webpack';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import { createAppConfig, sharedDependencies } from '@steel/build';
import { appFolder, REMOTES, repoRoot } from '../lib/paths';

/** Where it is built (`MONOLITH_DIST`: the e2e run builds its own). */
export const monolithDist = path.resolve(repoRoot, process.env.MONOLITH_DIST ?? '.monolith/dist');

const isCssRule = (rule: unknown): rule is RuleSetRule => {
  const test = rule && typeof rule === 'object' ? (rule as RuleSetRule).test : undefined;
  return test instanceof RegExp && String(test) === String(/\.css$/);
};

const readJson = <T>(file: string) => JSON.parse(fs.readFileSync(file, 'utf8')) as T;

/** The versions of what the shell shares, as the federation runtime would report them. */
function installedShared(): Record<string, string> {
  const { dependencies } = readJson<{ dependencies: Record<string, string> }>(
    path.join(appFolder('shell'), 'package.json'),
  );
  return Object.fromEntries(
    Object.keys(sharedDependencies(dependencies))
      .filter((name) => !name.endsWith('/'))
      .map((name) => [
        name,
        readJson<{ version: string }>(require.resolve(`${name}/package.json`, { paths: [appFolder('shell')] })).version,
      ]),
  );
}

/** The remotes it bundles (static-federation.ts imports their modules). */
const MONOLITH_REMOTES = [...REMOTES, 'inquiry'];

export function createMonolithConfig(): Configuration {
  const shell = createAppConfig({ app: 'shell', root: appFolder('shell'), mode: 'production' });
  const remoteSources = MONOLITH_REMOTES.map((app) => path.join(appFolder(app), 'src'));
  // Each remote's CSS rule as its own build has it (a scoped string its lifecycles insert), for its folder only.
  const remoteCssRules = MONOLITH_REMOTES.map((app) => {
    const rule = createAppConfig({ app, root: appFolder(app), mode: 'production' }).module!.rules!.find(isCssRule)!;
    return { ...rule, include: path.join(appFolder(app), 'src') };
  });
  const rules = shell.module!.rules!.map((rule) => (isCssRule(rule) ? { ...rule, exclude: remoteSources } : rule));
  return {
    ...shell,
    output: { ...shell.output, path: monolithDist, uniqueName: 'monolith' },
    resolve: {
      ...shell.resolve,
      alias: {
        ...shell.resolve?.alias,
        '@module-federation/enhanced/runtime$': path.join(__dirname, 'static-federation.ts'),
        '@module-federation/runtime-core$': path.join(__dirname, 'no-runtime-core.ts'),
        '@module-federation/webpack-bundler-runtime$': path.join(__dirname, 'no-bundler-runtime.ts'),
        '@module-federation/webpack-bundler-runtime/dist/initContainerEntry.js$': path.join(
          __dirname,
          'no-bundler-runtime.ts',
        ),
      },
    },
    module: { ...shell.module, rules: [...remoteCssRules, ...rules] },
    plugins: [
      ...(shell.plugins ?? []).filter((plugin) => !(plugin instanceof ModuleFederationPlugin)),
      new webpack.DefinePlugin({ __MONOLITH_SHARED__: JSON.stringify(installedShared()) }),
    ],
  };
}
