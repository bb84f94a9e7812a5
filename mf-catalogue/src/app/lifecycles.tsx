import { createRemoteLifecycles } from '@steel/shared';
import { CatalogueRoot } from './catalogue-root';
import { cataloguePages } from './page-definitions';

export const { bootstrap, mount, unmount, prefetchPage } = createRemoteLifecycles({
  app: 'catalogue',
  // In a chunk of its own: a server-rendered page has the stylesheet in its head already.
  css: () => import(/* webpackChunkName: "styles" */ './styles.css'),
  Root: CatalogueRoot,
  pages: cataloguePages,
});
