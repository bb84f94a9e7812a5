import { useEffect, useRef } from 'react';
import {
  ClipboardList,
  CreditCard,
  LayoutDashboard,
  LogOut,
  MessagesSquare,
  Package,
  TrendingUp,
  UserRound,
} from 'lucide-react';
import { Link } from '@steel/shared';

/** The customer panel's sections (data/domain/persian-ui.md, "User panel"), beside the panel app in the auth layout. */
export const PANEL_LINKS = [
  // The dashboard is the panel's root: active on /panel itself only, not below it.
  { to: '/panel', label: 'داشبورد', Icon: LayoutDashboard, exact: true },
  { to: '/panel/order', label: 'سفارش‌ها', Icon: ClipboardList },
  { to: '/panel/ticket', label: 'تیکت‌ها', Icon: MessagesSquare },
  { to: '/panel/product', label: 'محصولات من', Icon: Package },
  { to: '/panel/bourse', label: 'بورس', Icon: TrendingUp },
  { to: '/panel/credit', label: 'اعتبار', Icon: CreditCard },
  { to: '/panel/profile', label: 'پروفایل', Icon: UserRound },
  { to: '/panel/logout', label: 'خروج', Icon: LogOut },
];

/**
 * Phones: one row of tabs that scrolls sideways inside itself (the section's content stays right
 * below it, never pushed under the fold); wide screens: a column beside the content.
 */
export function PanelNavigation({ currentPath }: { currentPath: string }) {
  const navigation = useRef<HTMLElement>(null);
  // On a phone the current section may sit past the row's edge: bring it into view.
  useEffect(() => {
    navigation.current?.querySelector('[aria-current="page"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [currentPath]);

  return (
    <nav ref={navigation} aria-label="بخش‌های پنل کاربری" className="-mx-4 md:mx-0 md:w-56 md:shrink-0">
      <ul className="flex gap-1 overflow-x-auto overscroll-x-contain border-b border-slate-200 px-4 md:flex-col md:overflow-visible md:border-0 md:px-0 dark:border-slate-800">
        {PANEL_LINKS.map(({ to, label, Icon, exact }) => {
          const path = currentPath.replace(/\/+$/, '') || '/';
          const active = path === to || (!exact && path.startsWith(`${to}/`));
          return (
            <li key={to} className="shrink-0">
              <Link
                to={to}
                aria-current={active ? 'page' : undefined}
                className={`flex min-h-11 items-center gap-2 rounded-md px-3 text-sm whitespace-nowrap md:min-h-0 md:py-2 ${
                  active
                    ? 'bg-primary-100 font-semibold text-primary-800 dark:bg-slate-800 dark:text-primary-300'
                    : 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800'
                }`}
              >
                <Icon aria-hidden="true" className="size-4" />
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
