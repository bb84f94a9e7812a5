import { integrityByUrl } from './integrity';

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
