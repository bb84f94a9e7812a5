import { routeNotFound, BOT_USER_AGENT } from '@steel/contract';
import { createBus } from '@steel/shared';
import { createLiveRoutes } from '../../app/routes/match-route';
import { SITE_PAGES } from '../../app/routes/site-pages.fixture';
import { createShellStore } from '../../app/state/shell-store';
import { installErrorPipeline, toAppError } from './error-pipeline';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

function setup(userAgent: string) {
  const bus = createBus();
  const store = createShellStore(() => window.location.pathname + window.location.search, createLiveRoutes(SITE_PAGES));
  installErrorPipeline({ bus, store, userAgent });
  return { bus, store };
}

describe('error pipeline', () => {
  let log: jest.SpyInstance;
  beforeEach(() => {
    log = jest.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => log.mockRestore());

  it('matches the bot user agents', () => {
    for (const ua of [
      'Googlebot/2.1 (+http://www.google.com/bot.html)',
      'Mozilla/5.0 Chrome-Lighthouse',
      'facebookexternalhit/1.1',
      'AdsBot-Google (+http://www.google.com/adsbot.html)',
      'bingbot/2.0',
    ]) {
      expect(BOT_USER_AGENT.test(ua)).toBe(true);
    }
    expect(BOT_USER_AGENT.test(CHROME)).toBe(false);
    expect(BOT_USER_AGENT.test('robotics-browser googlemail')).toBe(false);
  });

  it('a person gets the error stored (and shown), stamped with the URL; navigation clears it', () => {
    const { bus, store } = setup(CHROME);
    const error = routeNotFound('/rebar/x');
    bus.emit('app:error', error);
    expect(store.get().error).toMatchObject({ statusCode: 404, fatal: true, url: '/' });
    expect(log).toHaveBeenCalled();
    window.history.pushState(null, '', '/elsewhere');
    store.syncLocation();
    expect(store.get().error).toBeNull();
    window.history.pushState(null, '', '/');
  });

  it('a bot never gets the error page: the error is only logged', () => {
    const { bus, store } = setup('Googlebot/2.1 (+http://www.google.com/bot.html)');
    bus.emit('app:error', routeNotFound('/rebar/x'));
    expect(store.get().error).toBeNull();
    expect(log).toHaveBeenCalledWith(expect.stringContaining('Page Not Found: /rebar/x'), expect.anything());
  });

  it('uncaught errors and rejections are reported non-fatal; chunk errors are left to their own path', () => {
    const { bus } = setup(CHROME);
    const seen: unknown[] = [];
    bus.on('app:error', (error) => seen.push(error));
    window.dispatchEvent(new ErrorEvent('error', { error: new Error('boom') }));
    const rejection = new Event('unhandledrejection') as Event & { reason?: unknown };
    rejection.reason = Object.assign(new Error('Loading chunk 3 failed.'), { name: 'ChunkLoadError' });
    window.dispatchEvent(rejection);
    expect(seen).toEqual([{ statusCode: 500, statusMessage: 'Internal Error', message: 'boom', fatal: false }]);
  });

  it('toAppError keeps an AppError and wraps anything else', () => {
    expect(toAppError(routeNotFound('/a'))).toEqual({
      statusCode: 404,
      statusMessage: 'Page Not Found',
      message: 'Page Not Found: /a',
      fatal: true,
    });
    expect(toAppError('x', { fatal: true, message: 'The blog app failed: x' })).toEqual({
      statusCode: 500,
      statusMessage: 'Internal Error',
      message: 'The blog app failed: x',
      fatal: true,
    });
  });
});
