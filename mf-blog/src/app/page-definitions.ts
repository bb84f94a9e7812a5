import type { PageDefinition } from '@steel/shared';
import { articleListPage } from '../features/articles/article-list-page';
import { articlePage } from '../features/articles/article-page';

/**
 * Every page of the blog, listed once: the browser's routes, the server's render and the page
 * list the build publishes (the shell routes `/blog/**` here because of it) all read this.
 */
export const blogPages: PageDefinition[] = [articleListPage, articlePage];
