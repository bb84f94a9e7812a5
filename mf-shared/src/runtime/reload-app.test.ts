import { RELOAD_STORAGE_KEY, reloadApp } from './reload-app';

describe('reloadApp', () => {
  const reload = jest.fn();
  let hrefSet: string | null;
  let location: Pick<Location, 'pathname' | 'search' | 'reload' | 'href'>;

  beforeEach(() => {
    jest.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z') });
    window.sessionStorage.clear();
    reload.mockReset();
    hrefSet = null;
    // jsdom's location cannot reload or navigate: a stand-in records what would happen.
    location = {
      pathname: '/blog',
      search: '',
      reload,
      get href() {
        return 'http://localhost/blog';
      },
      set href(value: string) {
        hrefSet = value;
      },
    };
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  const stored = () =>
    JSON.parse(window.sessionStorage.getItem(RELOAD_STORAGE_KEY) ?? 'null') as { path: string; expires: number };

  it('reloads the current path once and stores {path, expires: now + 10 s}', () => {
    expect(reloadApp({ path: '/blog' }, location)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(stored()).toEqual({ path: '/blog', expires: Date.now() + 10_000 });
  });

  it('refuses the same path within 10 s and allows it again after', () => {
    reloadApp({ path: '/blog' }, location);
    jest.advanceTimersByTime(10_000);
    expect(reloadApp({ path: '/blog' }, location)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(1);
    expect(reloadApp({ path: '/blog' }, location)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('another path is loaded with location.href, and force overrides the guard', () => {
    reloadApp({ path: '/blog' }, location);
    expect(reloadApp({ path: '/rebar' }, location)).toBe(true);
    expect(hrefSet).toBe('/rebar');
    expect(reloadApp({ path: '/rebar' }, location)).toBe(false);
    expect(reloadApp({ path: '/rebar', force: true }, location)).toBe(true);
  });

  it('honours a custom ttl and defaults the path to the current one', () => {
    expect(reloadApp({ ttl: 1000 }, location)).toBe(true);
    expect(stored()).toEqual({ path: '/blog', expires: Date.now() + 1000 });
    jest.advanceTimersByTime(1001);
    expect(reloadApp({}, location)).toBe(true);
  });

  it('ignores sessionStorage failures', () => {
    const getItem = jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('denied');
    });
    const setItem = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('denied');
    });
    expect(reloadApp({ path: '/blog' }, location)).toBe(true);
    getItem.mockRestore();
    setItem.mockRestore();
  });

  it('treats a broken stored value as nothing stored', () => {
    window.sessionStorage.setItem(RELOAD_STORAGE_KEY, '{not json');
    expect(reloadApp({ path: '/blog' }, location)).toBe(true);
  });
});
