import { registerPlugins } from '@module-federation/enhanced/runtime';
import federationErrorPlugin from '../../features/chunk-errors/federation-error-plugin';
import { remoteScriptPlugin } from './remote-script-plugin';
import { provideRuntimeCore } from './provide-runtime-core';

/**
 * The shell's Module Federation runtime, set up in one place before any remote loads: the remotes
 * share its runtime; failed loads reach the chunk-error handling; a remote's entry and manifest
 * are loaded with the digests they were published with, and a hung entry fails within the
 * shell's limit.
 */
export function installFederationPlugins(remoteLoadTimeoutMs: number): void {
  provideRuntimeCore();
  registerPlugins([federationErrorPlugin(), remoteScriptPlugin(remoteLoadTimeoutMs)]);
}
