import { findRedirect, matchRoute, normalisePath, validateRouteTable } from './match-route';
import { ROUTES } from './route-table';

describe('route table', () => {
  it('matches every path with or without a trailing slash', () => {
    for (const path of ['/', '/rebar', '/rebar/', '/blog', '/blog/', '/panel/order', '/panel/order/', '/landing/bourse/']) {
      expect(matchRoute(path)).not.toBeNull();
    }
    expect(normalisePath('/a/b///')).toBe('/a/b');
    expect(normalisePath('/')).toBe('/');
  });

  it('gives each path its app, layout and guards', () => {
    expect(matchRoute('/')?.definition).toMatchObject({ app: 'catalogue', layout: 'default', guards: ['cache'] });
    expect(matchRoute('/sheet/coldplate/oiled-sheet/some-product')?.definition.app).toBe('catalogue');
    expect(matchRoute('/product/abc')?.params).toEqual({ slug: 'abc' });
    expect(matchRoute('/blog/steel-prices')?.definition).toMatchObject({ app: 'blog', guards: ['cache'] });
    expect(matchRoute('/login/forgot-password')?.definition).toMatchObject({ app: 'panel', layout: 'default', guards: [] });
    expect(matchRoute('/panel')?.definition).toMatchObject({ app: 'panel', layout: 'auth', guards: ['auth'] });
    expect(matchRoute('/panel/ticket/12')?.definition).toMatchObject({ app: 'panel', layout: 'auth', guards: ['auth'] });
    expect(matchRoute('/api/auth')?.definition.app).toBe('server');
    expect(matchRoute('/sitemap.xml')?.definition.app).toBe('server');
  });

  it('leaves unknown paths unmatched', () => {
    for (const path of ['/nope', '/services/nope', '/blog/a/b', '/panel/nope', '/product']) {
      expect(matchRoute(path)).toBeNull();
    }
  });

  it('redirects the old paths', () => {
    expect(findRedirect('/market')).toBe('/landing/bourse/');
    expect(findRedirect('/market/')).toBe('/landing/bourse/');
    expect(findRedirect('/support')).toBe('/contact-us/');
    for (const path of ['/careers', '/credit', '/informations', '/price_inquiry', '/price_inquiry_result', '/shipping_price']) {
      expect(findRedirect(path)).toBe('/');
    }
    expect(findRedirect('/rebar')).toBeNull();
  });

  it('refuses an unknown guard when the table is validated', () => {
    expect(() => validateRouteTable(ROUTES)).not.toThrow();
    expect(() => validateRouteTable([{ path: '/x', app: 'catalogue', layout: 'default', guards: ['cache', 'admin'], rendering: 'server' }])).toThrow(
      'Unknown route middleware: admin',
    );
  });
});
