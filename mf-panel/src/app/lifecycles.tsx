// First: zod's eval probe off before any schema module runs (the CSP allows no eval).
import '@steel/shared/zod-without-eval';
import { createRemoteLifecycles } from '@steel/shared';
import { PanelRoot } from './panel-root';
import { signInPages } from './page-definitions';

export const { bootstrap, mount, unmount } = createRemoteLifecycles({
  app: 'panel',
  // In a chunk of its own: a server-rendered page has the stylesheet in its head already.
  css: () => import(/* webpackChunkName: "styles" */ './styles.css'),
  Root: PanelRoot,
  pages: signInPages,
});
