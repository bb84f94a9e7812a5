import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * Module Federation runtime plugin: a remote's entry script gets the shell's time limit instead of
 * the runtime's 20 s. On timeout the runtime removes the hung <script> and forgets the pending load,
 * so a retry after the files come back requests them afresh (with the hung element still in the
 * page, the runtime would reattach to it and wait again).
 */
export function remoteLoadTimeoutPlugin(timeoutMs: number): ModuleFederationRuntimePlugin {
  return {
    name: 'steel-remote-load-timeout',
    createScript() {
      return timeoutMs > 0 ? { timeout: timeoutMs } : undefined;
    },
  };
}
