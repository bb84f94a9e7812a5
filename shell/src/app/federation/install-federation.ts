import { registerPlugins } from '@module-federation/enhanced/runtime';
import federationErrorPlugin from '../../features/chunk-errors/federation-error-plugin';
import { remoteScriptPlugin } from './remote-script-plugin';

/**
 * The shell's Module Federation runtime plugins, registered in one place before any remote loads:
 * failed loads reach the chunk-error handling; a remote's entry and manifest are loaded with the
 * digests they were published with, and a hung entry fails within the shell's limit.
 */
export function installFederationPlugins(remoteLoadTimeoutMs: number): void {
  registerPlugins([federationErrorPlugin(), remoteScriptPlugin(remoteLoadTimeoutMs)]);
}
