import { useState } from 'react';

/**
 * An open/closed state that any navigation closes (a link inside, the browser's back button, a
 * redirect): on a new path it is closed in the same render, never shown open over the next page.
 */
export function useOpenUntilNavigation(
  currentPath: string,
): [boolean, (open: boolean | ((was: boolean) => boolean)) => void] {
  const [open, setOpen] = useState(false);
  const [pathOpenedOn, setPathOpenedOn] = useState(currentPath);
  if (pathOpenedOn !== currentPath) {
    setPathOpenedOn(currentPath);
    setOpen(false);
  }
  return [open, setOpen];
}
