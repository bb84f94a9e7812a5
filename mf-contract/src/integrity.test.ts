import { FILE_DIGESTS_FILE, fileDigestsUrl, integrityByUrl, readsFileDigests } from './integrity';

describe('integrityByUrl: a registry entry’s digests by the URL the browser will request', () => {
  const digest = (n: number) => `sha384-${String(n).repeat(64)}`;

  it('resolves every file against the entry’s folder, on the page’s origin or an asset origin', () => {
    const files = {
      'remoteEntry.js': digest(1),
      '325.2970.js': digest(2),
      'assets/a-b.c.js': digest(3),
      '../other/x.js': digest(4),
      'ü.js': digest(5),
    };
    expect(
      integrityByUrl(
        { entry: '/builds/blog/b1/mf-manifest.json', integrity: digest(0), files },
        'https://steel.example/blog?page=2',
      ),
    ).toEqual({
      'https://steel.example/builds/blog/b1/mf-manifest.json': digest(0),
      'https://steel.example/builds/blog/b1/remoteEntry.js': digest(1),
      'https://steel.example/builds/blog/b1/325.2970.js': digest(2),
      'https://steel.example/builds/blog/b1/assets/a-b.c.js': digest(3),
      // Names a URL parse changes are resolved by one: the same key the script's `src` will have.
      'https://steel.example/builds/blog/other/x.js': digest(4),
      'https://steel.example/builds/blog/b1/%C3%BC.js': digest(5),
    });
    expect(
      Object.keys(
        integrityByUrl(
          { entry: 'https://cdn.example/builds/c/c1/mf-manifest.json', files: { '1.js': digest(1) } },
          'https://steel.example/',
        ),
      ),
    ).toEqual(['https://cdn.example/builds/c/c1/1.js']);
  });
});

describe('the file-digests file', () => {
  const digest = (n: number) => `sha384-${String(n).repeat(64)}`;

  it('is keyed beside the entry, on whatever origin the entry is, with the digest the registry names', () => {
    expect(
      integrityByUrl(
        { entry: 'https://cdn.example/builds/c/c1/mf-manifest.json', integrity: digest(1), filesIntegrity: digest(2) },
        'https://steel.example/',
      ),
    ).toEqual({
      'https://cdn.example/builds/c/c1/mf-manifest.json': digest(1),
      [`https://cdn.example/builds/c/c1/${FILE_DIGESTS_FILE}`]: digest(2),
    });
    expect(fileDigestsUrl('https://steel.example/builds/blog/b1/mf-manifest.json')).toBe(
      `https://steel.example/builds/blog/b1/${FILE_DIGESTS_FILE}`,
    );
  });

  it('is read by shells from the contract version that added it; older ones get every digest', () => {
    expect(readsFileDigests('1.6.9')).toBe(false);
    expect(readsFileDigests('1.7.0')).toBe(true);
    expect(readsFileDigests('1.12.0')).toBe(true);
    expect(readsFileDigests('2.0.0')).toBe(true);
    expect(readsFileDigests('0.9.0')).toBe(false);
  });
});
