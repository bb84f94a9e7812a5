import type { ReactNode } from 'react';

/**
 * The box a table wider than a phone scrolls sideways in, so the page never does.
 *
 * `relative` is what keeps the page still: text for screen readers only (`sr-only`: a caption, a
 * price change's words) is absolutely positioned, and an absolute box is clipped only by a scroller
 * that is its containing block. Without it each such span sits where its cell is, past the
 * screen's edge, and the whole page scrolls sideways by that much.
 *
 * `label` names the box for a screen reader (a region whose columns move); `bordered` draws the
 * rounded frame the site's stand-alone tables have (not inside a card that has its own).
 */
export function TableScroller({
  children,
  label,
  bordered = false,
}: {
  children: ReactNode;
  label?: string;
  bordered?: boolean;
}) {
  return (
    <div
      className={`relative max-w-full overflow-x-auto overscroll-x-contain ${
        bordered ? 'rounded-lg border border-slate-200 dark:border-slate-700' : ''
      }`}
      {...(label ? { role: 'region', 'aria-label': label } : {})}
    >
      {children}
    </div>
  );
}
