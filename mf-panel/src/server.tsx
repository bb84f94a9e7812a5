/**
 * The panel's server entry, built for Node beside the client build: the contract it was built
 * against, its page list (every page, for the shell to route by) and the render of its public
 * sign-in pages; its private pages are rendered in the browser only.
 */
import { hostedSlots } from '@steel/contract';
import { createRemoteServerEntry } from '@steel/shared/server';
import { remote } from './app/remote';

export const { contract, pages, render, slotHosts } = createRemoteServerEntry(remote, {
  // Other teams' cards on the dashboard (rendered in the browser, like every private page).
  slotHosts: hostedSlots('panel.dashboard'),
});
