import { PageRoutes, type PageDefinition } from '@steel/shared';
import { articleListPage } from '../features/articles/article-list-page';
import { articlePage } from '../features/articles/article-page';

/** Every page of the blog: the browser's routes and the server's render read this one list. */
export const blogPages: PageDefinition[] = [articleListPage, articlePage];

/** `/blog` and `/blog/{slug}`; any other path renders nothing (the shell is about to unmount us). */
export function BlogRoot() {
  return (
    <div data-app="blog" className="mx-auto w-full max-w-5xl px-4 py-6">
      <PageRoutes pages={blogPages} />
    </div>
  );
}
