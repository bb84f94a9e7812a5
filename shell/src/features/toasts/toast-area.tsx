import { Suspense, lazy, useEffect, useState, useSyncExternalStore } from 'react';
import { createToastQueue, isValidToastLabel, ui, useShell, type ToastQueue } from '@steel/shared';

/** Radix's toasts (and the popper code they bring) load with the first toast, not with the page. */
const ToastList = lazy(() => import('./toast-list'));

// No toast is ever rendered on the server (nor during hydration).
const NONE: ReturnType<ToastQueue['getToasts']> = [];
const NO_TOASTS = () => NONE;

/**
 * Wires the bus to a queue: `toast:add` from any app enters the queue, `toast:remove` (from
 * anyone, by id) closes one. Returns the unsubscribe.
 */
export function connectToastBus(queue: ToastQueue, bus: ReturnType<typeof useShell>['bus']): () => void {
  const onAdd = (toast: Parameters<ToastQueue['add']>[0]) => void queue.add(toast);
  const onRemove = ({ id }: { id: string }) => queue.remove(id);
  bus.on('toast:add', onAdd);
  bus.on('toast:remove', onRemove);
  return () => {
    bus.off('toast:add', onAdd);
    bus.off('toast:remove', onRemove);
  };
}

/**
 * The shell's notification area (docs/behaviour.md, "Toasts"): Radix toasts fed by the bus, bottom-right (the
 * inline start in RTL), F8 focuses it. Labels are Persian; `uiDictionaries.en` keeps the originals.
 * Nothing is rendered until the first toast arrives; from then on the area stays.
 */
export function ToastArea({ label = ui.toastProviderLabel }: { label?: string }) {
  const { bus } = useShell();
  const [queue] = useState(() => createToastQueue());
  const toasts = useSyncExternalStore(queue.subscribe, queue.getToasts, NO_TOASTS);
  useEffect(() => connectToastBus(queue, bus), [queue, bus]);
  const [needed, setNeeded] = useState(false);
  if (toasts.length > 0 && !needed) setNeeded(true);
  if (!needed) return null;
  const providerLabel = isValidToastLabel(label) ? label : ui.toastProviderLabel;

  const close = (id: string) => {
    queue.remove(id);
    bus.emit('toast:remove', { id });
  };

  return (
    <Suspense fallback={null}>
      <ToastList label={providerLabel} toasts={toasts} onClose={close} />
    </Suspense>
  );
}
