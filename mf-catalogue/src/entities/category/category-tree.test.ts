import { allSubcategoryPaths, categories, locateInCatalogue } from './category-tree';
import { categoryNavigation } from './category-navigation';

describe('category tree from the domain data', () => {
  it('has the ten categories, the six groups and 101 sub-categories', () => {
    expect(categories.map((category) => category.slug)).toEqual([
      'rebar',
      'iron-beam',
      'sheet',
      'pipe',
      'profile',
      'wire-rods',
      'mesh-grids',
      'scrap-iron',
      'corner-gutter',
      'steel-raw-materials',
    ]);
    expect(categories.flatMap((category) => category.groups.map((group) => `${category.slug}/${group.slug}`))).toEqual([
      'sheet/coldplate',
      'sheet/hot-plate',
      'sheet/steelplate',
      'sheet/other-sheets',
      'pipe/seamed-pipe',
      'pipe/seamless-pipe',
    ]);
    expect(allSubcategoryPaths()).toHaveLength(101);
    expect(new Set(allSubcategoryPaths().map((entry) => entry.path)).size).toBe(101);
  });

  it('publishes the tree as navigation: categories and groups in the header and drawer, sub-categories in the drawer', () => {
    const navigation = categoryNavigation();
    expect(navigation.map((item) => item.path)).toEqual(categories.map((category) => `/${category.slug}`));
    expect(navigation[0]).toMatchObject({ label: 'میلگرد', places: ['header', 'drawer'] });
    const sheet = navigation.find((item) => item.path === '/sheet');
    expect(sheet?.children?.[0]).toMatchObject({ path: '/sheet/coldplate', places: ['header', 'drawer'] });
    expect(sheet?.children?.[0]?.children).toContainEqual(
      expect.objectContaining({ path: '/sheet/coldplate/oiled-sheet', label: 'ورق روغنی', places: ['drawer'] }),
    );
    const drawerLinks = (items: typeof navigation): string[] =>
      items.flatMap((item) => [item.path, ...drawerLinks(item.children ?? [])]);
    // Every sub-category's page is one drawer link.
    for (const { path } of allSubcategoryPaths()) expect(drawerLinks(navigation)).toContain(path);
  });

  it('locates categories, groups, sub-categories and products by path', () => {
    expect(locateInCatalogue(['rebar'])?.kind).toBe('category');
    expect(locateInCatalogue(['sheet', 'coldplate'])?.kind).toBe('group');
    const oiled = locateInCatalogue(['sheet', 'coldplate', 'oiled-sheet']);
    expect(oiled?.kind === 'subcategory' && oiled.group?.slug).toBe('coldplate');
    expect(locateInCatalogue(['rebar', 'kalaf'])).toMatchObject({
      kind: 'subcategory',
      subcategory: { titleFa: 'میلگرد کلاف' },
    });
    expect(locateInCatalogue(['rebar', 'kalaf', 'some-product'])).toMatchObject({
      kind: 'product',
      productSlug: 'some-product',
    });
  });

  it('refuses unknown slugs at every level', () => {
    expect(locateInCatalogue(['steel'])).toBeNull();
    expect(locateInCatalogue(['rebar', 'nope'])).toBeNull();
    expect(locateInCatalogue(['sheet', 'kalaf'])).toBeNull();
    expect(locateInCatalogue(['sheet', 'coldplate', 'nope'])).toBeNull();
    expect(locateInCatalogue(['rebar', 'kalaf', 'a', 'b'])).toBeNull();
  });
});
