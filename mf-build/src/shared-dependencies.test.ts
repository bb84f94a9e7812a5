/** @jest-environment node */
import path from 'node:path';
import { federationShared, remoteCoreShared, sharedDependencies } from './shared-dependencies';
import { kitCodeDigest } from './kit-code-digest';

describe('what the apps share through federation', () => {
  const dependencies = {
    react: '19.3.1',
    'react-dom': '19.3.1',
    '@tanstack/react-query': '5.108.0',
    '@steel/shared': '1.8.0',
    'react-router': '7.18.5',
    'single-spa-react': '6.0.2',
  };

  it("shares the kit's React Router module by the kit's version, not as a singleton: an older page copy is not taken", () => {
    expect(federationShared(dependencies)['@steel/shared/router']).toEqual({
      version: '1.8.0',
      requiredVersion: '^1.8.0',
      singleton: false,
    });
  });

  it('never shares React Router itself (whole, 65 KB) and keeps the router out of the checked singletons', () => {
    expect(federationShared(dependencies)).not.toHaveProperty('react-router');
    expect(Object.keys(sharedDependencies(dependencies))).toEqual([
      'react',
      'react/',
      'react-dom',
      'react-dom/',
      '@tanstack/react-query',
    ]);
  });

  it('shares single-spa-react by its version, for the remotes that run it', () => {
    expect(federationShared(dependencies)['single-spa-react']).toEqual({
      version: '6.0.2',
      requiredVersion: '^6.0.2',
      singleton: false,
    });
  });

  it('an app without the kit shares no router module', () => {
    expect(federationShared({ react: '19.3.1' })).not.toHaveProperty('@steel/shared/router');
  });

  it("shares the kit's remote core among remotes by a digest of the kit's code: only builds of the same code share it", () => {
    expect(remoteCoreShared('1.8.0', 'abc123def456')).toEqual({
      '@steel/shared/remote-core': {
        shareKey: '@steel/shared/remote-core@abc123def456',
        version: '1.8.0',
        requiredVersion: false,
        singleton: false,
      },
    });
  });

  it('digests the kit code as each app resolves it: the same for two apps of one checkout', () => {
    const repo = path.resolve(__dirname, '../..');
    const catalogue = kitCodeDigest(path.join(repo, 'mf-catalogue'));
    expect(catalogue).toMatch(/^[0-9a-f]{12}$/);
    expect(kitCodeDigest(path.join(repo, 'mf-blog'))).toBe(catalogue);
  });
});
