import { createRemoteLifecycles } from '@steel/shared';
import css from './styles.css';
import { BlogRoot } from './blog-root';

export const { bootstrap, mount, unmount } = createRemoteLifecycles({ app: 'blog', css, Root: BlogRoot });
