// First: zod's eval probe off before any schema module runs (the CSP allows no eval).
import '@steel/shared/zod-without-eval';
import { createRemoteLifecycles } from '@steel/shared';
import { remote } from './remote';

export const { bootstrap, mount, unmount, prefetchPage } = createRemoteLifecycles(remote);
