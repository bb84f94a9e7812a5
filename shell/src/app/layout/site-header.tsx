import { ChevronDown, UserRound } from 'lucide-react';
import { Link, Slot, useSessionUser } from '@steel/shared';
import { ColourModeSwitch } from '../../features/colour-mode/colour-mode-switch';
import { MenuDrawer } from './menu-drawer';
import { SearchButton } from '../../features/search/search-button';
import { HeaderSalesContact } from '../../features/sales-contact/sales-contact-entry';
import { useSiteNavigation } from './site-navigation';

/**
 * Site header. Narrow screens (below `md`): one sticky 56 px row — brand, search, account, and
 * the menu drawer with the categories, the other pages, the sales contact and the colour mode. Wide
 * screens: brand, the sales contact (opened on a press), colour mode, account, and the live apps' header menus — the
 * catalogue's categories with their groups (open on hover and on focus).
 */
export function SiteHeader({ currentPath }: { currentPath: string }) {
  const user = useSessionUser();
  const { header } = useSiteNavigation();
  const accountLabel = user ? 'پنل کاربری' : 'ورود / ثبت‌نام';
  return (
    // Sticky on phones: it stays in the flow, so nothing shifts when it sticks.
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white md:static dark:border-slate-800 dark:bg-slate-900">
      <div className="mx-auto flex h-14 max-w-7xl items-center justify-between gap-2 ps-3 pe-1 md:h-auto md:gap-4 md:px-4 md:py-3">
        <Link
          to="/"
          className="inline-flex min-h-11 items-center whitespace-nowrap text-lg font-extrabold text-hfcolor md:text-xl dark:text-primary-300"
        >
          بازار آهن‌آلات
        </Link>
        <div className="flex items-center gap-0.5 md:gap-3">
          {/* The sales phone and messengers, asked of the CMS when opened. */}
          <HeaderSalesContact currentPath={currentPath} />
          {/* Mounted once: it owns the palette and its keyboard shortcuts (Ctrl+K, /). */}
          <SearchButton />
          <div className="hidden md:block">
            <ColourModeSwitch />
          </div>
          {/* Other apps' counters (an inquiry basket): each its own React root, empty when none is live. */}
          <Slot name="header.counter" props={{}} className="flex items-center empty:hidden" />
          <Link
            to={user ? '/panel' : '/login'}
            // The label names the link on phones too, where only the icon shows.
            className="inline-flex size-11 items-center justify-center gap-2 rounded-md text-primary-700 hover:bg-primary-50 md:size-auto md:border md:border-primary-600 md:px-3 md:py-1.5 md:text-sm md:font-medium dark:text-primary-300 dark:hover:bg-slate-800"
          >
            <UserRound aria-hidden="true" className="size-5 md:size-4" />
            <span className="sr-only md:not-sr-only">{accountLabel}</span>
          </Link>
          <MenuDrawer currentPath={currentPath} />
        </div>
      </div>
      <nav aria-label="دسته‌بندی محصولات" className="mx-auto hidden max-w-7xl px-4 md:block">
        <ul className="flex flex-wrap gap-x-1 text-sm">
          {header.map((item) => (
            <li key={item.path} className="group relative">
              <Link
                to={item.path}
                className="inline-flex items-center gap-1 rounded-t-md px-3 py-2 font-medium text-slate-700 hover:bg-slate-100 hover:text-primary-700 dark:text-slate-200 dark:hover:bg-slate-800"
              >
                {item.label}
                {item.children.length > 0 && <ChevronDown aria-hidden="true" className="size-3.5" />}
              </Link>
              {item.children.length > 0 && (
                // Opens on hover and on keyboard focus (Tab from the category walks its groups).
                <ul className="invisible absolute start-0 top-full z-20 min-w-44 rounded-b-md border border-slate-200 bg-white py-1 opacity-0 shadow-lg transition group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100 dark:border-slate-700 dark:bg-slate-900">
                  {item.children.map((child) => (
                    <li key={child.path}>
                      <Link
                        to={child.path}
                        className="block px-4 py-2 text-slate-700 hover:bg-primary-50 hover:text-primary-800 dark:text-slate-200 dark:hover:bg-slate-800"
                      >
                        {child.label}
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
