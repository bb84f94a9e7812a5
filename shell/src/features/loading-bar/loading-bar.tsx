import { useSyncExternalStore } from 'react';
import { LOADING_BAR, type LoadingBarController } from './loading-bar-controller';

/**
 * The bar itself: fixed at the top, 3 px, above everything, growing from the start edge.
 * `transform-origin` has no logical keyword, so the start side is read from the document's
 * direction (right in our RTL page).
 */
export function LoadingBar({ controller }: { controller: LoadingBarController }) {
  const state = useSyncExternalStore(controller.subscribe, controller.get);
  const rtl = typeof document !== 'undefined' && document.documentElement.dir !== 'ltr';
  return (
    <div
      data-testid="loading-bar"
      data-visible={state.visible}
      data-error={state.error}
      role="progressbar"
      // A progress bar needs a name (axe: aria-progressbar-name), which it lacked while visible.
      aria-label={state.error ? 'بارگذاری صفحه ناموفق بود' : 'در حال بارگذاری صفحه'}
      aria-hidden={!state.visible}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(state.progress)}
      className={state.error ? 'bg-error-500' : 'bg-primary-500'}
      style={{
        position: 'fixed',
        top: 0,
        insetInlineStart: 0,
        inlineSize: '100%',
        pointerEvents: 'none',
        zIndex: LOADING_BAR.zIndex,
        height: state.visible ? LOADING_BAR.heightPx : 0,
        opacity: state.visible ? 1 : 0,
        transform: `scaleX(${state.progress / 100})`,
        transformOrigin: rtl ? 'right' : 'left',
        transition: 'transform 0.1s, height 0.4s, opacity 0.4s',
      }}
    />
  );
}
