/** The blog's server entry: built for Node beside the client build (docs/architecture.md, "How a page reaches the screen"). */
import { createRemoteServerEntry } from '@steel/shared/server';
import css from './app/styles.css';
import { BlogRoot, blogPages } from './app/blog-root';

export const render = createRemoteServerEntry({ app: 'blog', css, Root: BlogRoot, pages: blogPages });
