import { createLiveRoutes } from './match-route';
import { planNavigation, planRedirect } from './navigation';
import { SITE_PAGES } from './site-pages.fixture';

const routes = createLiveRoutes(SITE_PAGES);
const at = (currentHref: string, reloadPending = false) => ({ currentHref, reloadPending, routes });

describe('navigation decisions', () => {
  it('moves inside the page for a path a remote owns, keeping query and hash', () => {
    expect(planNavigation('/blog/x?tag=a#top', at('https://shop.test/rebar'))).toEqual({
      kind: 'push',
      target: '/blog/x?tag=a#top',
    });
    expect(planNavigation('/panel', at('https://shop.test/'), { replace: true })).toEqual({
      kind: 'replace',
      target: '/panel',
    });
    expect(planNavigation('kalaf', at('https://shop.test/rebar/'))).toEqual({ kind: 'push', target: '/rebar/kalaf' });
  });

  it('loads the page in full after a deploy, for another origin and for the app server’s paths', () => {
    expect(planNavigation('/blog', at('https://shop.test/', true))).toEqual({
      kind: 'full',
      href: 'https://shop.test/blog',
    });
    expect(planNavigation('https://elsewhere.test/x', at('https://shop.test/'))).toEqual({
      kind: 'full',
      href: 'https://elsewhere.test/x',
    });
    expect(planNavigation('/sitemap.xml', at('https://shop.test/'))).toEqual({
      kind: 'full',
      href: 'https://shop.test/sitemap.xml',
    });
    expect(planNavigation('/api/auth', at('https://shop.test/'))).toEqual({
      kind: 'full',
      href: 'https://shop.test/api/auth',
    });
  });

  it('redirects the old paths in place, and leaves other paths alone', () => {
    const routes = { serves: () => false };
    expect(planRedirect('/market', routes)).toEqual({ kind: 'replace', target: '/landing/bourse/' });
    expect(planRedirect('/careers/', routes)).toEqual({ kind: 'replace', target: '/' });
    expect(planRedirect('/rebar', routes)).toBeNull();
  });
});
