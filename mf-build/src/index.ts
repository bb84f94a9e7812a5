/**
 * `@steel/build`: how every app is built — the webpack and federation configuration, the CSS
 * pipeline (Tailwind, scoped remote styles), the type check and the app-manifest writer. The
 * monorepo's scripts and an app built on its own use this one copy.
 */
export { buildApp, run, typecheck, BASE_TSCONFIG } from './build-app';
export { chunkGroupsOf, chunkNameOf, pageWeights, type ChunkGroups } from './page-weights';
export { createAppConfig, COMPILED_PACKAGES, type AppConfigOptions, type AppName } from './create-app-config';
export { createServerConfig, RENDERER_PROVIDED } from './create-server-config';
export { describeBuiltApp, writeAppManifest } from './app-manifest';
export { sharedDependencies } from './shared-dependencies';
export { scopeRemoteCss } from './scope-remote-css';
