import type { ToastInput } from '@steel/contract/events';

/** Toast constants (docs/behaviour.md, "Toasts"), in one place. */
export const TOAST_MAX = 5;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 200;
export const TOAST_SWIPE_DIRECTION = 'right' as const;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_VIEWPORT_HOTKEY = ['F8'];
export const TOAST_GAP_PX = 16;

/** A toast in the queue: the caller's fields plus an id and the open flag Radix controls. */
export type QueuedToast = ToastInput & { id: string; open: boolean };

export type ToastType = 'foreground' | 'background';

/** `${Date.now()}-${random base36}` like the old site's ids (docs/behaviour.md, "Toasts"). */
export function createToastId(): string {
  return `${Date.now()}-${Math.random().toString(36).slice(2, 9)}`;
}

export interface ToastQueue {
  add(toast: ToastInput): QueuedToast;
  remove(id: string): void;
  getToasts: () => readonly QueuedToast[];
  subscribe: (listener: (toasts: readonly QueuedToast[]) => void) => () => void;
}

/**
 * The toast queue (docs/behaviour.md, "Toasts"), free of React so it is tested with fake timers. New toasts
 * enter one per tick (a macrotask each, like the old `await nextTick()` loop), so a burst of
 * `add` calls renders one after another; at most TOAST_MAX are kept and the oldest drop;
 * `remove` closes the toast (Radix plays its exit) and deletes it TOAST_REMOVE_DELAY_MS later.
 */
export function createToastQueue(options: { max?: number; removeDelayMs?: number } = {}): ToastQueue {
  const max = options.max ?? TOAST_MAX;
  const removeDelayMs = options.removeDelayMs ?? TOAST_REMOVE_DELAY_MS;
  let toasts: readonly QueuedToast[] = [];
  const pending: QueuedToast[] = [];
  const removing = new Set<string>();
  const listeners = new Set<(toasts: readonly QueuedToast[]) => void>();
  let running = false;

  const set = (next: readonly QueuedToast[]) => {
    toasts = next;
    for (const listener of listeners) listener(toasts);
  };

  const enterNext = () => {
    const toast = pending.shift();
    if (!toast) {
      running = false;
      return;
    }
    set([...toasts, toast].slice(-max));
    setTimeout(enterNext, 0);
  };

  return {
    add(toast) {
      // The caller's id (e.g. to remove it later) wins, like `{ id, open, ...toast }` did.
      const body: QueuedToast = { id: createToastId(), ...toast, open: true };
      pending.push(body);
      if (!running) {
        running = true;
        setTimeout(enterNext, 0);
      }
      return body;
    },
    remove(id) {
      // Idempotent: closing from Radix and a `toast:remove` on the bus may both arrive.
      if (removing.has(id)) return;
      const index = toasts.findIndex((toast) => toast.id === id);
      if (index === -1) {
        const queued = pending.findIndex((toast) => toast.id === id);
        if (queued !== -1) pending.splice(queued, 1);
        return;
      }
      removing.add(id);
      set(toasts.map((toast) => (toast.id === id ? { ...toast, open: false } : toast)));
      setTimeout(() => {
        removing.delete(id);
        set(toasts.filter((toast) => toast.id !== id));
      }, removeDelayMs);
    },
    getToasts: () => toasts,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Radix's own check of the provider label: a non-empty string, else an error in the console. */
export function isValidToastLabel(label: unknown): label is string {
  if (typeof label === 'string' && label.trim() !== '') return true;
  console.error('Invalid prop `label` supplied to `ToastProvider`. Expected non-empty `string`.');
  return false;
}

/** `foreground` (assertive) or `background` (polite); anything else warns and falls back. */
export function normaliseToastType(type: unknown): ToastType {
  if (type === undefined || type === 'foreground' || type === 'background') return type ?? 'foreground';
  console.error(
    // eslint-disable-next-line @typescript-eslint/no-base-to-string -- the wording of Radix's prop warnings, `[object Object]` included
    `Invalid prop \`type\` of value \`${String(type)}\` supplied to \`Toast\`. Expected \`foreground\` or \`background\`.`,
  );
  return 'foreground';
}
