import { createRemoteLifecycles } from '@steel/shared';
import { remote } from './remote';

export const { bootstrap, mount, unmount, prefetchPage } = createRemoteLifecycles(remote);
