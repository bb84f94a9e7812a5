import { createRemoteLifecycles } from '@steel/shared';
import css from './styles.css';
import { BlogRoot } from './blog-root';
import { blogPages } from './pages';

export const { bootstrap, mount, unmount, prefetchPage } = createRemoteLifecycles({ app: 'blog', css, Root: BlogRoot, pages: blogPages });
