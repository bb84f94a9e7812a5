import * as RadixToast from '@radix-ui/react-toast';
import { CircleAlert, CircleCheck, CircleX, Info, X } from 'lucide-react';
import type { ToastColor } from '@steel/contract';
import {
  Link,
  TOAST_DURATION_MS,
  TOAST_SWIPE_DIRECTION,
  TOAST_SWIPE_THRESHOLD_PX,
  TOAST_VIEWPORT_HOTKEY,
  normaliseToastType,
  ui,
  type QueuedToast,
} from '@steel/shared';

/** Theme colours (docs/behaviour.md, "Theme colours") as literal classes, so Tailwind sees them. */
const COLOUR_CLASSES: Record<ToastColor, string> = {
  primary: 'border-primary-600 [&_svg.toast-icon]:text-primary-600',
  success: 'border-success-600 [&_svg.toast-icon]:text-success-600',
  warning: 'border-warning-500 [&_svg.toast-icon]:text-warning-700',
  error: 'border-error-600 [&_svg.toast-icon]:text-error-600',
  neutral: 'border-slate-400 [&_svg.toast-icon]:text-slate-500',
};
const COLOUR_ICONS = { primary: Info, success: CircleCheck, warning: CircleAlert, error: CircleX, neutral: Info };

const isColour = (value: unknown): value is ToastColor => typeof value === 'string' && value in COLOUR_CLASSES;

/**
 * The toasts on screen, with Radix: bottom-right (the inline start in RTL), F8 focuses them.
 * Its own chunk, loaded with the first toast (toast-area.tsx).
 */
export default function ToastList({
  label,
  toasts,
  onClose,
}: {
  label: string;
  toasts: readonly QueuedToast[];
  onClose: (id: string) => void;
}) {
  return (
    <RadixToast.Provider
      label={label}
      duration={TOAST_DURATION_MS}
      swipeDirection={TOAST_SWIPE_DIRECTION}
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
    >
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} onClose={() => onClose(toast.id)} />
      ))}
      {/* Physical bottom-right as specified: in RTL that is the inline start. Gap 16 px (gap-4). */}
      <RadixToast.Viewport
        hotkey={TOAST_VIEWPORT_HOTKEY}
        label={ui.toastViewportLabel}
        data-testid="toast-viewport"
        className="fixed bottom-0 start-0 z-[100] m-0 flex w-full max-w-sm list-none flex-col gap-4 p-4 outline-none focus-visible:ring-2 focus-visible:ring-primary-500"
      />
    </RadixToast.Provider>
  );
}

function ToastItem({ toast, onClose }: { toast: QueuedToast; onClose: () => void }) {
  const colour = isColour(toast.color) ? toast.color : 'primary';
  const Icon = COLOUR_ICONS[colour];
  return (
    <RadixToast.Root
      open={toast.open}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      duration={typeof toast.duration === 'number' ? toast.duration : undefined}
      type={normaliseToastType(toast.type)}
      data-color={colour}
      className={`flex items-start gap-3 rounded-md border-s-4 bg-white p-4 text-sm text-slate-800 shadow-lg ring-1 ring-slate-200 transition-opacity data-[state=closed]:opacity-0 data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] dark:bg-slate-900 dark:text-slate-100 dark:ring-slate-700 ${COLOUR_CLASSES[colour]}`}
    >
      <Icon aria-hidden="true" className="toast-icon mt-0.5 size-5 shrink-0" />
      <div className="min-w-0 flex-1">
        {toast.title && <RadixToast.Title className="font-semibold">{toast.title}</RadixToast.Title>}
        {toast.description && (
          <RadixToast.Description className="mt-1 text-slate-600 dark:text-slate-300">
            {toast.description}
          </RadixToast.Description>
        )}
        {toast.actions && toast.actions.length > 0 && (
          <div className="mt-2 flex gap-2">
            {toast.actions.map((action) => (
              <RadixToast.Action key={action.label} altText={action.label} asChild>
                {action.href ? (
                  <Link to={action.href} className="font-medium text-primary-700 hover:underline dark:text-primary-300">
                    {action.label}
                  </Link>
                ) : (
                  <button type="button" className="font-medium text-primary-700 hover:underline dark:text-primary-300">
                    {action.label}
                  </button>
                )}
              </RadixToast.Action>
            ))}
          </div>
        )}
      </div>
      <RadixToast.Close
        aria-label={ui.close}
        className="rounded p-0.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800 dark:hover:bg-slate-800"
      >
        <X aria-hidden="true" className="size-4" />
      </RadixToast.Close>
    </RadixToast.Root>
  );
}
