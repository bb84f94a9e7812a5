import { act } from 'react';
import { render, screen, within } from '@testing-library/react';
import { defaultRuntimeConfig, type NavigationItem, type PageRoute } from '@steel/contract';
import { ShellContextProvider, createColourMode } from '@steel/shared';
import { createFakeShellContext } from '@steel/shared/testing';
import { renderShell } from '../../server';
import { SITE_PAGES } from '../routes/site-pages.fixture';
import MenuDrawerDialog from './menu-drawer-dialog';
import { buildSiteNavigation, createSiteNavigationStore, SiteNavigationProvider } from './site-navigation';

/** The catalogue's tree as its app manifest publishes it (category-navigation.ts), cut to two categories. */
const rebar: NavigationItem = {
  label: 'میلگرد',
  path: '/rebar',
  places: ['header', 'drawer'],
  order: 0,
  children: [{ label: 'میلگرد کلاف', path: '/rebar/kalaf', places: ['drawer'], order: 0 }],
};
const sheet: NavigationItem = {
  label: 'ورق',
  path: '/sheet',
  places: ['header', 'drawer'],
  order: 1,
  children: [
    {
      label: 'ورق سرد',
      path: '/sheet/coldplate',
      places: ['header', 'drawer'],
      order: 0,
      children: [{ label: 'ورق روغنی', path: '/sheet/coldplate/oiled-sheet', places: ['drawer'], order: 0 }],
    },
  ],
};
const page = (path: string, extra: Partial<PageRoute> = {}): PageRoute => ({
  path,
  rendering: 'server',
  guards: ['cache'],
  layout: 'default',
  ...extra,
});
const footerPage = (path: string, label: string, order: number) =>
  page(path, { nav: { places: ['drawer', 'footer'], label, order } });

const catalogue = {
  pages: [page('/'), footerPage('/about-us', 'درباره ما', 1), footerPage('/factories', 'کارخانه‌ها', 5)],
  navigation: [rebar, sheet],
};
const blog = { pages: [footerPage('/blog', 'اخبار و مقالات', 4), page('/blog/:slug')] };

function shellHtml(apps: { catalogue?: typeof catalogue; blog?: typeof blog }) {
  const { html } = renderShell({
    url: '/',
    pages: {
      panel: SITE_PAGES.panel,
      ...(apps.catalogue && { catalogue: apps.catalogue.pages }),
      ...(apps.blog && { blog: apps.blog.pages }),
    },
    navigation: apps.catalogue ? { catalogue: apps.catalogue.navigation } : {},
    config: defaultRuntimeConfig,
  });
  const container = document.createElement('div');
  container.innerHTML = html;
  return container;
}
const linksIn = (element: Element | null) =>
  [...(element?.querySelectorAll('a') ?? [])].map((link) => [link.getAttribute('href'), link.textContent]);

describe('the layout built from the live registry', () => {
  it('shows a category the catalogue adds to its navigation in the header, with no change to the shell', () => {
    const steel: NavigationItem = {
      label: 'مواد اولیه فولاد',
      path: '/steel-raw-materials',
      places: ['header', 'drawer'],
      order: 2,
    };
    const before = shellHtml({ catalogue, blog });
    const after = shellHtml({ catalogue: { ...catalogue, navigation: [...catalogue.navigation, steel] }, blog });
    const header = (container: Element) => container.querySelector('header nav[aria-label="دسته‌بندی محصولات"]');
    expect(linksIn(header(before))).toEqual([
      ['/rebar', 'میلگرد'],
      ['/sheet', 'ورق'],
      ['/sheet/coldplate', 'ورق سرد'],
    ]);
    expect(linksIn(header(after))).toContainEqual(['/steel-raw-materials', 'مواد اولیه فولاد']);
  });

  it('lists the pages that name the footer, by their order across apps; an app that is not live adds nothing', () => {
    const footer = (container: Element) => linksIn(container.querySelector('footer nav'));
    expect(footer(shellHtml({ catalogue, blog }))).toEqual([
      ['/about-us', 'درباره ما'],
      ['/blog', 'اخبار و مقالات'],
      ['/factories', 'کارخانه‌ها'],
    ]);
    const withoutCatalogue = shellHtml({ blog });
    expect(footer(withoutCatalogue)).toEqual([['/blog', 'اخبار و مقالات']]);
    expect(linksIn(withoutCatalogue.querySelector('header nav[aria-label="دسته‌بندی محصولات"]'))).toEqual([]);
  });

  it('opens a drawer with the categories, their groups and sub-categories, then the drawer pages', () => {
    const added: NavigationItem = {
      label: 'تیرآهن لانه‌زنبوری',
      path: '/iron-beam/cellular-beam',
      places: ['drawer'],
      order: 9,
    };
    const store = createSiteNavigationStore([
      { ...catalogue, navigation: [{ ...rebar, children: [...(rebar.children ?? []), added] }, sheet] },
      blog,
    ]);
    render(
      <ShellContextProvider value={{ ...createFakeShellContext(), colourMode: createColourMode() }}>
        <SiteNavigationProvider store={store}>
          <MenuDrawerDialog open onOpenChange={() => undefined} returnFocusTo={{ current: null }} />
        </SiteNavigationProvider>
      </ShellContextProvider>,
    );
    const tree = screen.getByRole('navigation', { name: 'دسته‌بندی محصولات' });
    expect(within(tree).getByText('ورق سرد').closest('a')?.getAttribute('href')).toBe('/sheet/coldplate');
    expect(within(tree).getByText('ورق روغنی').closest('a')?.getAttribute('href')).toBe('/sheet/coldplate/oiled-sheet');
    expect(within(tree).getByText('تیرآهن لانه‌زنبوری').closest('a')?.getAttribute('href')).toBe(
      '/iron-beam/cellular-beam',
    );
    const pages = screen.getByRole('navigation', { name: 'صفحه‌های سایت' });
    expect(linksIn(pages)).toEqual([
      ['/about-us', 'درباره ما'],
      ['/blog', 'اخبار و مقالات'],
      ['/factories', 'کارخانه‌ها'],
    ]);
    // A new registry (the blog removed) rebuilds the menus in place.
    act(() => store.update([catalogue]));
    expect(linksIn(screen.getByRole('navigation', { name: 'صفحه‌های سایت' }))).not.toContainEqual([
      '/blog',
      'اخبار و مقالات',
    ]);
  });

  it('keeps header entries to the header place: sub-categories only in the drawer', () => {
    const navigation = buildSiteNavigation([catalogue]);
    expect(navigation.header.find((item) => item.path === '/rebar')?.children).toEqual([]);
    expect(navigation.drawerTree.find((item) => item.path === '/rebar')?.children.map((child) => child.path)).toEqual([
      '/rebar/kalaf',
    ]);
  });

  it('shows no link to a path the app server answers itself, in any place, from a tree or a page', () => {
    // What a version forced live past the gate (which refuses such claims) could publish.
    const forced = {
      pages: [
        footerPage('/metrics', 'آمار', 0),
        page('/api/health', { nav: { places: ['header', 'drawer', 'footer'], label: 'سلامت', order: 0 } }),
      ],
      navigation: [
        { label: 'سازنده', path: '/_/console', places: ['header', 'drawer'], order: 0, children: [rebar] },
        {
          ...sheet,
          children: [{ label: 'ساخت‌ها', path: '/builds/latest.json', places: ['header', 'drawer'], order: 0 }],
        },
      ] satisfies NavigationItem[],
    };
    const navigation = buildSiteNavigation([forced, blog]);
    const paths = (links: typeof navigation.header): string[] =>
      links.flatMap((link) => [link.path, ...paths(link.children)]);
    const everyPlace = [navigation.header, navigation.drawerTree, navigation.drawerPages, navigation.footer];
    expect(everyPlace.map(paths)).toEqual([['/sheet'], ['/sheet'], ['/blog'], ['/blog']]);
  });
});
