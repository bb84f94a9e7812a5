/**
 * `@steel/contract`: everything that crosses an app boundary, versioned by CONTRACT_VERSION
 * (docs/architecture.md, "Contracts between apps"). Node code (the app server, the deploy gate,
 * the build) and every app read it; it pulls no React and no browser module.
 */
export * from './contract';
export * from './app-manifest';
export * from './app-manifest-schema';
export * from './route-rule';
export * from './app-server-paths';
export * from './query-parameters';
export * from './printable-pages';
export * from './integrity';
export * from './federation-manifest';
export * from './public-path';
export * from './remotes';
export * from './errors';
export * from './events';
export * from './runtime-config';
export * from './user';
export * from './customer';
export * from './server-render';
export * from './page-head';
export * from './bots';
export * from './embedded-page';
export * from './slots';
