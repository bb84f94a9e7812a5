import { Suspense, lazy, useCallback, useEffect, useRef, useState } from 'react';
import { LoaderCircle, Search } from 'lucide-react';
import { SEARCH_LABEL } from '@steel/shared';
import { HEADER_ICON_BUTTON } from '../../lib/header-icon-button';
import { LoadingSignal } from '../../lib/loading-signal';

// The palette (cmdk, Radix dialog) is its own chunk: loaded on first open, or earlier when the
// pointer or focus reaches the button, so the header itself stays light.
const loadPalette = () => import('./search-palette');
const SearchPalette = lazy(loadPalette);

/** Typing into a field: `/` belongs to it, not to the search shortcut. */
function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * The header's search: a button that opens the command palette, also opened by Ctrl+K (⌘K)
 * anywhere and by `/` outside a text field. Mount it ONCE: it owns the shortcuts and the palette.
 */
export function SearchButton() {
  const [open, setOpen] = useState(false);
  // Stays true once opened: the palette keeps its query between openings.
  const [used, setUsed] = useState(false);
  const [loading, setLoading] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const openedFrom = useRef<Element | null>(null);

  const isOpen = useRef(false);
  useEffect(() => {
    isOpen.current = open;
  }, [open]);

  const show = useCallback(() => {
    if (!isOpen.current) openedFrom.current = document.activeElement;
    setUsed(true);
    setOpen(true);
  }, []);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented) return;
      const ctrlK = (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k';
      const slash =
        event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !isTypingTarget(event.target);
      if (!ctrlK && !slash) return;
      event.preventDefault();
      show();
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [show]);

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        onClick={show}
        onPointerEnter={() => void loadPalette()}
        onFocus={() => void loadPalette()}
        aria-haspopup="dialog"
        aria-keyshortcuts="Control+K /"
        aria-busy={loading || undefined}
        // Phones: a 44 px icon button (the label for screen readers); wide screens: labelled, with the shortcut.
        className={`${HEADER_ICON_BUTTON} gap-2 md:size-auto md:border md:border-slate-300 md:px-3 md:py-1.5 md:text-sm md:text-slate-600 md:dark:border-slate-700 md:dark:text-slate-300`}
      >
        {loading ? (
          <LoaderCircle aria-hidden="true" className="size-5 animate-spin md:size-4" />
        ) : (
          <Search aria-hidden="true" className="size-5 md:size-4" />
        )}
        <span className="sr-only md:not-sr-only">{SEARCH_LABEL}</span>
        <kbd
          dir="ltr"
          className="hidden rounded border border-slate-300 px-1 font-sans text-xs text-slate-500 md:inline dark:border-slate-600 dark:text-slate-400"
        >
          Ctrl K
        </kbd>
      </button>
      {used && (
        <Suspense fallback={<LoadingSignal onShown={setLoading} />}>
          <SearchPalette open={open} onOpenChange={setOpen} openedFrom={openedFrom} returnFocusTo={buttonRef} />
        </Suspense>
      )}
    </>
  );
}
