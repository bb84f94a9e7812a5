import { Link, categories } from '@steel/shared';

/** The ten categories as a grid; sheet and pipe show their groups as direct links. */
export function CategoryGrid() {
  return (
    <ul aria-label="فهرست دسته‌بندی‌ها" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
      {categories.map((category) => (
        <li key={category.slug} className="flex flex-col rounded-lg border border-slate-200 bg-white p-3 dark:border-slate-700 dark:bg-slate-900">
          <Link to={`/${category.slug}`} className="flex min-h-11 items-center text-base font-semibold text-primary-800 hover:underline dark:text-primary-300">
            {category.titleFa}
          </Link>
          {category.groups.length > 0 && (
            <ul aria-label={`گروه‌های ${category.titleFa}`} className="mt-1 flex flex-col text-sm">
              {category.groups.map((group) => (
                <li key={group.slug}>
                  <Link to={`/${category.slug}/${group.slug}`} className="flex min-h-9 items-center text-slate-700 hover:underline dark:text-slate-300">
                    {group.titleFa}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ul>
  );
}
