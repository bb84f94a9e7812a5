import { StrictMode } from 'react';
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { defaultRuntimeConfig, type NavigationItem, type RemotePages } from '@steel/contract';
import { createColourMode, identifierPrefix } from '@steel/shared';
import { createFakeShellContext } from '@steel/shared/testing';
import { decideRoute, renderShell } from './server';
import { ShellRoot } from './app/layout/shell-root';
import { createShellStore } from './app/state/shell-store';
import { createLiveRoutes } from './app/routes/match-route';
import { SITE_PAGES } from './app/routes/site-pages.fixture';
import { createSiteNavigationStore } from './app/layout/site-navigation';

/** A registry's menus: the catalogue's tree, and a blog page placed in the footer and the drawer. */
const NAVIGATION: Record<string, NavigationItem[]> = {
  catalogue: [
    {
      label: 'ورق',
      path: '/sheet',
      places: ['header', 'drawer'],
      order: 0,
      children: [{ label: 'ورق سرد', path: '/sheet/coldplate', places: ['header', 'drawer'], order: 0 }],
    },
  ],
};
const PAGES: RemotePages = {
  ...SITE_PAGES,
  blog: (SITE_PAGES.blog ?? []).map((page) =>
    page.path === '/blog'
      ? { ...page, nav: { places: ['drawer', 'footer'], label: 'اخبار و مقالات', order: 4 } }
      : page,
  ),
};

/** Server HTML hydrated by the browser's shell, collecting every error React reports. */
async function hydrateServerHtml(url: string, error?: Parameters<typeof renderShell>[0]['error']) {
  window.history.pushState(null, '', url);
  const server = renderShell({
    url,
    pages: PAGES,
    navigation: NAVIGATION,
    config: defaultRuntimeConfig,
    remote: { app: 'catalogue', html: '<p>page</p>', url },
    ...(error ? { error } : {}),
  });
  const container = document.createElement('div');
  container.innerHTML = server.html;
  document.body.appendChild(container);
  const problems: unknown[] = [];
  const consoleError = jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => problems.push(args));
  const store = createShellStore(() => url, createLiveRoutes(SITE_PAGES), server.error);
  await act(async () => {
    hydrateRoot(
      container,
      <StrictMode>
        <ShellRoot
          context={{ ...createFakeShellContext(), colourMode: createColourMode() }}
          store={store}
          // The browser's navigation from the same registry entries the server rendered with.
          navigation={createSiteNavigationStore(
            Object.entries(PAGES).map(([app, pages]) => ({ pages: pages ?? [], navigation: NAVIGATION[app] })),
          )}
        />
      </StrictMode>,
      { identifierPrefix: identifierPrefix('shell'), onRecoverableError: (failure) => problems.push(failure) },
    );
  });
  consoleError.mockRestore();
  return { container, problems };
}

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the shell rendered on the server', () => {
  it('decides redirects, owners and rendering from the route table', () => {
    expect(decideRoute('/market', SITE_PAGES)).toEqual({
      redirect: '/landing/bourse/',
      app: null,
      rendering: 'server',
      status: 301,
    });
    expect(decideRoute('/rebar/kalaf?sort=price', SITE_PAGES)).toMatchObject({
      app: 'catalogue',
      rendering: 'server',
      status: 200,
    });
    expect(decideRoute('/blog/x', SITE_PAGES)).toMatchObject({ app: 'blog', rendering: 'server' });
    expect(decideRoute('/panel/order', SITE_PAGES)).toMatchObject({ app: 'panel', rendering: 'browser' });
    expect(decideRoute('/login', SITE_PAGES)).toMatchObject({ app: 'panel', rendering: 'browser' });
    expect(decideRoute('/no-such-page', SITE_PAGES)).toMatchObject({ app: null, status: 404 });
  });

  it('puts the remote markup in its container, marked with the URL it was rendered for', () => {
    const { html } = renderShell({
      pages: SITE_PAGES,
      url: '/rebar',
      config: defaultRuntimeConfig,
      remote: { app: 'catalogue', html: '<h1>میلگرد</h1>', url: '/rebar' },
    });
    expect(html).toContain(
      '<div id="app-catalogue" data-app-container="catalogue" data-ssr-url="/rebar" data-app="catalogue"><h1>میلگرد</h1></div>',
    );
    expect(html).toContain('دسته‌بندی محصولات');
  });

  it('hydrates in the browser without a mismatch, keeping the remote markup', async () => {
    const { container, problems } = await hydrateServerHtml('/rebar');
    expect(problems).toEqual([]);
    expect(container.querySelector('#app-catalogue')?.innerHTML).toBe('<p>page</p>');
    // The registry's menus, on both sides.
    expect(container.querySelector('nav[aria-label="دسته‌بندی محصولات"] a[href="/sheet/coldplate"]')).not.toBeNull();
    expect(container.querySelector('footer a[href="/blog"]')?.textContent).toBe('اخبار و مقالات');
  });

  it('renders the phone menu closed: only its button, the drawer and its tree are not in the HTML', () => {
    const { html } = renderShell({
      pages: SITE_PAGES,
      url: '/rebar',
      config: defaultRuntimeConfig,
      remote: { app: 'catalogue', html: '', url: '/rebar' },
    });
    expect(html).toMatch(
      /<button[^>]*aria-label="منو"[^>]*aria-expanded="false"|<button[^>]*aria-expanded="false"[^>]*aria-label="منو"/,
    );
    // The search button (its label for screen readers on phones) is in the server's HTML.
    expect(html).toContain('aria-keyshortcuts="Control+K /"');
    expect(html).toContain('<span class="sr-only md:not-sr-only">جستجو</span>');
    expect(html).not.toContain('منوی سایت');
  });

  it('hydrates the fatal error page it rendered for an unknown slug', async () => {
    const error = {
      statusCode: 404,
      statusMessage: 'Page Not Found',
      message: 'Page Not Found: /rebar/nope',
      fatal: true,
    };
    const { container, problems } = await hydrateServerHtml('/rebar/nope', error);
    expect(problems).toEqual([]);
    expect(container.querySelector('[data-testid="error-status"]')?.textContent).toBe('۴۰۴');
  });
});
