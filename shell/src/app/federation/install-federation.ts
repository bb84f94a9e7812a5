import { registerPlugins } from '@module-federation/enhanced/runtime';
import federationErrorPlugin from '../../features/chunk-errors/federation-error-plugin';
import { remoteLoadTimeoutPlugin } from '../../features/load-timeouts/remote-load-timeout-plugin';

/**
 * The shell's Module Federation runtime plugins, registered in one place before any remote loads:
 * failed loads reach the chunk-error handling, and a hung entry fails within the shell's limit.
 */
export function installFederationPlugins(remoteLoadTimeoutMs: number): void {
  registerPlugins([federationErrorPlugin(), remoteLoadTimeoutPlugin(remoteLoadTimeoutMs)]);
}
