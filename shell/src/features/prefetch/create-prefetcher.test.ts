import { createPrefetcher, PREFETCH_MAX_PENDING } from './create-prefetcher';

type App = string;

function deferred() {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const flush = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

function setup(loaded: App[] = ['catalogue']) {
  const started: App[] = [];
  const waits = new Map<App, ReturnType<typeof deferred>>();
  const prefetcher = createPrefetcher<App>({
    // `/x/...` belongs to app `x`; `/` to the catalogue (the page we are on).
    resolveApp: (pathname) =>
      pathname === '/' ? 'catalogue' : pathname.startsWith('/api') ? null : pathname.split('/')[1]!,
    isLoaded: (app) => loaded.includes(app),
    preload: (app) => {
      started.push(app);
      const d = deferred();
      waits.set(app, d);
      return d.promise;
    },
    baseUrl: () => 'http://shop.test/',
  });
  return { prefetcher, started, waits, loaded };
}

describe('prefetcher', () => {
  it('preloads another app once, whatever the number of links and targets', async () => {
    const { prefetcher, started, waits } = setup();
    void prefetcher.prefetch('/blog');
    void prefetcher.prefetch('/blog');
    void prefetcher.prefetch('/blog/some-article');
    await flush();
    expect(started).toEqual(['blog']);
    waits.get('blog')!.resolve();
    await flush();
    void prefetcher.prefetch('/blog/other');
    await flush();
    expect(started).toEqual(['blog']);
  });

  it('never preloads an app already loaded, an app-server path or another origin', async () => {
    const { prefetcher, started } = setup(['catalogue', 'panel']);
    void prefetcher.prefetch('/');
    void prefetcher.prefetch('/panel/order');
    void prefetcher.prefetch('/api/auth');
    void prefetcher.prefetch('https://elsewhere.test/blog');
    await flush();
    expect(started).toEqual([]);
  });

  it(`waits while more than ${PREFETCH_MAX_PENDING} preloads are pending`, async () => {
    const { prefetcher, started, waits } = setup();
    const apps = ['a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a7'];
    for (const app of apps) void prefetcher.prefetch(`/${app}`);
    await flush();
    // Up to 4 pending, a 5th may start (then 5 > 4): the 6th and 7th wait.
    expect(started).toEqual(['a1', 'a2', 'a3', 'a4', 'a5']);
    expect(prefetcher.pendingCount()).toBe(5);
    for (const app of ['a1', 'a2', 'a3', 'a4']) waits.get(app)!.resolve();
    await flush();
    expect(started).toEqual(['a1', 'a2', 'a3', 'a4', 'a5']);
    waits.get('a5')!.resolve();
    await flush();
    expect(started).toEqual(apps);
  });

  it('may try an app again after its preload failed', async () => {
    const { prefetcher, started, waits } = setup();
    void prefetcher.prefetch('/blog');
    await flush();
    waits.get('blog')!.reject(new Error('offline'));
    await flush();
    void prefetcher.prefetch('/blog/another');
    await flush();
    expect(started).toEqual(['blog', 'blog']);
  });
});
