import { prefetchScript, remoteAppScripts } from './prefetch-remote-files';

const digest = (n: number) => `sha384-${String(n).repeat(64)}`;
/** The published digests, as the shell's integrity table gives them (jsdom's page is http://localhost/). */
const DIGESTS: Record<string, string> = {
  'http://localhost/builds/blog/b1/mf-manifest.json': digest(1),
  'http://localhost/builds/blog/b1/remoteEntry.js': digest(2),
  'https://cdn.example/builds/catalogue/c1/12.ab.js': digest(3),
};
const integrityOf = (url: string) => DIGESTS[url];

describe('prefetching a remote without running it', () => {
  beforeEach(() => {
    document.head.innerHTML = '';
  });

  it("lists the entry script and the ./app module's chunks from the manifest, fetched with its digest", async () => {
    const manifest = {
      metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
      exposes: [
        {
          path: './app',
          assets: { js: { sync: ['745.aa.js', '__federation_expose_app.bb.js'], async: ['price-chart.cc.js'] } },
        },
        { path: './other', assets: { js: { sync: ['9.dd.js'] } } },
      ],
    };
    const fetchMock = jest.fn(async () => ({ ok: true, status: 200, json: async () => manifest }));
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    const scripts = await remoteAppScripts('http://localhost/builds/blog/b1/mf-manifest.json', integrityOf);
    expect(fetchMock).toHaveBeenCalledWith('http://localhost/builds/blog/b1/mf-manifest.json', {
      integrity: digest(1),
    });
    expect(scripts).toEqual([
      'http://localhost/builds/blog/b1/remoteEntry.js',
      'http://localhost/builds/blog/b1/745.aa.js',
      'http://localhost/builds/blog/b1/__federation_expose_app.bb.js',
    ]);
  });

  it('gives a prefetch the digest and CORS mode the later script load has, and settles with it', async () => {
    const sameOrigin = prefetchScript('http://localhost/builds/blog/b1/remoteEntry.js', integrityOf);
    const crossOrigin = prefetchScript('https://cdn.example/builds/catalogue/c1/12.ab.js', integrityOf);
    const [first, second] = [...document.head.querySelectorAll('link')];
    expect([first?.rel, first?.getAttribute('as'), first?.integrity, first?.getAttribute('crossorigin')]).toEqual([
      'prefetch',
      'script',
      digest(2),
      null,
    ]);
    expect([second?.rel, second?.integrity, second?.getAttribute('crossorigin')]).toEqual([
      'prefetch',
      digest(3),
      'anonymous',
    ]);
    first?.dispatchEvent(new Event('load'));
    second?.dispatchEvent(new Event('error'));
    await expect(sameOrigin).resolves.toBeUndefined();
    await expect(crossOrigin).rejects.toThrow('Prefetch of https://cdn.example/builds/catalogue/c1/12.ab.js failed');
    expect(document.querySelectorAll('script')).toHaveLength(0);
  });
});
