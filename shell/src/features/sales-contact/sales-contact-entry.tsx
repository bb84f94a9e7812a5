import { useEffect, useId, useRef, useState } from 'react';
import { ChevronDown, MessageCircle, Phone } from 'lucide-react';
import { useOpenUntilNavigation } from '../../lib/open-until-navigation';
import {
  Link,
  contactAnchorProps,
  salesContactLinks,
  salesContactQuery,
  useShell,
  type ContactLink,
} from '@steel/shared';

type SalesContactState = { status: 'loading' } | { status: 'ready'; links: ContactLink[] } | { status: 'failed' };

/**
 * The sales contact's links for the layout, read from the CMS when the visitor opens the header's
 * entry or the menu drawer — never while a page loads: the shell's server render has no CMS data of
 * its own, and a page's start-up asks the CMS for nothing it did not render with. A catalogue page
 * brought the same query in its server data, so there it costs no request at all. A CMS that does
 * not answer is `failed`: the entry offers the contact page instead, the layout never waits on it.
 */
function useSalesContact(): SalesContactState {
  const { api, queryClient } = useShell();
  const [state, setState] = useState<SalesContactState>({ status: 'loading' });
  useEffect(() => {
    let current = true;
    queryClient.fetchQuery(salesContactQuery(api)).then(
      (contact) => current && setState({ status: 'ready', links: salesContactLinks(contact) }),
      () => current && setState({ status: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [api, queryClient]);
  return state;
}

const ChannelIcon = ({ link }: { link: ContactLink }) =>
  link.channel === 'phone' ? (
    <Phone aria-hidden="true" className="size-4 shrink-0" />
  ) : (
    <MessageCircle aria-hidden="true" className="size-4 shrink-0" />
  );

/**
 * The phone and every messenger, one 44 px row each, named by what they open; while the CMS is
 * asked, a line saying so; without an answer (or with no contact kept), the contact page.
 */
function SalesContactList({ rowClassName, onNavigate }: { rowClassName: string; onNavigate?: () => void }) {
  const state = useSalesContact();
  if (state.status === 'loading')
    return (
      <p role="status" className="px-3 py-2 text-slate-500 dark:text-slate-400">
        در حال دریافت راه‌های تماس…
      </p>
    );
  const links = state.status === 'ready' ? state.links : [];
  return (
    <ul>
      {links.map((link) => (
        <li key={link.channel}>
          <a {...contactAnchorProps(link)} className={`${rowClassName} gap-2`} data-contact-channel={link.channel}>
            <ChannelIcon link={link} />
            {link.label}
            {link.channel === 'phone' && (
              <bdi dir="ltr" className="ms-auto ps-2">
                {link.text}
              </bdi>
            )}
          </a>
        </li>
      ))}
      {links.length === 0 && (
        <li>
          <Link to="/contact-us" onClick={onNavigate} className={rowClassName}>
            صفحه‌ی تماس با ما
          </Link>
        </li>
      )}
    </ul>
  );
}

const POPUP_ROW =
  'flex min-h-11 items-center rounded-md px-3 text-slate-700 hover:bg-slate-100 hover:text-primary-700 dark:text-slate-200 dark:hover:bg-slate-800';

/**
 * The wide header's entry (from `md`): a button that opens the sales contact's links below it — a
 * disclosure, so keyboard and screen readers know it; Escape or a press elsewhere closes it and
 * focus goes back to the button.
 */
export function HeaderSalesContact({ currentPath }: { currentPath: string }) {
  const [open, setOpen] = useOpenUntilNavigation(currentPath);
  const panelId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', closeOutside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('pointerdown', closeOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open, setOpen]);
  return (
    <div ref={wrapper} className="relative hidden md:block" data-header-contact>
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((was) => !was)}
        className="inline-flex items-center gap-1.5 rounded-md px-2 py-1.5 text-sm font-semibold text-primary-700 hover:bg-primary-50 dark:text-primary-300 dark:hover:bg-slate-800"
      >
        <Phone aria-hidden="true" className="size-4" />
        {/* Its name on every width; shown from lg, where the header's row has room for it. */}
        <span className="sr-only lg:not-sr-only">تماس با فروش</span>
        <ChevronDown aria-hidden="true" className={`size-3.5 transition-transform ${open ? 'rotate-180' : ''}`} />
      </button>
      {open && (
        <div
          id={panelId}
          className="absolute end-0 top-full z-40 mt-1 w-72 rounded-md border border-slate-200 bg-white p-1 text-sm shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          <SalesContactList rowClassName={POPUP_ROW} onNavigate={() => setOpen(false)} />
        </div>
      )}
    </div>
  );
}

/** The menu drawer's section (opening the drawer asks for it). */
export function DrawerSalesContact({ rowClassName, onNavigate }: { rowClassName: string; onNavigate: () => void }) {
  return (
    <nav
      aria-label="تماس با فروش"
      className="mt-2 border-t border-slate-200 pt-2 dark:border-slate-800"
      data-drawer-contact
    >
      <SalesContactList rowClassName={rowClassName} onNavigate={onNavigate} />
    </nav>
  );
}
