import { REMOTE_INTEGRITY_GLOBAL, RETRY_PARAM, forgetScriptFailures } from '@steel/shared';
import { integrityOf, recordRemoteIntegrity } from '../../features/integrity/integrity-table';
import { remoteScriptPlugin } from './remote-script-plugin';

const digest = (n: number) => `sha384-${String(n).repeat(64)}`;
const pageUrl = window.location.href; // http://localhost/ under jsdom

describe('remote integrity in the browser', () => {
  beforeEach(() => {
    delete (globalThis as Record<string, unknown>)[REMOTE_INTEGRITY_GLOBAL];
    recordRemoteIntegrity(
      {
        blog: {
          version: 'b1',
          entry: '/builds/blog/b1/mf-manifest.json',
          integrity: digest(1),
          files: { 'remoteEntry.js': digest(2), '12.ab.js': digest(3) },
          contract: '1.2.0',
          shared: {},
          pages: [],
        },
        catalogue: {
          version: 'c1',
          entry: 'https://cdn.example/builds/catalogue/c1/mf-manifest.json',
          integrity: digest(4),
          files: { 'remoteEntry.js': digest(5) },
          contract: '1.2.0',
          shared: {},
          pages: [],
        },
        panel: { version: 'p1', entry: '/builds/panel/p1/mf-manifest.json', contract: '1.2.0', shared: {}, pages: [] },
      },
      pageUrl,
    );
  });

  it('keys the table by absolute URL, where a remote chunk loader finds it by script.src', () => {
    const table = (globalThis as unknown as Record<string, Record<string, string>>)[REMOTE_INTEGRITY_GLOBAL]!;
    expect(table['http://localhost/builds/blog/b1/12.ab.js']).toBe(digest(3));
    expect(table['https://cdn.example/builds/catalogue/c1/remoteEntry.js']).toBe(digest(5));
    expect(integrityOf('/builds/blog/b1/mf-manifest.json', pageUrl)).toBe(digest(1));
    expect(integrityOf('/builds/panel/p1/remoteEntry.js', pageUrl)).toBeUndefined();
  });

  it('gives a remote entry script its digest (CORS only on another origin) and the time limit', () => {
    const plugin = remoteScriptPlugin(8000);
    const local = plugin.createScript!({ url: 'http://localhost/builds/blog/b1/remoteEntry.js' }) as {
      script: HTMLScriptElement;
      timeout: number;
    };
    expect(local.script.integrity).toBe(digest(2));
    expect(local.script.crossOrigin).toBeNull();
    expect(local.timeout).toBe(8000);
    const remote = plugin.createScript!({ url: 'https://cdn.example/builds/catalogue/c1/remoteEntry.js' }) as {
      script: HTMLScriptElement;
    };
    expect(remote.script.integrity).toBe(digest(5));
    expect(remote.script.crossOrigin).toBe('anonymous');
    // A file the registry names no digest for loads without one, with the limit.
    const plain = plugin.createScript!({ url: 'http://localhost/builds/panel/p1/remoteEntry.js' }) as {
      script: HTMLScriptElement;
      timeout: number;
    };
    expect(plain.script.integrity).toBeFalsy();
    expect(plain.timeout).toBe(8000);
    expect(
      remoteScriptPlugin(0).createScript!({ url: 'http://localhost/builds/panel/p1/remoteEntry.js' }),
    ).not.toHaveProperty('timeout');
  });

  it('asks for an entry that failed past the browser cache on the next try, with its digest', () => {
    forgetScriptFailures();
    const plugin = remoteScriptPlugin(8000);
    const url = 'http://localhost/builds/blog/b1/remoteEntry.js';
    const first = plugin.createScript!({ url }) as { script: HTMLScriptElement };
    // The runtime sets src itself when the plugin left it empty.
    expect(first.script.getAttribute('src')).toBeNull();
    first.script.dispatchEvent(new Event('error'));
    const retried = (plugin.createScript!({ url }) as { script: HTMLScriptElement }).script;
    expect(retried.src).toMatch(new RegExp(`^${url.replace(/[.]/g, '\\.')}\\?${RETRY_PARAM}=`));
    expect(retried.integrity).toBe(digest(2));
  });

  it('fetches a federation manifest with its digest', async () => {
    const fetchMock = jest.fn(async () => ({ ok: true }));
    const original = globalThis.fetch;
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    try {
      const plugin = remoteScriptPlugin(8000);
      await plugin.fetch!('https://cdn.example/builds/catalogue/c1/mf-manifest.json', {});
      expect(fetchMock).toHaveBeenCalledWith('https://cdn.example/builds/catalogue/c1/mf-manifest.json', {
        integrity: digest(4),
      });
      expect(plugin.fetch!('http://localhost/builds/panel/p1/mf-manifest.json', {})).toBeUndefined();
    } finally {
      globalThis.fetch = original;
    }
  });

  it('keeps the digests of an earlier registry (a version still loading) when a newer one arrives', () => {
    recordRemoteIntegrity(
      {
        blog: {
          version: 'b2',
          entry: '/builds/blog/b2/mf-manifest.json',
          integrity: digest(6),
          contract: '1.2.0',
          shared: {},
          pages: [],
        },
      },
      pageUrl,
    );
    expect(integrityOf('/builds/blog/b2/mf-manifest.json', pageUrl)).toBe(digest(6));
    expect(integrityOf('/builds/blog/b1/mf-manifest.json', pageUrl)).toBe(digest(1));
  });
});
