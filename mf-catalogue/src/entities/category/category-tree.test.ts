import { allSubcategoryPaths, categories, locateInCatalogue } from './category-tree';
import { categoryMenu } from './category-menu';

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

  it('gives the header the same categories with Persian titles', () => {
    expect(categoryMenu.map((category) => category.slug)).toEqual(categories.map((category) => category.slug));
    expect(categoryMenu[0]?.titleFa).toBe('میلگرد');
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
