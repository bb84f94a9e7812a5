import { ChevronDown, UserRound } from 'lucide-react';
import { Link, categoryMenu, useSessionUser } from '@steel/shared';
import { ColourModeSwitch } from '../../features/colour-mode/colour-mode-switch';
import { SearchButton } from '../../features/search/search-button';

/** Site header: brand, the ten categories with their groups, the account entry. */
export function SiteHeader() {
  const user = useSessionUser();
  return (
    <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3">
        <Link to="/" className="whitespace-nowrap text-xl font-extrabold text-hfcolor dark:text-primary-300">
          بازار آهن‌آلات
        </Link>
        <div className="flex items-center gap-3">
          <SearchButton />
          <ColourModeSwitch />
          <Link
            to={user ? '/panel' : '/login'}
            className="inline-flex items-center gap-2 rounded-md border border-primary-600 px-3 py-1.5 text-sm font-medium text-primary-700 hover:bg-primary-50 dark:text-primary-300 dark:hover:bg-slate-800"
          >
            <UserRound aria-hidden="true" className="size-4" />
            {user ? 'پنل کاربری' : 'ورود / ثبت‌نام'}
          </Link>
        </div>
      </div>
      <nav aria-label="دسته‌بندی محصولات" className="mx-auto max-w-7xl px-4">
        <ul className="flex flex-wrap gap-x-1 text-sm">
          {categoryMenu.map((category) => (
            <li key={category.slug} className="group relative">
              <Link
                to={`/${category.slug}`}
                className="inline-flex items-center gap-1 rounded-t-md px-3 py-2 font-medium text-slate-700 hover:bg-slate-100 hover:text-primary-700 dark:text-slate-200 dark:hover:bg-slate-800"
              >
                {category.titleFa}
                {category.groups.length > 0 && <ChevronDown aria-hidden="true" className="size-3.5" />}
              </Link>
              {category.groups.length > 0 && (
                <ul className="invisible absolute start-0 top-full z-20 min-w-44 rounded-b-md border border-slate-200 bg-white py-1 opacity-0 shadow-lg transition group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100 dark:border-slate-700 dark:bg-slate-900">
                  {category.groups.map((group) => (
                    <li key={group.slug}>
                      <Link
                        to={`/${category.slug}/${group.slug}`}
                        className="block px-4 py-2 text-slate-700 hover:bg-primary-50 hover:text-primary-800 dark:text-slate-200 dark:hover:bg-slate-800"
                      >
                        {group.titleFa}
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
