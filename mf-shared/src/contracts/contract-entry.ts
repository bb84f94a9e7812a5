/**
 * `@steel/shared/contract`: the versioned contract and the manifest schemas, for Node code (the
 * app server, the deploy gate, the build) that must not pull the kernel's browser modules.
 */
export * from './contract';
export * from './app-manifest';
export * from './app-manifest-schema';
export * from './route-rule';
export * from './query-parameters';
export * from './integrity';
export * from './federation-manifest';
export { publicPathPlaceholder } from './public-path';
export type { LiveSetNotice, RemoteFailureKind, RemoteName, VersionManifest } from './remotes';
export {
  LIVE_EVENTS_PATH,
  REMOTE_FAILURE_KINDS,
  REMOTE_FAILURE_REPORT_PATH,
  REMOTE_NAME_RE,
  RESERVED_REMOTE_NAMES,
} from './remotes';
