import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { reportFederationLoadError } from './chunk-error-channel';

/**
 * Module Federation runtime plugin (registered by `installFederationPlugins`): every failed load of a
 * remote's entry, federation manifest or exposed module is reported to the shell's chunk-error handling.
 * Both hooks return nothing, so the runtime still rejects and the caller shows its own failure.
 */
export default function federationErrorPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'steel-chunk-errors',
    errorLoadRemote(args) {
      reportFederationLoadError(args.error);
      return undefined;
    },
    loadEntryError(args) {
      // This hook carries no error; the same failure also reaches errorLoadRemote, so only a
      // marker is reported (the shell ignores repeats while a reload is under way).
      reportFederationLoadError(new Error(`Failed to load the entry of ${args.remoteInfo.name}`));
      return Promise.resolve(undefined);
    },
  };
}
