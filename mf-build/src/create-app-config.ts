/**
 * One webpack configuration for every app (the shell and the three remotes), so that the
 * federation settings that must agree between independently deployed apps live in one place.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ExternalsPlugin, type Configuration } from 'webpack';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import MinimizerPlugin from 'minimizer-webpack-plugin';
import tailwindcss from '@tailwindcss/postcss';
import { federationShared, remoteCoreShared } from './shared-dependencies';
import { kitCodeDigest } from './kit-code-digest';
import { scopeRemoteCss } from './scope-remote-css';
import { RemoteIntegrityPlugin } from './remote-integrity-plugin';
// The pre-paint colour-mode script is generated from the kernel's own resolution rule (docs/behaviour.md, "Colour mode").
import { colourModeHeadScript } from '@steel/shared/colour-mode-script';
import {
  FEDERATION_BUNDLER_RUNTIME_GLOBAL,
  FEDERATION_BUNDLER_RUNTIME_PARTS,
  FEDERATION_RUNTIME_GLOBAL,
  FEDERATION_RUNTIME_SHARE,
  publicPathPlaceholder,
  type RemoteName,
} from '@steel/contract';

/** `shell` or a remote's name. */
export type AppName = RemoteName;

export interface AppConfigOptions {
  app: AppName;
  /** The app's package folder. */
  root: string;
  mode: 'production' | 'development';
}

/**
 * Loaders are resolved from this package, not from the app's folder: an app built outside the
 * monorepo gets them as this package's dependencies, wherever npm put them.
 */
const loader = (name: string) => require.resolve(name);

/** Where the federation runtime's webpack glue lives, and its modules the shell provides. */
const BUNDLER_RUNTIME_DIST = /[\\/]@module-federation[\\/]webpack-bundler-runtime[\\/]dist$/;
const BUNDLER_RUNTIME_PART_REQUESTS = new Set(FEDERATION_BUNDLER_RUNTIME_PARTS.map((part) => `./${part}.js`));

/**
 * TypeScript is compiled everywhere except in node_modules, with two exceptions: the contract
 * (@steel/contract) and the kit (@steel/shared) are shipped as their TypeScript source, so an app
 * that installed them from their packed tarballs compiles them exactly as the monorepo does (where
 * they are symlinks to mf-contract/ and mf-shared/).
 */
export const COMPILED_PACKAGES = /node_modules[\\/](?!@steel[\\/](contract|shared)[\\/])/;

/**
 * React Router's production build, as the app resolves the package: the same code as its
 * development build with the dev warnings off. Its exports map offers only the development build,
 * whose warnings the minifier cannot drop. An app without React Router gets no alias.
 */
function reactRouterProductionAlias(root: string): Record<string, string> {
  try {
    const packageJson = require.resolve('react-router/package.json', { paths: [root] });
    return { 'react-router$': path.join(path.dirname(packageJson), 'dist/production/index.mjs') };
  } catch {
    return {};
  }
}

export function createAppConfig({ app, root, mode }: AppConfigOptions): Configuration {
  const isShell = app === 'shell';
  const isProduction = mode === 'production';
  const packageJson = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  const kitVersion = packageJson.dependencies['@steel/shared']?.replace(/^[\^~]/, '');

  return {
    mode,
    context: root,
    // The shell's `main` and a remote's dev harness are the only entries; a remote's real entry is
    // its remoteEntry.js, added by the federation plugin.
    entry: isShell ? { main: './src/index.ts' } : isProduction ? {} : { harness: './src/dev/harness.tsx' },
    devtool: isProduction ? 'source-map' : 'eval-cheap-module-source-map',
    output: {
      path: path.join(root, 'dist'),
      // Remotes resolve their chunks relative to their own entry, wherever a deploy put it.
      publicPath: 'auto',
      uniqueName: app,
      // Entry names stay stable (federation cannot hash them); lazy chunks are content-hashed and immutable.
      filename: '[name].js',
      chunkFilename: isProduction ? '[name].[contenthash:8].js' : '[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      // A lazy chunk that hangs fails like the remote's entry does (docs/architecture.md, "Failure stays
      // contained"), not after webpack's 120 s.
      chunkLoadTimeout: 8000,
      // A chunk on another origin (a remote's asset origin) is requested with CORS: Subresource
      // Integrity needs it there (remote-integrity-plugin.ts).
      crossOriginLoading: 'anonymous',
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.mjs', '.json'],
      alias: isProduction ? reactRouterProductionAlias(root) : {},
    },
    module: {
      rules: [
        {
          test: /\.[cm]?tsx?$/,
          exclude: COMPILED_PACKAGES,
          use: {
            loader: loader('swc-loader'),
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: { react: { runtime: 'automatic', development: !isProduction } },
                target: 'es2022',
              },
            },
          },
        },
        isShell
          ? {
              // The shell's stylesheet (theme, preflight, layout) is a real file linked from index.html,
              // so the first paint is styled.
              test: /\.css$/,
              use: [
                MiniCssExtractPlugin.loader,
                { loader: loader('css-loader'), options: { importLoaders: 1 } },
                {
                  loader: loader('postcss-loader'),
                  options: { postcssOptions: { config: false, plugins: [tailwindcss()] } },
                },
              ],
            }
          : {
              // A remote's stylesheet is a string its lifecycles insert on mount and remove on unmount,
              // so a remote's CSS never outlives it on the page (docs/architecture.md, "Look and language").
              test: /\.css$/,
              use: [
                // No source map: css-loader would ship one inside the string (and base64-encode it in
                // the browser at load time), on the critical path of every server-rendered page.
                {
                  loader: loader('css-loader'),
                  options: { importLoaders: 1, exportType: 'string', url: false, sourceMap: false },
                },
                {
                  loader: loader('postcss-loader'),
                  options: { postcssOptions: { config: false, plugins: [tailwindcss(), scopeRemoteCss({ app })] } },
                },
              ],
            },
        { test: /\.(woff2?|svg|png|webp)$/, type: 'asset/resource' },
      ],
    },
    plugins: [
      new RemoteIntegrityPlugin(),
      // One federation runtime per page: a remote's production build leaves it out and takes the
      // shell's from a global (shell/src/app/federation/provide-runtime-core.ts), ~18 KB gzip less
      // per remote. What federation's `experiments.externalRuntime` does, with the contract's name
      // for the global; not its `provideExternalRuntime` for the shell, which bundles the runtime a
      // second time (as CommonJS). A remote's dev build keeps its own: its harness is the host there.
      // The functions of the runtime's glue to webpack go the same way (~5 KB gzip less per remote
      // entry): the glue's own modules import them by relative path (`./remotes.js`).
      ...(!isShell && isProduction
        ? [
            new ExternalsPlugin('global', [
              { [FEDERATION_RUNTIME_SHARE]: FEDERATION_RUNTIME_GLOBAL },
              ({ context, request }, callback) =>
                context && BUNDLER_RUNTIME_DIST.test(context) && BUNDLER_RUNTIME_PART_REQUESTS.has(request ?? '')
                  ? callback(undefined, FEDERATION_BUNDLER_RUNTIME_GLOBAL)
                  : callback(),
            ]),
          ]
        : []),
      new ModuleFederationPlugin({
        name: app,
        ...(isShell
          ? {
              // No build-time remotes: the shell finds them at run time in /remotes.json; its runtime
              // plugins are registered at start (shell/src/app/federation/install-federation.ts).
              remotes: {},
            }
          : {
              filename: 'remoteEntry.js',
              exposes: {
                './app': './src/app/lifecycles.tsx',
                // A remote that fills other apps' extension slots (docs/architecture.md, "Extension slots").
                ...(fs.existsSync(path.join(root, 'src', 'slots.tsx')) ? { './slots': './src/slots.tsx' } : {}),
              },
            }),
        manifest: !isShell,
        dts: false,
        // Browser code only: the runtime's Node paths (loading a remote with fetch and vm) left out.
        experiments: { optimization: { target: 'web' } },
        shared: {
          ...federationShared(packageJson.dependencies),
          ...(!isShell && kitVersion ? remoteCoreShared(kitVersion, kitCodeDigest(root)) : {}),
        },
      }),
      ...(isShell
        ? [
            new MiniCssExtractPlugin({ filename: isProduction ? '[name].[contenthash:8].css' : '[name].css' }),
            new HtmlWebpackPlugin({
              template: path.join(root, 'src/index.html'),
              publicPath: isProduction ? publicPathPlaceholder('shell') : '/',
              scriptLoading: 'defer',
              // Merged with html-webpack-plugin's defaults; index.html inlines it in <head>.
              templateParameters: { colourModeHeadScript: colourModeHeadScript() },
              inject: 'body',
              minify: false,
            }),
          ]
        : isProduction
          ? []
          : [
              new HtmlWebpackPlugin({
                template: path.join(__dirname, 'harness.html'),
                chunks: ['harness'],
                publicPath: '/',
              }),
            ]),
    ],
    optimization: {
      // Only other packages go to vendor chunks: the contract and the kit are split as the app's
      // own source, so an app built from their tarballs gets the chunks the monorepo's build gets
      // (webpack's default test, any node_modules path, put the kit in one chunk with the libraries
      // it pulls in there). Otherwise webpack's default vendor group.
      splitChunks: {
        cacheGroups: {
          defaultVendors: { test: COMPILED_PACKAGES, idHint: 'vendors', priority: -10, reuseExistingChunk: true },
          // A contributor's slot parts (`slot-*` chunks, `lazyContribution`) are small and share
          // most of their code (a store, icons): what two of them use goes to a chunk of its own,
          // however small, instead of a copy in each, so a page hosting three slots pays for it once.
          slotParts: {
            chunks: (chunk) => chunk.name?.startsWith('slot-') ?? false,
            minChunks: 2,
            minSize: 0,
            priority: 0,
            reuseExistingChunk: true,
          },
        },
      },
      minimize: isProduction,
      minimizer: [
        new MinimizerPlugin({
          minify: { implementation: MinimizerPlugin.swcMinify, options: {} },
          extractComments: false,
        }),
      ],
    },
    performance: { hints: false },
    stats: 'errors-warnings',
    // Module Federation's manifest plugin (mf-manifest.json) logs a warning for publicPath 'auto', which is deliberate here.
    infrastructureLogging: { level: 'error' },
  };
}
