import { useEffect, useRef, useState, type ComponentType } from 'react';
import type { TooltipProps } from './tooltip-options';

export { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS, type TooltipProps } from './tooltip-options';

type TooltipView = ComponentType<TooltipProps>;
let loadedView: TooltipView | null = null;
let loading: Promise<TooltipView> | null = null;

/** Radix's tooltip and floating-ui: fetched once, by the first trigger a visitor hovers or focuses. */
function loadTooltipView(): Promise<TooltipView> {
  loading ??= import('./tooltip-radix').then((module) => (loadedView = module.default));
  return loading;
}

/** Whether a pointer is pressed anywhere on the page (tracked from the first trigger woken). */
let pressed = false;
function trackPresses() {
  if (typeof window === 'undefined' || trackPresses.done) return;
  trackPresses.done = true;
  window.addEventListener('pointerdown', () => (pressed = true), true);
  for (const end of ['pointerup', 'pointercancel'] as const)
    window.addEventListener(end, () => (pressed = false), true);
}
trackPresses.done = false;

/**
 * Runs `swap` now, or just after the press under way ends: swapping the tooltip in replaces the
 * trigger's element, and between pointerdown and click that would lose the click (the first click
 * on a control with a tooltip, as the chunk arrives, would do nothing).
 */
function whenNotPressed(swap: () => void) {
  if (!pressed) return swap();
  // After pointerup the click is dispatched in the same task; the swap waits for the next one.
  window.addEventListener('pointerup', () => setTimeout(swap), { once: true, capture: true });
  window.addEventListener('pointercancel', () => setTimeout(swap), { once: true, capture: true });
}

/**
 * A text tooltip on one focusable child. Until the first hover or focus of any trigger the child
 * is shown alone (first paint and hydration need none of Radix); then the Radix tooltip takes
 * over, and a child that had the focus gets it back, which opens the tooltip.
 */
export function Tooltip(props: TooltipProps) {
  const [View, setView] = useState<TooltipView | null>(() => loadedView);
  const box = useRef<HTMLSpanElement>(null);
  const hadFocus = useRef(false);

  useEffect(() => {
    if (!View || !hadFocus.current) return;
    hadFocus.current = false;
    box.current?.querySelector<HTMLElement>('button, a[href], input, [tabindex]')?.focus();
  }, [View]);

  const wake = () => {
    if (View) return;
    trackPresses();
    void loadTooltipView().then((view) =>
      whenNotPressed(() => {
        hadFocus.current = box.current?.contains(document.activeElement) ?? false;
        setView(() => view);
      }),
    );
  };

  return (
    // `contents`: the box takes no place in the layout, the child stays where the parent puts it.
    <span ref={box} className="contents" onPointerEnter={wake} onFocus={wake}>
      {View ? <View {...props} /> : props.children}
    </span>
  );
}
