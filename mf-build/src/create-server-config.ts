/**
 * The server entry of an app (docs/architecture.md, "How a page reaches the screen"): the same source as the client build, built for
 * Node into `dist/server/index.js`, so it is published in the same immutable version folder.
 *
 * React, react-dom, react-router and TanStack Query are external: the app server's render worker
 * provides them once (the renderer's copy), so a QueryClient made per request and the context
 * the app's hooks read are one and the same, and no app bundles React twice. Everything else
 * (the kernel, lucide, markdown) is bundled, so the folder needs nothing beside it.
 */
import path from 'node:path';
import type { Configuration, RuleSetRule } from 'webpack';
import { createAppConfig, type AppName } from './create-app-config';
import { publicPathPlaceholder } from '@steel/contract';

/** Modules the renderer provides to every server entry. */
export const RENDERER_PROVIDED = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/server',
  'react-router',
  '@tanstack/react-query',
] as const;

export function createServerConfig({ app, root }: { app: AppName; root: string }): Configuration {
  const client = createAppConfig({ app, root, mode: 'production' });
  const rules = (client.module?.rules ?? []).map((rule) => {
    const assetRule = rule as RuleSetRule;
    // The client build already emitted the files; the server only needs their URLs.
    return assetRule.type === 'asset/resource' ? { ...assetRule, generator: { emit: false } } : rule;
  });
  return {
    mode: 'production',
    context: root,
    target: 'node20',
    entry: { index: './src/server' },
    devtool: false,
    output: {
      path: path.join(root, 'dist/server'),
      filename: '[name].js',
      library: { type: 'commonjs2' },
      // Asset URLs in server HTML: the server puts the app's version folder in place of this.
      publicPath: publicPathPlaceholder(app),
      // Same file names as the client build, so an image's URL is the same on both sides.
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      clean: true,
    },
    resolve: client.resolve,
    module: { rules },
    externals: Object.fromEntries(RENDERER_PROVIDED.map((name) => [name, `commonjs ${name}`])),
    // Readable stack traces in the server's log matter more than bytes here.
    optimization: { minimize: false, splitChunks: false },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}
