import { PageRoutes } from '@steel/shared';
import { blogPages } from './page-definitions';

/** `/blog` and `/blog/{slug}`; any other path renders nothing (the shell is about to unmount us). */
export function BlogRoot() {
  return (
    <div data-app="blog" className="mx-auto w-full max-w-5xl px-4 py-6">
      <PageRoutes pages={blogPages} />
    </div>
  );
}
