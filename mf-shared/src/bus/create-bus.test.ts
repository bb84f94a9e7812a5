import { createBus } from './create-bus';

describe('createBus', () => {
  it('delivers events to subscribers and stops after off', () => {
    const bus = createBus();
    const seen: string[] = [];
    const handler = (toast: { title?: string }) => seen.push(toast.title ?? '');
    bus.on('toast:add', handler);
    bus.emit('toast:add', { title: 'a' });
    bus.off('toast:add', handler);
    bus.emit('toast:add', { title: 'b' });
    expect(seen).toEqual(['a']);
  });

  it('replays the last session:changed value to a late subscriber, once', () => {
    const bus = createBus();
    bus.emit('session:changed', { user: null });
    bus.emit('session:changed', { user: { id: 7, username: 'ali', email: 'a@b.ir' } });
    const late = jest.fn();
    bus.on('session:changed', late);
    expect(late).toHaveBeenCalledTimes(1);
    expect(late).toHaveBeenCalledWith({ user: { id: 7, username: 'ali', email: 'a@b.ir' } });
    expect(bus.last('session:changed')).toEqual({ user: { id: 7, username: 'ali', email: 'a@b.ir' } });

    bus.emit('session:changed', { user: null });
    expect(late).toHaveBeenCalledTimes(2);
    expect(late).toHaveBeenLastCalledWith({ user: null });
  });

  it('does not replay before anything was emitted, nor for other events', () => {
    const bus = createBus();
    const session = jest.fn();
    bus.on('session:changed', session);
    expect(session).not.toHaveBeenCalled();

    bus.emit('toast:add', { title: 'x' });
    const toast = jest.fn();
    bus.on('toast:add', toast);
    expect(toast).not.toHaveBeenCalled();
    expect(bus.last('toast:add')).toBeUndefined();
  });

  it('passes every event to a wildcard handler without replaying', () => {
    const bus = createBus();
    bus.emit('session:changed', { user: null });
    const all = jest.fn();
    bus.on('*', all);
    expect(all).not.toHaveBeenCalled();
    bus.emit('consent:changed', 'granted');
    expect(all).toHaveBeenCalledWith('consent:changed', 'granted');
  });

  it('keeps separate buses separate', () => {
    const a = createBus();
    const b = createBus();
    a.emit('session:changed', { user: null });
    const handler = jest.fn();
    b.on('session:changed', handler);
    expect(handler).not.toHaveBeenCalled();
  });
});
