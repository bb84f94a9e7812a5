import { FILE_DIGESTS_FILE, REMOTE_INTEGRITY_GLOBAL } from '@steel/contract';
import { RETRY_PARAM, forgetScriptFailures } from '@steel/shared';
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

  it('fetches the version’s file-digests file beside its manifest and has its digests before the entry loads', async () => {
    recordRemoteIntegrity(
      {
        blog: {
          version: 'b3',
          entry: '/builds/blog/b3/mf-manifest.json',
          integrity: digest(7),
          filesIntegrity: digest(8),
          contract: '1.7.0',
          shared: {},
          pages: [],
        },
      },
      pageUrl,
    );
    const requested: Array<[string, RequestInit]> = [];
    let answerDigests: () => void = () => undefined;
    const fetchFake = jest.fn((url: string, init: RequestInit) => {
      // The list's request is given up at the remote load's time limit (a hung one is not joined by a retry).
      const { signal, ...rest } = init;
      if (url.endsWith(FILE_DIGESTS_FILE)) expect(signal).toBeDefined();
      requested.push([url, rest]);
      if (!url.endsWith(FILE_DIGESTS_FILE)) return Promise.resolve({ ok: true, url });
      return new Promise((resolve) => {
        answerDigests = () =>
          resolve({ ok: true, json: async () => ({ 'remoteEntry.js': digest(9), 'assets/1.js': digest(5) }) });
      });
    });
    const original = globalThis.fetch;
    globalThis.fetch = fetchFake as unknown as typeof fetch;
    try {
      let settled = false;
      const manifest = (
        remoteScriptPlugin(8000).fetch!('http://localhost/builds/blog/b3/mf-manifest.json', {}) as Promise<Response>
      ).then((response) => {
        settled = true;
        return response;
      });
      // Both requested at once, each with its digest: no round trip of its own.
      expect(requested).toEqual([
        ['http://localhost/builds/blog/b3/mf-manifest.json', { integrity: digest(7) }],
        [`http://localhost/builds/blog/b3/${FILE_DIGESTS_FILE}`, { integrity: digest(8) }],
      ]);
      await Promise.resolve();
      expect(settled).toBe(false);
      answerDigests();
      expect(await manifest).toMatchObject({ url: 'http://localhost/builds/blog/b3/mf-manifest.json' });
      expect(integrityOf('/builds/blog/b3/remoteEntry.js', pageUrl)).toBe(digest(9));
      expect(integrityOf('/builds/blog/b3/assets/1.js', pageUrl)).toBe(digest(5));
    } finally {
      globalThis.fetch = original;
    }
  });

  it('fails the manifest’s load when its file-digests file is refused, and asks for it afresh on the retry', async () => {
    recordRemoteIntegrity(
      {
        blog: {
          version: 'b4',
          entry: '/builds/blog/b4/mf-manifest.json',
          integrity: digest(7),
          filesIntegrity: digest(8),
          contract: '1.7.0',
          shared: {},
          pages: [],
        },
      },
      pageUrl,
    );
    const requested: Array<[string, RequestInit]> = [];
    let refuse = true;
    const fetchFake = jest.fn(async (url: string, init: RequestInit) => {
      // The list's request is given up at the remote load's time limit (a hung one is not joined by a retry).
      const { signal, ...rest } = init;
      if (url.endsWith(FILE_DIGESTS_FILE)) expect(signal).toBeDefined();
      requested.push([url, rest]);
      // What a browser does with a body that does not match its integrity.
      if (url.endsWith(FILE_DIGESTS_FILE) && refuse) throw new TypeError('Failed to fetch');
      return { ok: true, json: async () => ({ 'remoteEntry.js': digest(9) }) };
    });
    const original = globalThis.fetch;
    globalThis.fetch = fetchFake as unknown as typeof fetch;
    try {
      const plugin = remoteScriptPlugin(8000);
      await expect(plugin.fetch!('http://localhost/builds/blog/b4/mf-manifest.json', {})).rejects.toThrow(
        'Failed to fetch',
      );
      expect(integrityOf('/builds/blog/b4/remoteEntry.js', pageUrl)).toBeUndefined();
      refuse = false;
      await plugin.fetch!('http://localhost/builds/blog/b4/mf-manifest.json', {});
      expect(requested.filter(([url]) => url.endsWith(FILE_DIGESTS_FILE)).map(([, init]) => init)).toEqual([
        { integrity: digest(8) },
        { integrity: digest(8), cache: 'no-cache' },
      ]);
      expect(integrityOf('/builds/blog/b4/remoteEntry.js', pageUrl)).toBe(digest(9));
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
