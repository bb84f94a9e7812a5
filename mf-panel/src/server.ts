/**
 * The panel's server entry. Its pages are private and rendered in the browser, so it has no
 * render: it publishes the contract it was built against and its page manifest, which the shell
 * and the app server route by.
 */
import { describeRemotePages } from '@steel/shared/server';
import { panelPages } from './app/pages';

export const { contract, pages } = describeRemotePages(panelPages);
