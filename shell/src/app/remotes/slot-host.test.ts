import { announceSlotCondition, defaultRuntimeConfig, type SlotContributions } from '@steel/contract';
import { createBus } from '@steel/shared';
import { createSlotHost } from './slot-host';

const loadRemote = jest.fn<Promise<unknown>, [string]>();
jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: (id: string) => loadRemote(id) }));

const live: SlotContributions = {
  'header.counter': [
    { app: 'inquiry', props: '1.0.0', order: 10, when: { storage: ['steel-inquiry-basket', 'user'] } },
    { app: 'alerts', props: '1.0.0', order: 20 },
  ],
};
const registry = {
  contributions: () => live,
  onContributions: () => () => undefined,
  incompatibility: () => null,
  version: () => '1.0.0',
};

beforeEach(() => {
  localStorage.clear();
  loadRemote.mockReset();
});

describe("the shell's slot host", () => {
  it('lists a contribution with a condition only while it holds, one without always', () => {
    const host = createSlotHost(registry, defaultRuntimeConfig, createBus());
    expect(host.contributions('header.counter').map(({ app }) => app)).toEqual(['alerts']);
    localStorage.setItem('steel-inquiry-basket', '[{"product":{"slug":"ir-12"},"quantity":1}]');
    expect(host.contributions('header.counter').map(({ app }) => app)).toEqual(['inquiry', 'alerts']);
    localStorage.removeItem('steel-inquiry-basket');
    localStorage.setItem('user', '{"id":3}');
    expect(host.contributions('header.counter').map(({ app }) => app)).toEqual(['inquiry', 'alerts']);
    expect(host.contributions('product.actions')).toEqual([]);
    // Nothing listed for the slot, nothing loaded: the hosts load what is listed.
    expect(loadRemote).not.toHaveBeenCalled();
  });

  it('lists it when the browser refuses storage, as if it had no condition', () => {
    const host = createSlotHost(registry, defaultRuntimeConfig, createBus(), () => null);
    expect(host.contributions('header.counter').map(({ app }) => app)).toEqual(['inquiry', 'alerts']);
  });

  it('tells its slots to look again when a contributor announces a change, another tab writes, or the session changes', () => {
    const bus = createBus();
    const host = createSlotHost(registry, defaultRuntimeConfig, bus);
    const listener = jest.fn();
    const stop = host.subscribe!(listener);
    listener.mockClear(); // the bus replays the last session to a new subscriber
    announceSlotCondition();
    window.dispatchEvent(new StorageEvent('storage', { key: 'steel-inquiry-basket' }));
    bus.emit('session:changed', { user: null });
    expect(listener).toHaveBeenCalledTimes(3);
    stop();
    announceSlotCondition();
    window.dispatchEvent(new StorageEvent('storage', { key: 'steel-inquiry-basket' }));
    bus.emit('session:changed', { user: null });
    expect(listener).toHaveBeenCalledTimes(3);
  });

  it("marks when a contributor's ./slots module is asked for and has run, once per page (the bench reads it)", async () => {
    // jsdom has no user timing: the browser's mark, recorded.
    const mark = jest.fn();
    Object.defineProperty(performance, 'mark', { value: mark, configurable: true });
    loadRemote.mockResolvedValue({ default: { 'header.counter': () => ({ update() {}, unmount() {} }) } });
    const host = createSlotHost(registry, defaultRuntimeConfig, createBus());
    await host.load('inquiry');
    await host.load('inquiry');
    delete (performance as Partial<Performance>).mark;
    expect(loadRemote).toHaveBeenCalledTimes(1);
    expect(mark.mock.calls).toEqual([['steel:inquiry:slots-load'], ['steel:inquiry:slots-loaded']]);
  });
});
