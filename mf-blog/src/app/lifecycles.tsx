import { createRemoteLifecycles } from '@steel/shared';
import { BlogRoot } from './blog-root';
import { blogPages } from './page-definitions';

export const { bootstrap, mount, unmount, prefetchPage } = createRemoteLifecycles({
  app: 'blog',
  // In a chunk of its own: a server-rendered page has the stylesheet in its head already.
  css: () => import(/* webpackChunkName: "styles" */ './styles.css'),
  Root: BlogRoot,
  pages: blogPages,
});
