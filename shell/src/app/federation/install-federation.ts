import { registerPlugins } from '@module-federation/enhanced/runtime';
import { installRetryPastCache } from '@steel/shared';
import federationErrorPlugin from '../../features/chunk-errors/federation-error-plugin';
import { remoteScriptPlugin } from './remote-script-plugin';
import { provideRuntimeCore } from './provide-runtime-core';

/**
 * The shell's Module Federation runtime, set up in one place before any remote loads: the remotes
 * share its runtime; failed loads reach the chunk-error handling; a remote's entry and federation manifest
 * are loaded with the digests they were published with, and a hung entry fails within the
 * shell's limit; a script (entry or chunk, of any app) that failed is asked for past the
 * browser's cache on the next try.
 */
export function installFederationPlugins(remoteLoadTimeoutMs: number): void {
  provideRuntimeCore();
  installRetryPastCache();
  registerPlugins([federationErrorPlugin(), remoteScriptPlugin(remoteLoadTimeoutMs)]);
}
