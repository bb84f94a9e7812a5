/**
 * The catalogue's server entry, built for Node beside the client build: the contract it was
 * built against, its page list and its render (docs/architecture.md, "How a page reaches the screen").
 */
import { hostedSlots } from '@steel/contract';
import { createRemoteServerEntry } from '@steel/shared/server';
import { remote } from './app/remote';
import { categoryNavigation } from './entities/category/category-navigation';

export const { contract, pages, render, slotHosts } = createRemoteServerEntry(remote, {
  // Other teams' components on the product page and in listing rows (an inquiry basket's button).
  slotHosts: hostedSlots('product.actions', 'listing.row'),
});

/** The category tree as the site's menus show it: the build writes it into the app manifest. */
export const navigation = categoryNavigation();
