import { Link } from '@steel/shared';
import { articleListHref } from '../api/article-queries';

const chip =
  'inline-flex min-h-11 items-center rounded-full border border-slate-300 px-4 text-sm aria-[current=page]:border-primary-700 aria-[current=page]:bg-primary-700 aria-[current=page]:text-white dark:border-slate-600';

/** The tag filter: links, so the tag is in the URL and back/forward restore it. */
export function TagFilter({ tags, current }: { tags: string[]; current: string | null }) {
  return (
    <nav aria-label="فیلتر برچسب" className="mb-6">
      <ul className="flex flex-wrap gap-2">
        <li>
          <Link to={articleListHref({})} aria-current={current ? undefined : 'page'} className={chip}>
            همه مقالات
          </Link>
        </li>
        {tags.map((tag) => (
          <li key={tag}>
            <Link to={articleListHref({ tag })} aria-current={tag === current ? 'page' : undefined} className={chip}>
              {tag}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
