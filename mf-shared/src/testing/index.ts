/**
 * `@steel/shared/testing`: everything needed to mount one remote alone — in a test or in the dev
 * harness of `npm run dev -w <remote>`. Not part of the public runtime API (`@steel/shared`):
 * only tests and the remotes' harness entries import it, so production bundles never hold it.
 */
export * from './fakes';
export { mountRemoteAlone, startDevHarness } from './dev-harness';
