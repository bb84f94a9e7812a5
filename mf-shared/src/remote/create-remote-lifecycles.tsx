import { installChunkLoadGuard } from '../runtime/chunk-load-guard';
import { remoteLifecycles, type RemoteDescription } from '@steel/shared/remote-core';

/**
 * A remote's single-spa lifecycles (remote-lifecycles.tsx) from its description, with the
 * chunk-load guard of the app that calls this: this function is compiled into each app, so
 * `installChunkLoadGuard` wraps that app's webpack runtime even when the lifecycles themselves are
 * another remote's shared copy.
 */
export function createRemoteLifecycles(remote: RemoteDescription) {
  return remoteLifecycles({ ...remote, guardChunkLoads: installChunkLoadGuard });
}
