// First: zod's eval probe off before any schema module runs (the CSP allows no eval).
import '@steel/shared/zod-without-eval';
import { createRemoteLifecycles } from '@steel/shared';
import css from './styles.css';
import { CatalogueRoot } from './catalogue-root';
import { cataloguePages } from './pages';

export const { bootstrap, mount, unmount, prefetchPage } = createRemoteLifecycles({ app: 'catalogue', css, Root: CatalogueRoot, pages: cataloguePages });
