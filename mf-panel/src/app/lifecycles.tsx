// First: zod's eval probe off before any schema module runs (the CSP allows no eval).
import '@steel/shared/zod-without-eval';
import { createRemoteLifecycles } from '@steel/shared';
import css from './styles.css';
import { PanelRoot } from './panel-root';
import { signInPages } from './pages';

export const { bootstrap, mount, unmount } = createRemoteLifecycles({ app: 'panel', css, Root: PanelRoot, pages: signInPages });
