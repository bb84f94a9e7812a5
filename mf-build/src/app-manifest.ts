/**
 * Writes a build's `app-manifest.json` (docs/architecture.md, "The versioned contract"): the
 * contract version and page list come from the app's own server entry — what the built code
 * really exports, not a second list kept by hand — and the shared singletons from its package.json
 * with the versions installed beside it. Publishing adds each file's digest.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
import {
  APP_MANIFEST_FILE,
  FEDERATION_BUNDLER_RUNTIME_SHARE,
  FEDERATION_RUNTIME_SHARE,
  parseAppManifest,
  type AppManifest,
  type PageRoute,
} from '@steel/contract';
import { sharedDependencies } from './shared-dependencies';
import { pageWeights, type ChunkGroups } from './page-weights';
import type { AppName } from './create-app-config';

/** A CommonJS module's code as a function of the five names Node gives it. */
type CommonJsWrapper = (
  exports: object,
  require: NodeJS.Require,
  module: { exports: object },
  filename: string,
  dirname: string,
) => void;

/** What the build reads from a server entry's exports. */
interface BuiltServerEntryExports {
  contract?: unknown;
  pages?: unknown;
  navigation?: unknown;
  slotHosts?: unknown;
  contributions?: unknown;
}

/**
 * The exports of a freshly built server entry, evaluated anew (a process may build an app twice)
 * with a `require` from the app's folder: the renderer's packages it leaves external resolve as
 * they will beside the app server, wherever the build was written.
 */
function loadBuiltServerEntry(file: string, root: string): BuiltServerEntryExports {
  const module = { exports: {} as BuiltServerEntryExports };
  const factory = vm.compileFunction(
    fs.readFileSync(file, 'utf8'),
    ['exports', 'require', 'module', '__filename', '__dirname'],
    { filename: file },
  ) as CommonJsWrapper;
  factory(module.exports, createRequire(path.join(root, 'package.json')), module, file, path.dirname(file));
  return module.exports;
}

/** The version of the federation runtime's webpack glue this build tool compiles in. */
function federationBundlerRuntimeVersion(): string {
  return (
    JSON.parse(fs.readFileSync(require.resolve(`${FEDERATION_BUNDLER_RUNTIME_SHARE}/package.json`), 'utf8')) as {
      version: string;
    }
  ).version;
}

/** The version of the federation runtime this build tool compiles in (its package exports no package.json). */
function federationRuntimeVersion(): string {
  const entry = require.resolve(FEDERATION_RUNTIME_SHARE);
  return (
    JSON.parse(fs.readFileSync(path.join(path.dirname(entry), '..', 'package.json'), 'utf8')) as { version: string }
  ).version;
}

/**
 * What a built server entry and the app's package.json say: contract, shared singletons, pages
 * and, when the entry exports one, the app's navigation tree (the catalogue's categories).
 */
export function describeBuiltApp(
  app: AppName,
  root: string,
  serverEntryFile: string,
): Pick<AppManifest, 'contract' | 'shared' | 'pages' | 'navigation' | 'slotHosts' | 'contributions'> {
  const entry = loadBuiltServerEntry(serverEntryFile, root);
  const packageJson = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  const requireFromApp = createRequire(path.join(root, 'package.json'));
  const shared: AppManifest['shared'] = {};
  for (const [name, { requiredVersion }] of Object.entries(sharedDependencies(packageJson.dependencies))) {
    if (name.endsWith('/')) continue; // deep imports share the package's singleton
    const installed = JSON.parse(fs.readFileSync(requireFromApp.resolve(`${name}/package.json`), 'utf8')) as {
      version: string;
    };
    shared[name] = { version: installed.version, requiredVersion };
  }
  // The shell provides the federation runtime it is built with; a remote's production build
  // requires it (create-app-config.ts): the API between them is the runtime's, so a patch range.
  const runtimeVersion = federationRuntimeVersion();
  shared[FEDERATION_RUNTIME_SHARE] = { version: runtimeVersion, requiredVersion: `~${runtimeVersion}` };
  // Its glue to webpack likewise (the same release of the same project, versioned with it).
  const bundlerVersion = federationBundlerRuntimeVersion();
  shared[FEDERATION_BUNDLER_RUNTIME_SHARE] = { version: bundlerVersion, requiredVersion: `~${bundlerVersion}` };
  const described = parseAppManifest({
    app,
    contract: entry.contract,
    shared,
    pages: app === 'shell' ? [] : (entry.pages as PageRoute[]),
    ...(app !== 'shell' && entry.navigation !== undefined ? { navigation: entry.navigation } : {}),
    // The extension slots its pages render and those it fills elsewhere (the shell fills none).
    ...(entry.slotHosts !== undefined ? { slotHosts: entry.slotHosts } : {}),
    ...(app !== 'shell' && entry.contributions !== undefined ? { contributions: entry.contributions } : {}),
    serverEntry: null,
  });
  const { contract, pages, navigation, slotHosts, contributions } = described;
  return {
    contract,
    shared: described.shared,
    pages,
    ...(navigation ? { navigation } : {}),
    ...(slotHosts ? { slotHosts } : {}),
    ...(contributions ? { contributions } : {}),
  };
}

/**
 * `groups` are the browser build's named chunk groups (`chunkGroupsOf` its stats): the scripts of
 * the chunks the pages name are recorded (a page naming a chunk the build does not have is refused
 * here, not found missing by the app server), and what a cold visit to each page kind downloads.
 */
export function writeAppManifest(
  app: AppName,
  root: string,
  options: { dist?: string; groups?: ChunkGroups } = {},
): AppManifest {
  const { dist = path.join(root, 'dist'), groups = { files: {}, entries: [] } } = options;
  const serverEntry = 'server/index.js';
  const described = describeBuiltApp(app, root, path.join(dist, serverEntry));
  const pageChunks: Record<string, string[]> = {};
  for (const { path: pagePath, chunk } of described.pages) {
    if (!chunk) continue;
    const files = groups.files[chunk]?.filter((file) => file.endsWith('.js'));
    if (!files?.length)
      throw new Error(
        `${app}: the page ${pagePath} names the chunk "${chunk}", which the browser build does not have (is its import's webpackChunkName "${chunk}"?)`,
      );
    pageChunks[chunk] = files;
  }
  const manifest = parseAppManifest({
    app,
    ...described,
    ...(Object.keys(pageChunks).length ? { chunks: pageChunks } : {}),
    serverEntry,
    ...(groups.entries.length
      ? {
          weights: pageWeights(
            dist,
            groups,
            described.pages,
            app === 'shell',
            (described.contributions ?? []).map(({ slot }) => slot),
          ),
        }
      : {}),
  });
  fs.writeFileSync(path.join(dist, APP_MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}
