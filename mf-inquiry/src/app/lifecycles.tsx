import { createRemoteLifecycles } from '@steel/shared';
import { InquiryRoot } from './inquiry-root';
import { inquiryPages } from './page-definitions';

export const { bootstrap, mount, unmount, prefetchPage } = createRemoteLifecycles({
  app: 'inquiry',
  css: () => import(/* webpackChunkName: "styles" */ './styles.css'),
  Root: InquiryRoot,
  pages: inquiryPages,
});
