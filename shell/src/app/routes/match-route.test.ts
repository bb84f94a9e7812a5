import { createLiveRoutes, findRedirect, normalisePath } from './match-route';
import { SITE_PAGES } from './site-pages.fixture';

describe('routes built from the remotes’ page lists', () => {
  const routes = createLiveRoutes(SITE_PAGES);

  it('matches every path with or without a trailing slash', () => {
    for (const path of [
      '/',
      '/rebar',
      '/rebar/',
      '/blog',
      '/blog/',
      '/panel/order',
      '/panel/order/',
      '/landing/bourse/',
    ]) {
      expect(routes.match(path)).not.toBeNull();
    }
    expect(normalisePath('/a/b///')).toBe('/a/b');
    expect(normalisePath('/')).toBe('/');
  });

  it('gives each path the app, layout and guards its owner published', () => {
    expect(routes.match('/')?.definition).toMatchObject({ app: 'catalogue', layout: 'default', guards: ['cache'] });
    expect(routes.match('/sheet/coldplate/oiled-sheet/some-product')?.definition.app).toBe('catalogue');
    expect(routes.match('/product/abc')?.params).toEqual({ slug: 'abc' });
    expect(routes.match('/blog/steel-prices')?.definition).toMatchObject({ app: 'blog', guards: ['cache'] });
    expect(routes.match('/login/forgot-password')?.definition).toMatchObject({
      app: 'panel',
      layout: 'default',
      guards: [],
    });
    expect(routes.match('/panel')?.definition).toMatchObject({ app: 'panel', layout: 'auth', guards: ['auth'] });
    expect(routes.match('/panel/ticket/12')?.definition).toMatchObject({
      app: 'panel',
      layout: 'auth',
      guards: ['auth'],
    });
    expect(routes.isGuarded('/panel/order/3')).toBe(true);
    expect(routes.isGuarded('/blog')).toBe(false);
  });

  it('keeps the app server’s paths whatever a remote claims', () => {
    const greedy = createLiveRoutes({
      ...SITE_PAGES,
      blog: [{ path: '/api/*', rendering: 'server', guards: [], layout: 'default' }],
    });
    expect(greedy.match('/api/auth')?.definition.app).toBe('server');
    expect(routes.match('/sitemap.xml')?.definition.app).toBe('server');
    expect(routes.owner('/builds/blog/x/remoteEntry.js')).toBeNull();
  });

  it('leaves unknown paths unmatched', () => {
    for (const path of ['/nope', '/services/nope', '/blog/a/b', '/panel/nope', '/product']) {
      expect(routes.match(path)).toBeNull();
    }
  });

  it('routes a page a remote adds as soon as its new registry arrives', () => {
    const live = createLiveRoutes(SITE_PAGES);
    expect(live.owner('/blog-archive')).toBeNull();
    live.update({
      ...SITE_PAGES,
      blog: [
        ...(SITE_PAGES.blog ?? []),
        { path: '/blog-archive', rendering: 'server', guards: ['cache'], layout: 'default' },
      ],
    });
    expect(live.owner('/blog-archive')).toBe('blog');
  });

  it('redirects the old paths', () => {
    const served = createLiveRoutes(SITE_PAGES).serves;
    const to = (path: string) => findRedirect(path, served)?.to ?? null;
    expect(to('/market')).toBe('/landing/bourse/');
    expect(to('/market/')).toBe('/landing/bourse/');
    expect(to('/support')).toBe('/contact-us/');
    for (const path of ['/careers', '/informations']) expect(to(path)).toBe('/');
    // The panel's page now (the terms of buying on credit): no redirect.
    expect(to('/credit')).toBeNull();
    expect(createLiveRoutes(SITE_PAGES).owner('/credit')).toBe('panel');
    expect(findRedirect('/market', served)?.byLiveApps).toBe(false);
    expect(to('/rebar')).toBeNull();
  });

  it("sends the old inquiry pages to the inquiry app's when it is live, home when it is not, temporarily", () => {
    const withoutInquiry = createLiveRoutes(SITE_PAGES).serves;
    const withInquiry = createLiveRoutes({
      ...SITE_PAGES,
      inquiry: [{ path: '/inquiry/*', rendering: 'server', guards: [], layout: 'default' }],
    }).serves;
    expect(findRedirect('/price_inquiry', withoutInquiry)).toEqual({ to: '/', byLiveApps: true });
    expect(findRedirect('/price_inquiry_result', withoutInquiry)?.to).toBe('/');
    expect(findRedirect('/shipping_price/', withoutInquiry)?.to).toBe('/');
    expect(findRedirect('/price_inquiry', withInquiry)).toEqual({ to: '/inquiry', byLiveApps: true });
    expect(findRedirect('/price_inquiry_result', withInquiry)?.to).toBe('/inquiry/requests');
    expect(findRedirect('/shipping_price', withInquiry)?.to).toBe('/inquiry/shipping-price');
  });
});
