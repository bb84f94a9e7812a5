import type { AppBus } from '../bus/create-bus';
import type { ConsentState } from '@steel/contract/events';

/**
 * localStorage key of the analytics consent (docs/behaviour.md, "Consent"). Only `granted` and `denied` are
 * stored; no entry (or anything else) means `pending`, so the banner shows until a choice.
 */
export const CONSENT_STORAGE_KEY = 'analytics-consent';

export function readConsent(storage: Pick<Storage, 'getItem'> | null | undefined): ConsentState {
  try {
    const stored = storage?.getItem(CONSENT_STORAGE_KEY);
    return stored === 'granted' || stored === 'denied' ? stored : 'pending';
  } catch {
    return 'pending';
  }
}

export interface ConsentStore {
  get(): ConsentState;
  /** Remembers the choice and announces `consent:changed` on the bus. */
  set(state: Exclude<ConsentState, 'pending'>): void;
  /** Forgets the choice (the banner shows again). */
  reset(): void;
}

export function createConsentStore({ bus, storage }: { bus: AppBus; storage?: Storage | null }): ConsentStore {
  const store = storage === undefined ? safeLocalStorage() : storage;
  let state = readConsent(store);
  const announce = (next: ConsentState) => {
    if (next === state) return;
    state = next;
    bus.emit('consent:changed', state);
  };
  return {
    get: () => state,
    set(next) {
      try {
        store?.setItem(CONSENT_STORAGE_KEY, next);
      } catch {
        // Storage blocked: the choice holds for this page only.
      }
      announce(next);
    },
    reset() {
      try {
        store?.removeItem(CONSENT_STORAGE_KEY);
      } catch {
        // ignore
      }
      announce('pending');
    },
  };
}

function safeLocalStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}
