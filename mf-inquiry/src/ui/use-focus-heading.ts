import { useEffect } from 'react';
import { useLocation } from '@steel/shared/router';

/**
 * After a navigation inside the site (not on a page's first load, where the browser starts at the
 * top), focus moves to the page's heading once it is on screen, so a screen reader announces the
 * new page and Tab continues from it. `ready` is false while the page still shows its loading state.
 */
export function useFocusHeading(ready = true): void {
  const location = useLocation();
  useEffect(() => {
    // react-router's first location is `default`; every later one has a key of its own.
    if (!ready || location.key === 'default') return;
    const heading = document.querySelector<HTMLElement>('[data-app="inquiry"] h1');
    if (!heading || heading.contains(document.activeElement)) return;
    heading.tabIndex = -1;
    heading.focus({ preventScroll: false });
  }, [ready, location.key]);
}
