import type { RefObject } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { ChevronDown, X } from 'lucide-react';
import { Link } from '@steel/shared';
import { ColourModeSwitch } from '../../features/colour-mode/colour-mode-switch';
import { HEADER_ICON_BUTTON } from '../../lib/header-icon-button';
import { DrawerSalesContact } from '../../features/sales-contact/sales-contact-entry';
import { useSiteNavigation, type NavLink } from './site-navigation';

// 44 px tall rows: finger-sized targets.
const DRAWER_ROW = 'flex min-h-11 items-center rounded-md px-3 hover:bg-slate-100 dark:hover:bg-slate-800';
const DRAWER_LINK = `${DRAWER_ROW} text-slate-700 hover:text-primary-700 dark:text-slate-200`;

export interface MenuDrawerDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The menu button: focus goes back to it when the drawer closes. */
  returnFocusTo: RefObject<HTMLElement | null>;
}

/**
 * The drawer itself, in its own chunk (Radix dialog: focus trap, scroll lock, dismissable layer)
 * loaded on the first open or when the pointer or focus reaches the menu button: a phone's first
 * screen does not download or run it. Focus is trapped inside and returned to the menu button,
 * Escape and the backdrop close it, the page behind does not scroll.
 */
export default function MenuDrawerDialog({ open, onOpenChange, returnFocusTo }: MenuDrawerDialogProps) {
  const close = () => onOpenChange(false);
  const { drawerTree, drawerPages } = useSiteNavigation();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-950/50" />
        <Dialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
          className="fixed inset-y-0 start-0 z-50 flex w-[min(22rem,88vw)] flex-col bg-white shadow-xl dark:bg-slate-900"
        >
          <div className="flex items-center justify-between border-b border-slate-200 ps-4 pe-2 py-1.5 dark:border-slate-800">
            <Dialog.Title className="text-base font-bold text-slate-900 dark:text-slate-100">منوی سایت</Dialog.Title>
            <Dialog.Close className={HEADER_ICON_BUTTON} aria-label="بستن منو">
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <div className="flex-1 overflow-y-auto overscroll-contain px-2 py-2 text-sm">
            <nav aria-label="دسته‌بندی محصولات">
              <ul>
                {drawerTree.map((item) => (
                  <li key={item.path}>
                    <TreeSection item={item} onNavigate={close} />
                  </li>
                ))}
              </ul>
            </nav>
            <nav aria-label="صفحه‌های سایت" className="mt-2 border-t border-slate-200 pt-2 dark:border-slate-800">
              <ul>
                {drawerPages.map((page) => (
                  <li key={page.path}>
                    <Link to={page.path} onClick={close} className={DRAWER_LINK}>
                      {page.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
            <DrawerSalesContact rowClassName={DRAWER_LINK} onNavigate={close} />
            <div className="mt-2 flex items-center justify-between gap-3 border-t border-slate-200 px-3 pt-3 dark:border-slate-800">
              <span className="text-slate-600 dark:text-slate-300">حالت رنگ</span>
              <ColourModeSwitch />
            </div>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

const leafLinks = (leaves: readonly NavLink[], onNavigate: () => void) => (
  <ul>
    {leaves.map((leaf) => (
      <li key={leaf.path}>
        <Link to={leaf.path} onClick={onNavigate} className={DRAWER_LINK}>
          {leaf.label}
        </Link>
      </li>
    ))}
  </ul>
);

/**
 * One top item of an app's tree (a category) as an expandable section (a native disclosure:
 * keyboard and screen readers know it): the item's page, then what is below it — the groups with
 * their sub-categories for sheet and pipe, so a sheet sub-category is two taps away once the
 * drawer is open.
 */
function TreeSection({ item, onNavigate }: { item: NavLink; onNavigate: () => void }) {
  if (item.children.length === 0) return leafLinks([item], onNavigate);
  const groups = item.children.filter((child) => child.children.length > 0);
  const leaves = item.children.filter((child) => child.children.length === 0);
  return (
    <details className="group">
      <summary
        className={`${DRAWER_ROW} cursor-pointer list-none justify-between font-semibold text-slate-800 dark:text-slate-100 [&::-webkit-details-marker]:hidden`}
      >
        {item.label}
        <ChevronDown aria-hidden="true" className="size-4 transition-transform group-open:rotate-180" />
      </summary>
      <div className="ms-3 border-s border-slate-200 ps-2 dark:border-slate-700">
        <Link
          to={item.path}
          onClick={onNavigate}
          className={`${DRAWER_ROW} font-medium text-primary-700 dark:text-primary-300`}
        >
          همه‌ی {item.label}
        </Link>
        {groups.map((group) => (
          <div key={group.path}>
            <Link to={group.path} onClick={onNavigate} className={`${DRAWER_LINK} font-semibold`}>
              {group.label}
            </Link>
            <div className="ms-3">{leafLinks(group.children, onNavigate)}</div>
          </div>
        ))}
        {leaves.length > 0 && leafLinks(leaves, onNavigate)}
      </div>
    </details>
  );
}
