import { HttpError, createBus, type AppFetch } from '@steel/shared';
import { createVersionPoller } from './version-poller';

const INTERVAL = 1000;

function setup(responses: Array<unknown>) {
  const bus = createBus();
  const updates: unknown[] = [];
  bus.on('app:manifest:update', (stamp) => updates.push(stamp));
  const urls: string[] = [];
  const fetchJson = jest.fn(async (url: string) => {
    urls.push(url);
    const next = responses.length > 1 ? responses.shift() : responses[0];
    if (next instanceof Error) throw next;
    return next;
  }) as unknown as AppFetch;
  const poller = createVersionPoller({ fetchJson, bus, buildId: 'aaa', intervalMs: INTERVAL });
  return { poller, updates, urls, fetchJson: fetchJson as unknown as jest.Mock };
}

describe('version poller', () => {
  beforeEach(() => jest.useFakeTimers({ now: 1_700_000_000_000 }));
  afterEach(() => jest.useRealTimers());

  it('first checks one interval after start, with a cache-busting timestamp', async () => {
    const { poller, urls } = setup([{ id: 'aaa', timestamp: 1 }]);
    poller.start();
    await jest.advanceTimersByTimeAsync(INTERVAL - 1);
    expect(urls).toHaveLength(0);
    await jest.advanceTimersByTimeAsync(1);
    expect(urls).toEqual([`/builds/latest.json?${Date.now()}`]);
    await jest.advanceTimersByTimeAsync(INTERVAL);
    expect(urls).toHaveLength(2);
    expect(poller.outdated).toBe(false);
  });

  it('a new id emits app:manifest:update, stops polling and arms exactly one reload', async () => {
    const { poller, updates, fetchJson } = setup([
      { id: 'aaa', timestamp: 1 },
      { id: 'bbb', timestamp: 2 },
    ]);
    poller.start();
    expect(poller.takeReload()).toBe(false);
    await jest.advanceTimersByTimeAsync(INTERVAL * 2);
    expect(updates).toEqual([{ id: 'bbb', timestamp: 2 }]);
    await jest.advanceTimersByTimeAsync(INTERVAL * 5);
    expect(fetchJson).toHaveBeenCalledTimes(2);
    expect(poller.takeReload()).toBe(true);
    expect(poller.takeReload()).toBe(false);
  });

  it('swallows network errors and ignores a 404/403 manifest; polling goes on', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    const { poller, updates, fetchJson } = setup([
      new HttpError('network', { status: null, url: '/builds/latest.json' }),
      new HttpError('not found', { status: 404, url: '/builds/latest.json' }),
      new HttpError('forbidden', { status: 403, url: '/builds/latest.json' }),
      { id: 'ccc', timestamp: 3 },
    ]);
    poller.start();
    await jest.advanceTimersByTimeAsync(INTERVAL * 4);
    expect(fetchJson).toHaveBeenCalledTimes(4);
    expect(updates).toEqual([{ id: 'ccc', timestamp: 3 }]);
    expect(error).not.toHaveBeenCalled();
    error.mockRestore();
  });

  it('reports other failures but keeps polling; stop() stops', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    const { poller, fetchJson } = setup([
      new HttpError('bad gateway', { status: 502, url: '/builds/latest.json' }),
      { id: 'aaa', timestamp: 1 },
    ]);
    poller.start();
    await jest.advanceTimersByTimeAsync(INTERVAL);
    expect(error).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(INTERVAL);
    expect(fetchJson).toHaveBeenCalledTimes(2);
    poller.stop();
    await jest.advanceTimersByTimeAsync(INTERVAL * 3);
    expect(fetchJson).toHaveBeenCalledTimes(2);
    error.mockRestore();
  });

  it('a pushed manifest with a new id acts like a poll that saw it; the same id changes nothing', async () => {
    const { poller, updates, fetchJson } = setup([{ id: 'aaa', timestamp: 1 }]);
    poller.start();
    expect(poller.notice({ id: 'aaa', timestamp: 1 })).toBe(false);
    expect(poller.notice({ id: 'bbb', timestamp: 2 })).toBe(true);
    expect(updates).toEqual([{ id: 'bbb', timestamp: 2 }]);
    // Polling has stopped and a second push is not news.
    expect(poller.notice({ id: 'ccc', timestamp: 3 })).toBe(false);
    await jest.advanceTimersByTimeAsync(INTERVAL * 3);
    expect(fetchJson).not.toHaveBeenCalled();
    expect(poller.takeReload()).toBe(true);
  });
});
