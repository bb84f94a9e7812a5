/** @jest-environment node */
import { appServerPathClash, isAppServerPath } from './app-server-paths';
import { RESERVED_REMOTE_NAMES } from './remotes';

describe("the app server's own paths", () => {
  it('clash with a registered pattern, a page or a feed that names one of them', () => {
    const clash = (claim: string) => appServerPathClash(claim)?.path ?? null;
    expect(clash('/api/**')).toBe('/api/*');
    expect(clash('/api/health')).toBe('/api/*');
    expect(clash('/api')).toBe('/api/*');
    expect(clash('/builds/**')).toBe('/builds/*');
    expect(clash('/_/**')).toBe('/_/*');
    expect(clash('/_/console')).toBe('/_/*');
    expect(clash('/metrics')).toBe('/metrics');
    expect(clash('/metrics/**')).toBe('/metrics');
    expect(clash('/metrics/*')).toBe('/metrics');
    expect(clash('/sitemap.xml')).toBe('/sitemap.xml');
    expect(clash('/robots.txt')).toBe('/robots.txt');
    expect(clash('/remotes.json')).toBe('/remotes.json');
    expect(clash('/.well-known/**')).toBe('/.well-known/*');
    // Every first segment beginning with `_` is the platform's.
    expect(clash('/_internal/**')).toBe('/_internal');
  });

  it('leave every other path, a `:param` or a catch-all where they have a word, and what lies beside them', () => {
    for (const claim of [
      '/',
      '/*',
      '/:slug',
      '/:slug/*',
      '/guides/**',
      '/apis/**',
      '/metrics-report',
      '/metrics/daily',
      '/blog/rss.xml',
      '/sitemap',
      '/rebar/*',
      '/weight_table',
    ])
      expect(appServerPathClash(claim)).toBeNull();
  });

  it('tell the paths the app server answers from pages', () => {
    expect(isAppServerPath('/_/print.pdf')).toBe(true);
    expect(isAppServerPath('/_')).toBe(true);
    expect(isAppServerPath('/api')).toBe(true);
    expect(isAppServerPath('/builds/latest.json')).toBe(true);
    expect(isAppServerPath('/rebar/kalaf')).toBe(false);
    expect(isAppServerPath('/')).toBe(false);
  });

  it('reserve the names their first segments would give an app', () => {
    expect(RESERVED_REMOTE_NAMES).toEqual(
      expect.arrayContaining(['shell', 'platform', 'apps', 'api', 'builds', 'metrics']),
    );
    // Not a name an app could have anyway: no list entry for them.
    expect(RESERVED_REMOTE_NAMES).not.toContain('_');
    expect(RESERVED_REMOTE_NAMES).not.toContain('sitemap.xml');
  });
});
