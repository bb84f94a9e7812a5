import { useRef, type AnchorHTMLAttributes, type FocusEvent, type MouseEvent, type PointerEvent } from 'react';
import { isExternalHref } from '../navigation/prefetch-rules';
import { useShell } from './shell-context';
import { useLinkPrefetch } from './use-link-prefetch';

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: string;
  /** Preload the owning app's code when the link scrolls into view (default true, docs/behaviour.md, "Link prefetch"). */
  prefetch?: boolean;
};

/** A plain click (no modifier keys, main button, same tab) is ours to handle. */
function isPlainLeftClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;
}

/**
 * A link that navigates to any app's page without a full page load: the shell's `navigate`
 * pushes the URL and single-spa mounts whichever app owns it. Modified clicks, other windows and
 * external URLs keep the browser's behaviour. Visible links prefetch their app's code; a link
 * pointed at or focused has its page's data fetched too.
 */
export function Link({ to, onClick, onPointerEnter, onFocus, target, prefetch = true, children, ...rest }: LinkProps) {
  const shell = useShell();
  const ref = useRef<HTMLAnchorElement>(null);
  const isExternal = isExternalHref(to);
  useLinkPrefetch(ref, to, { enabled: prefetch && !isExternal, target, prefetch: shell.prefetch });

  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    if (event.defaultPrevented || isExternal || (target && target !== '_self') || !isPlainLeftClick(event)) return;
    event.preventDefault();
    shell.navigate(to);
  }

  // Pointing at or focusing the link is intent: the target page's data and code are fetched now.
  const mayIntend = prefetch && !isExternal && (!target || target === '_self');
  function handlePointerEnter(event: PointerEvent<HTMLAnchorElement>) {
    onPointerEnter?.(event);
    if (mayIntend) shell.prefetchOnIntent?.(to);
  }
  function handleFocus(event: FocusEvent<HTMLAnchorElement>) {
    onFocus?.(event);
    if (mayIntend) shell.prefetchOnIntent?.(to);
  }

  return (
    <a
      ref={ref}
      href={to}
      target={target}
      onClick={handleClick}
      onPointerEnter={handlePointerEnter}
      onFocus={handleFocus}
      {...rest}
    >
      {children}
    </a>
  );
}
