import { defaultRuntimeConfig } from '@steel/contract';
import { createBus, type ShellContext } from '@steel/shared';
import { createLiveRoutes } from '../routes/match-route';
import { SITE_PAGES } from '../routes/site-pages.fixture';
import { createShellStore } from '../state/shell-store';
import { createRemoteApplication } from './remote-application';

const loadRemote = jest.fn<Promise<unknown>, [string]>();
jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: (id: string) => loadRemote(id) }));

const props = () =>
  ({ bus: createBus(), config: { ...defaultRuntimeConfig, remoteLoadTimeoutMs: 8000 } }) as unknown as ShellContext;
const remoteModule = () => ({
  bootstrap: jest.fn(async () => undefined),
  mount: jest.fn(async () => undefined),
  unmount: jest.fn(async () => undefined),
});

describe('createRemoteApplication', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    loadRemote.mockReset();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => jest.useRealTimers());

  it('returns from mount and unmount at once while the remote hangs (single-spa was held for 330 s)', async () => {
    loadRemote.mockReturnValue(new Promise(() => undefined));
    const store = createShellStore(
      () => window.location.pathname + window.location.search,
      createLiveRoutes(SITE_PAGES),
    );
    const app = createRemoteApplication({ app: 'blog', store, refreshRegistry: async () => undefined });
    const p = props();
    const settled = jest.fn();
    void (app.mount as (p: ShellContext) => Promise<unknown>)(p).then(settled);
    await Promise.resolve();
    await Promise.resolve();
    expect(settled).toHaveBeenCalled();
    await expect((app.unmount as (p: ShellContext) => Promise<unknown>)(p)).resolves.toBeUndefined();
  });

  it('shows the in-layout error with a retry once the time limit has passed, the bar ends red, no reload', async () => {
    loadRemote.mockReturnValueOnce(new Promise(() => undefined));
    const store = createShellStore(
      () => window.location.pathname + window.location.search,
      createLiveRoutes(SITE_PAGES),
    );
    const app = createRemoteApplication({ app: 'blog', store, refreshRegistry: async () => undefined });
    const p = props();
    const events: string[] = [];
    p.bus.on('page:loading:end', (e) => events.push(e.error ? 'end:error' : 'end'));
    p.bus.on('app:chunk-error', () => events.push('chunk-error'));
    await (app.mount as (p: ShellContext) => Promise<unknown>)(p);
    await jest.advanceTimersByTimeAsync(7999);
    expect(store.get().remoteFailures.blog).toBeUndefined();
    await jest.advanceTimersByTimeAsync(1);
    const failure = store.get().remoteFailures.blog;
    expect(failure?.error).toMatchObject({ name: 'LoadTimeoutError' });
    expect(events).toEqual(['end:error']);

    // The files come back: the retry loads and mounts the remote.
    const remote = remoteModule();
    loadRemote.mockResolvedValueOnce(remote);
    failure?.retry();
    await jest.advanceTimersByTimeAsync(0);
    expect(remote.mount).toHaveBeenCalledTimes(1);
    expect(store.get().remoteFailures.blog).toBeUndefined();
  });

  it('mounts nothing when the visitor left before a slow load finished', async () => {
    let finish: (m: unknown) => void = () => undefined;
    loadRemote.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    const app = createRemoteApplication({
      app: 'blog',
      store: createShellStore(() => window.location.pathname + window.location.search, createLiveRoutes(SITE_PAGES)),
      refreshRegistry: async () => undefined,
    });
    const p = props();
    await (app.mount as (p: ShellContext) => Promise<unknown>)(p);
    await (app.unmount as (p: ShellContext) => Promise<unknown>)(p);
    const remote = remoteModule();
    finish(remote);
    await jest.advanceTimersByTimeAsync(0);
    expect(remote.mount).not.toHaveBeenCalled();
  });

  describe('failures in place of the remote', () => {
    const chunkLoadError = () =>
      Object.assign(
        new Error('Loading chunk 964 failed.\n(error: http://localhost/builds/catalogue/c1/product.ab.js)'),
        { name: 'ChunkLoadError' },
      );
    /** The catalogue's container holding its server markup for the page on screen. */
    function serverRendered() {
      const container = document.createElement('div');
      container.setAttribute('data-ssr-url', '/rebar');
      container.innerHTML = '<section><h1>میلگرد</h1><a href="/rebar/ribbed-rebar">میلگرد آجدار</a></section>';
      return container;
    }
    const setup = (container = serverRendered()) => {
      const store = createShellStore(
        () => window.location.pathname + window.location.search,
        createLiveRoutes(SITE_PAGES),
      );
      const reports: Array<[string, unknown]> = [];
      const app = createRemoteApplication({
        app: 'catalogue',
        store,
        refreshRegistry: async () => undefined,
        reportFailure: (kind, error) => void reports.push([kind, error]),
        container: () => container,
      });
      return { store, reports, app, container };
    };
    const mount = (app: ReturnType<typeof setup>['app'], p: ShellContext) =>
      (app.mount as (p: ShellContext) => Promise<unknown>)(p);

    beforeEach(() => window.history.pushState(null, '', '/rebar'));

    it('a page chunk refused while mounting is a `load` failure, shown without the dead server markup', async () => {
      const { store, reports, app, container } = setup();
      const remote = { ...remoteModule(), mount: jest.fn(async () => Promise.reject(chunkLoadError())) };
      loadRemote.mockResolvedValue(remote);
      await mount(app, props());
      await jest.advanceTimersByTimeAsync(0);
      expect(reports.map(([kind]) => kind)).toEqual(['load']);
      expect(store.get().remoteFailures.catalogue?.error).toMatchObject({ name: 'ChunkLoadError' });
      expect(container.childNodes).toHaveLength(0);
      expect(container.hasAttribute('data-ssr-url')).toBe(false);
    });

    it('a mount that throws for another reason is still a `mount` failure', async () => {
      const { reports, app } = setup();
      loadRemote.mockResolvedValue({
        ...remoteModule(),
        mount: jest.fn(async () => Promise.reject(new Error('boom'))),
      });
      await mount(app, props());
      await jest.advanceTimersByTimeAsync(0);
      expect(reports.map(([kind]) => kind)).toEqual(['mount']);
    });

    it('a render error the remote reports shows the error of that page; the retry renders the remote afresh', async () => {
      const { store, reports, app } = setup();
      const p = props();
      const remote = remoteModule();
      // The remote's boundary catches the error while it hydrates, and its mount still resolves.
      remote.mount.mockImplementationOnce(async () => {
        app.remoteReported(p, 'render', new Error('product view'));
        return undefined;
      });
      loadRemote.mockResolvedValue(remote);
      await mount(app, p);
      await jest.advanceTimersByTimeAsync(0);
      expect(reports.map(([kind]) => kind)).toEqual(['render']);
      const failure = store.get().remoteFailures.catalogue;
      expect(failure).toMatchObject({ url: '/rebar' });

      failure?.retry();
      await jest.advanceTimersByTimeAsync(0);
      expect(remote.unmount).toHaveBeenCalledTimes(1);
      expect(remote.mount).toHaveBeenCalledTimes(2);
      expect(store.get().remoteFailures.catalogue).toBeUndefined();

      // Shown again on a new crash, and gone with a navigation to another page of the app.
      app.remoteReported(p, 'render', new Error('product view'));
      expect(store.get().remoteFailures.catalogue).toBeDefined();
      window.history.pushState(null, '', '/sheet');
      store.syncLocation();
      expect(store.get().remoteFailures.catalogue).toBeUndefined();
    });

    it('a hydration mismatch is only told; a chunk that failed while rendering is told as `load`, shown by the chunk-error handling', () => {
      const { store, reports, app } = setup();
      app.remoteReported(props(), 'hydrate', new Error('mismatch'));
      app.remoteReported(props(), 'render', chunkLoadError());
      expect(reports.map(([kind]) => kind)).toEqual(['hydrate', 'load']);
      expect(store.get().remoteFailures.catalogue).toBeUndefined();
    });

    it('leaving a remote that never ran takes its server markup away', async () => {
      const { app, container } = setup();
      loadRemote.mockReturnValue(new Promise(() => undefined));
      const p = props();
      await mount(app, p);
      await (app.unmount as (p: ShellContext) => Promise<unknown>)(p);
      expect(container.childNodes).toHaveLength(0);
    });
  });
});
