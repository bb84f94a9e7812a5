/**
 * @jest-environment node
 *
 * One route rule (mf-contract/src/route-rule.ts), three deciders that must agree: the app
 * server (`findPageRoute`, by which it counts a view and keys its page cache), the shell (its
 * route table: which app mounts, browser and server), and the owning remote — its `matchPage`
 * (the data its server render prefetches, the page its browser preloads) and the react-router
 * `<Routes>` it renders. For every path of the sitemap, every page's sample and a list of tricky
 * paths, they pick the same page (same app, pattern and params), or all find none.
 *
 * Everything is the real thing: the remotes' page lists and server entries (whose `pages` the
 * build writes into each app manifest), the `<Route>` elements their roots render, the shell's
 * route table, and the site's paths from the CMS seed's own reading of data/domain.
 */
import { isValidElement, type ReactElement, type ReactNode } from 'react';
import { createRoutesFromChildren, matchRoutes } from 'react-router';
import { findPageRoute, type RemoteName } from '@steel/contract';
import { PageRoutes, isServerRendered, matchPage, pageRouteElements, type PageDefinition } from '@steel/shared';
import { createLiveRoutes } from '@steel/shell/routes';
import { remote as catalogue } from '@steel/catalogue/remote';
import { remote as blog } from '@steel/blog/remote';
import { remote as panel } from '@steel/panel/remote';
import { PUBLISHED, samplePaths, sitemapPaths } from './support/site-pages';

/** What a decider picked: the app, the pattern as listed and the params; or null for none. */
interface RouteChoice {
  /** A remote, or `server` for the app server's own paths. */
  app: RemoteName;
  pattern: string;
  params: Record<string, string>;
}

/**
 * Each remote as it decides, from its description: the pages its server render's `matchPage` is
 * given (those it renders on the server), and the root it renders.
 */
const REMOTES: Record<RemoteName, { serverPages: readonly PageDefinition[]; Root: () => ReactNode }> =
  Object.fromEntries(
    [catalogue, blog, panel].map(({ app, pages, Root }) => [
      app,
      { serverPages: pages.filter(isServerRendered), Root },
    ]),
  );

/** The route objects react-router builds from the `<PageRoutes>` a remote's root renders. */
function renderedRoutes(Root: () => ReactNode) {
  const find = (node: ReactNode): ReactElement<{ pages: PageDefinition[]; children?: ReactNode }> | null => {
    if (!isValidElement<{ children?: ReactNode }>(node)) return null;
    if (node.type === PageRoutes) return node as ReactElement<{ pages: PageDefinition[]; children?: ReactNode }>;
    const children = ([] as ReactNode[]).concat(node.props.children ?? []);
    return children.map(find).find(Boolean) ?? null;
  };
  const element = find(Root());
  if (!element) throw new Error(`${Root.name} renders no <PageRoutes>`);
  return createRoutesFromChildren(pageRouteElements(element.props.pages, element.props.children));
}
const RENDERED = Object.fromEntries(
  Object.entries(REMOTES).map(([app, { Root }]) => [app, renderedRoutes(Root)]),
) as Record<RemoteName, ReturnType<typeof renderedRoutes>>;

const shellRoutes = createLiveRoutes(PUBLISHED);

function shellPick(pathname: string): RouteChoice | null {
  const matched = shellRoutes.match(pathname);
  return matched ? { app: matched.definition.app, pattern: matched.definition.path, params: matched.params } : null;
}

function serverPick(pathname: string): RouteChoice | null {
  const owner = findPageRoute(PUBLISHED, pathname);
  return owner ? { app: owner.app, pattern: owner.route.path, params: owner.params } : null;
}

function matchPagePick(app: RemoteName, pathname: string): RouteChoice | null {
  const matched = matchPage(REMOTES[app]!.serverPages, pathname);
  return matched
    ? { app, pattern: matched.page.path, params: { ...matched.url.params } as Record<string, string> }
    : null;
}

/** What the remote's `<Routes>` renders; its catch-all `*` (render nothing) is none. */
function renderedPick(app: RemoteName, pathname: string): RouteChoice | null {
  const matches = matchRoutes(RENDERED[app]!, pathname);
  const last = matches?.[matches.length - 1];
  if (!last || last.route.path === '*') return null;
  return { app, pattern: last.route.path ?? '', params: { ...last.params } as Record<string, string> };
}

/** The three deciders' picks for a path, checked to agree; returns the shell's pick. */
function expectAgreement(pathname: string): RouteChoice | null {
  const shell = shellPick(pathname);
  const rendering = shell && PUBLISHED[shell.app]?.find((page) => page.path === shell.pattern)?.rendering;
  const picks = {
    shell,
    // The app server renders no page for its own paths: `findPageRoute` finds none there.
    server: serverPick(pathname),
    // `matchPage` is given the pages its app renders on the server; a browser-rendered page is not one.
    matchPage: shell && shell.app !== 'server' ? matchPagePick(shell.app, pathname) : null,
    rendered: shell && shell.app !== 'server' ? renderedPick(shell.app, pathname) : null,
  };
  const page = shell?.app === 'server' ? null : shell;
  expect({ path: pathname, ...picks }).toEqual({
    path: pathname,
    shell,
    server: page,
    matchPage: rendering === 'server' ? page : null,
    rendered: page,
  });
  if (!shell) {
    // No app owns it: no remote would render a page for it either.
    for (const app of Object.keys(REMOTES)) {
      expect({
        path: pathname,
        app,
        matchPage: matchPagePick(app, pathname),
        rendered: renderedPick(app, pathname),
      }).toEqual({
        path: pathname,
        app,
        matchPage: null,
        rendered: null,
      });
    }
  }
  return shell;
}

/** Paths no visitor is sent to, but that reach the site: each must still be decided once. */
const TRICKY_PATHS = [
  // A sub-category or product named like another app's page, or like a page of its own app.
  '/rebar/blog',
  '/rebar/login',
  '/rebar/panel',
  '/rebar/factories',
  '/profile/services',
  '/sheet/coldplate/contact-us',
  '/rebar/kalaf/search',
  '/blog/rebar',
  '/blog/rss.xml',
  '/blog/rss.xml/',
  '/metrics',
  '/factories/rebar',
  '/login/panel',
  // Trailing and doubled slashes.
  '/blog/',
  '/blog//',
  '/rebar/',
  '/rebar/kalaf/',
  '/rebar/kalaf//',
  '/rebar//kalaf',
  '//blog',
  '//',
  '/blog//rebar-price-guide',
  '/panel/',
  '/panel//order',
  '/login/',
  // Encoded segments: Persian, an encoded slash, a malformed escape, an encoded letter.
  '/blog/%D9%85%DB%8C%D9%84%DA%AF%D8%B1%D8%AF',
  '/rebar/%D9%85%DB%8C%D9%84%DA%AF%D8%B1%D8%AF',
  '/%D9%85%DB%8C%D9%84%DA%AF%D8%B1%D8%AF',
  '/blog/a%2Fb',
  '/blog/a%2fb',
  '/rebar/kalaf%2Frebar-kalaf-1',
  '/blog/%E0%A4%A',
  '/%62log',
  '/bl%6Fg/rebar-price-guide',
  '/login/%72egister',
  // Upper case.
  '/BLOG',
  '/Blog/rebar-price-guide',
  '/REBAR/kalaf',
  '/rebar/KALAF',
  '/Login',
  '/login/REGISTER',
  '/PANEL/order',
  '/Sitemap.xml',
  // Dot segments, as a client that does not resolve them sends them.
  '/blog/.',
  '/blog/..',
  '/blog/../rebar',
  '/rebar/./kalaf',
  '/panel/../login',
  '/./blog',
  // Under /panel and /login.
  '/panel',
  '/panel/order',
  '/panel/order/12',
  '/panel/ticket/new',
  '/panel/product',
  '/panel/bourse/requests/3',
  '/panel/profile',
  '/panel/logout',
  '/panel/nope',
  '/panel/orders',
  '/login',
  '/login/register',
  '/login/register/x',
  '/login/forgot-password',
  '/login/reset-password',
  '/login/connect/google',
  '/login/connect/google/redirect',
  '/login/nope',
  // The app server's own paths, and a redirected one.
  '/sitemap.xml',
  '/robots.txt',
  '/remotes.json',
  '/api',
  '/api/auth/local',
  '/builds/blog/1.0.0/remoteEntry.js',
  '/_/remote-failure',
  '/_',
  '/market',
  // Unknown paths.
  '/nope',
  '/blog/a/b',
  '/product',
  '/services/nope',
  '/factories/mobarakeh-steel/x',
  '/rebar/kalaf/rebar-kalaf-1/x',
  '/weight_table/x',
];

describe('the one route rule, as the app server, the shell and the remotes apply it', () => {
  it('gives every path of the sitemap and every page sample one page, the same everywhere', () => {
    const paths = [...new Set([...sitemapPaths(), ...samplePaths()])];
    // The seeded site, not a handful: every category, sub-category, product, factory and article.
    expect(paths.length).toBeGreaterThan(450);
    for (const pathname of paths) {
      const pick = expectAgreement(pathname);
      expect({ path: pathname, found: pick !== null && pick.app !== 'server' }).toEqual({
        path: pathname,
        found: true,
      });
    }
    // Each encoded, as a browser requests it (the sitemap's `loc` is `encodeURI(path)`).
    for (const pathname of paths) expectAgreement(encodeURI(pathname));
  });

  it('decides every tricky path once: the same page everywhere, or none anywhere', () => {
    for (const pathname of TRICKY_PATHS) expectAgreement(pathname);
  });

  it('keeps what the site decided before the rule was one', () => {
    const owner = (pathname: string) => {
      const pick = shellPick(pathname);
      return pick && `${pick.app} ${pick.pattern}`;
    };
    // The app server's own paths win over a remote's claim to the same path.
    expect(owner('/blog/rss.xml')).toBe('server /blog/rss.xml');
    expect(owner('/metrics')).toBe('server /metrics');
    expect(owner('/sitemap.xml')).toBe('server /sitemap.xml');
    expect(owner('/api/auth/local')).toBe('server /api/*');
    // A remote's page, not a sub-category's tree, and the other way round.
    expect(owner('/login/register')).toBe('panel /login/register');
    expect(owner('/login/register/x')).toBe('panel /login/*');
    expect(owner('/rebar/blog')).toBe('catalogue /rebar/*');
    expect(owner('/blog/rebar')).toBe('blog /blog/:slug');
    // Trailing slashes are the same page; case is not.
    expect(owner('/blog/')).toBe('blog /blog');
    expect(owner('/BLOG')).toBeNull();
    expect(owner('/login/REGISTER')).toBe('panel /login/*');
    // Params are decoded as react-router decodes them.
    expect(shellPick('/blog/%D9%85%DB%8C%D9%84%DA%AF%D8%B1%D8%AF')?.params).toEqual({ slug: 'میلگرد' });
    expect(shellPick('/blog/a%2Fb')?.params).toEqual({ slug: 'a/b' });
    expect(shellPick('/rebar/kalaf/rebar-kalaf-1/')?.params).toEqual({ '*': 'kalaf/rebar-kalaf-1/' });
  });
});
