/**
 * `@steel/shared/contract`: the versioned contract and the manifest schemas, for Node code (the
 * app server, the deploy gate, the build) that must not pull the kernel's browser modules.
 */
export * from './contract';
export * from './app-manifest';
export * from './path-patterns';
export type { RemoteName, VersionManifest } from './remotes';
export { REMOTE_NAMES } from './remotes';
