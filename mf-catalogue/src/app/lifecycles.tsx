import { createRemoteLifecycles } from '@steel/shared';
import css from './styles.css';
import { CatalogueRoot } from './catalogue-root';

export const { bootstrap, mount, unmount } = createRemoteLifecycles({ app: 'catalogue', css, Root: CatalogueRoot });
