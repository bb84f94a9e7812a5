import { createBus } from '../bus/create-bus';
import { CONSENT_STORAGE_KEY, createConsentStore, readConsent } from './consent-store';

describe('consent', () => {
  beforeEach(() => localStorage.clear());

  it('is pending until a choice; only granted/denied are remembered', () => {
    expect(readConsent(localStorage)).toBe('pending');
    localStorage.setItem(CONSENT_STORAGE_KEY, 'maybe');
    expect(readConsent(localStorage)).toBe('pending');
    localStorage.setItem(CONSENT_STORAGE_KEY, 'denied');
    expect(readConsent(localStorage)).toBe('denied');
  });

  it('remembers the choice and announces consent:changed once per change', () => {
    const bus = createBus();
    const events: string[] = [];
    bus.on('consent:changed', (state) => events.push(state));
    const store = createConsentStore({ bus });
    expect(store.get()).toBe('pending');
    store.set('granted');
    store.set('granted');
    expect(localStorage.getItem(CONSENT_STORAGE_KEY)).toBe('granted');
    expect(createConsentStore({ bus: createBus() }).get()).toBe('granted');
    store.set('denied');
    store.reset();
    expect(events).toEqual(['granted', 'denied', 'pending']);
    expect(localStorage.getItem(CONSENT_STORAGE_KEY)).toBeNull();
  });

  it('works when storage throws (the choice holds for the page)', () => {
    const broken = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
      removeItem: () => {},
    } as unknown as Storage;
    const store = createConsentStore({ bus: createBus(), storage: broken });
    expect(store.get()).toBe('pending');
    store.set('granted');
    expect(store.get()).toBe('granted');
  });
});
