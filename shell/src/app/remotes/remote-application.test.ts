import { createBus, defaultRuntimeConfig, type ShellContext } from '@steel/shared';
import { createLiveRoutes } from '../routes/match-route';
import { SITE_PAGES } from '../routes/site-pages.fixture';
import { createShellStore } from '../state/shell-store';
import { createRemoteApplication } from './remote-application';

const loadRemote = jest.fn();
jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: (id: string) => loadRemote(id) }));

const props = () => ({ bus: createBus(), config: { ...defaultRuntimeConfig, remoteLoadTimeoutMs: 8000 } }) as unknown as ShellContext;
const remoteModule = () => ({ bootstrap: jest.fn(async () => undefined), mount: jest.fn(async () => undefined), unmount: jest.fn(async () => undefined) });

describe('createRemoteApplication', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    loadRemote.mockReset();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => jest.useRealTimers());

  it('returns from mount and unmount at once while the remote hangs (single-spa was held for 330 s)', async () => {
    loadRemote.mockReturnValue(new Promise(() => undefined));
    const store = createShellStore(() => window.location.pathname + window.location.search, createLiveRoutes(SITE_PAGES));
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
    const store = createShellStore(() => window.location.pathname + window.location.search, createLiveRoutes(SITE_PAGES));
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
    const app = createRemoteApplication({ app: 'blog', store: createShellStore(() => window.location.pathname + window.location.search, createLiveRoutes(SITE_PAGES)), refreshRegistry: async () => undefined });
    const p = props();
    await (app.mount as (p: ShellContext) => Promise<unknown>)(p);
    await (app.unmount as (p: ShellContext) => Promise<unknown>)(p);
    const remote = remoteModule();
    finish(remote);
    await jest.advanceTimersByTimeAsync(0);
    expect(remote.mount).not.toHaveBeenCalled();
  });
});
