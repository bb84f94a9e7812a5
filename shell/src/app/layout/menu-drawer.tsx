import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { LoaderCircle, Menu } from 'lucide-react';
import { HEADER_ICON_BUTTON } from '../../lib/header-icon-button';
import { LoadingSignal } from '../../lib/loading-signal';
import { useOpenUntilNavigation } from '../../lib/open-until-navigation';

const loadDrawer = () => import('./menu-drawer-dialog');
const MenuDrawerDialog = lazy(loadDrawer);

/** Tailwind's `md` breakpoint, where the wide header takes over (`md:hidden` on the menu button). */
const WIDE_HEADER_QUERY = '(min-width: 48rem)';

/**
 * The narrow header's menu (below `md`): a drawer from the right with the whole category tree,
 * the site's other pages and the colour-mode switch (`menu-drawer-dialog.tsx`, its own chunk).
 * Closed, it is only its button — the server renders exactly what hydration expects.
 */
export function MenuDrawer({ currentPath }: { currentPath: string }) {
  const [open, setOpen] = useOpenUntilNavigation(currentPath);
  // Stays true once opened: the drawer's code is loaded and it animates in and out from then on.
  const [used, setUsed] = useState(false);
  const [loading, setLoading] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  // Widened past `md` (a tablet turned, a window resized) the menu button is gone and the wide
  // header shows the same links: the drawer closes rather than cover the page with no way back.
  useEffect(() => {
    if (!open) return;
    const wide = window.matchMedia(WIDE_HEADER_QUERY);
    const closeWhenWide = () => {
      if (wide.matches) setOpen(false);
    };
    closeWhenWide();
    wide.addEventListener('change', closeWhenWide);
    return () => wide.removeEventListener('change', closeWhenWide);
  }, [open, setOpen]);

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
        onPointerEnter={() => void loadDrawer()}
        onFocus={() => void loadDrawer()}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-busy={loading || undefined}
        className={`${HEADER_ICON_BUTTON} md:hidden`}
        aria-label="منو"
      >
        {loading ? (
          <LoaderCircle aria-hidden="true" className="size-6 animate-spin" />
        ) : (
          <Menu aria-hidden="true" className="size-6" />
        )}
      </button>
      {used && (
        <Suspense fallback={<LoadingSignal onShown={setLoading} />}>
          <MenuDrawerDialog open={open} onOpenChange={setOpen} returnFocusTo={buttonRef} />
        </Suspense>
      )}
    </>
  );
}
