import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { useShell } from './shell-context';

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

/** A plain click (no modifier keys, main button, same tab) is ours to handle. */
function isPlainLeftClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;
}

/**
 * A link that navigates to any app's page without a full page load: the shell's `navigate`
 * pushes the URL and single-spa mounts whichever app owns it. Modified clicks, other windows and
 * external URLs keep the browser's behaviour.
 */
export function Link({ to, onClick, target, ...rest }: LinkProps) {
  const { navigate } = useShell();
  const isExternal = /^[a-z][a-z\d+.-]*:/i.test(to) || to.startsWith('//');

  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    if (event.defaultPrevented || isExternal || (target && target !== '_self') || !isPlainLeftClick(event)) return;
    event.preventDefault();
    navigate(to);
  }

  return <a href={to} target={target} onClick={handleClick} {...rest} />;
}
