/**
 * The blog's server entry, built for Node beside the client build: the contract it was built
 * against, its page list and its render (docs/architecture.md, "How a page reaches the screen").
 */
import { createRemoteServerEntry } from '@steel/shared/server';
import { remote } from './app/remote';

export const { contract, pages, render } = createRemoteServerEntry(remote);
