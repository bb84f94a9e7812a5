import mitt, { type Emitter, type Handler } from 'mitt';
import type { AppEvents } from '@steel/contract/events';

/** Events whose last value is handed to late subscribers (docs/architecture.md, "Contracts between apps"). */
const REPLAYED_EVENTS = new Set<keyof AppEvents>(['session:changed']);

export type AppBus = Emitter<AppEvents> & {
  /** The last value emitted for a replayed event, if any. */
  last<K extends keyof AppEvents>(type: K): AppEvents[K] | undefined;
};

/** The typed event bus the shell creates once and hands to every app through the mount props. */
export function createBus(): AppBus {
  const emitter = mitt<AppEvents>();
  const lastValues = new Map<keyof AppEvents, unknown>();

  const emit: AppBus['emit'] = <K extends keyof AppEvents>(type: K, payload?: AppEvents[K]) => {
    if (REPLAYED_EVENTS.has(type)) lastValues.set(type, payload);
    emitter.emit(type, payload as AppEvents[K]);
  };

  // mitt's overloads (typed handler / wildcard handler) cannot be implemented by one typed arrow: widen, then narrow.
  const on = ((type: keyof AppEvents | '*', handler: Handler<unknown>) => {
    (emitter.on as unknown as (t: keyof AppEvents | '*', h: Handler<unknown>) => void)(type, handler);
    if (type !== '*' && REPLAYED_EVENTS.has(type) && lastValues.has(type)) {
      handler(lastValues.get(type));
    }
  }) as AppBus['on'];

  return {
    all: emitter.all,
    on,
    off: emitter.off.bind(emitter),
    emit,
    last: <K extends keyof AppEvents>(type: K) => lastValues.get(type) as AppEvents[K] | undefined,
  };
}
