/** @jest-environment node */
import path from 'node:path';
import { PUBLISHED, PUBLISHED_NAVIGATION, sitemapPaths } from '../../../../../repo/support/site-pages';
import type { SitemapSource } from '@steel/contract';
import {
  listedPaths,
  readSitemapEntries,
  sitemapCollections,
  sitemapSources,
  sourcePaths,
  type ReadableSource,
  type SitemapEntry,
} from './sitemap';

// The CMS package's own starter (a plain CommonJS module): a Strapi on a fresh database, seeded at start.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a .js module with no types
const { startStrapi } = require(path.join(__dirname, '../../../../cms/scripts/lib/strapi-process')) as {
  startStrapi: (options: {
    label?: string;
    env?: Record<string, string>;
  }) => Promise<{ url: string; stop: () => Promise<void> }>;
};

/** The pages the sitemap listed before the remotes declared them: the app server's FIXED_SITEMAP_PATHS. */
const FIXED_PATHS_BEFORE = ['/', '/blog', '/factories', '/experts', '/services', '/weight_table', '/landing/bourse'];

describe("a source's paths from a CMS record", () => {
  it('fills placeholders with fields, dotted ones through a relation, one path per array element', () => {
    expect(sourcePaths('/blog/:slug', { slug: 'x' })).toEqual(['/blog/x']);
    expect(sourcePaths('/:sub_category.path/:slug', { slug: 'p', sub_category: { path: 'rebar/kalaf' } })).toEqual([
      '/rebar/kalaf/p',
    ]);
    expect(sourcePaths('/:slug/:groups.slug', { slug: 'sheet', groups: [{ slug: 'a' }, { slug: 'b' }] })).toEqual([
      '/sheet/a',
      '/sheet/b',
    ]);
    // A leading slash in the stored value is not doubled.
    expect(sourcePaths('/:path', { path: '/rebar/kalaf' })).toEqual(['/rebar/kalaf']);
  });

  it('gives no path when a field is missing: a product without a sub-category, a category without groups', () => {
    expect(sourcePaths('/:sub_category.path/:slug', { slug: 'p', sub_category: null })).toEqual([]);
    expect(sourcePaths('/:slug/:groups.slug', { slug: 'rebar', groups: [] })).toEqual([]);
  });
});

describe('a source kept within its app’s navigation', () => {
  const page = (sitemap: SitemapSource[]) => ({
    path: '/rebar/*',
    rendering: 'server' as const,
    guards: [],
    layout: 'default' as const,
    sitemap,
  });
  const navigation = {
    catalogue: [
      {
        label: 'میلگرد',
        path: '/rebar',
        places: ['header' as const],
        order: 1,
        children: [{ label: 'کلاف', path: '/rebar/kalaf', places: ['drawer' as const], order: 1 }],
      },
    ],
  };
  const [subcategories, products] = sitemapSources(
    {
      catalogue: [
        page([
          { collection: 'sub-categories', path: '/:path', within: 'navigation' },
          { collection: 'products', path: '/:sub_category.path/:slug', within: 'navigation' },
        ]),
      ],
    },
    navigation,
  ) as Array<Extract<ReadableSource, { collection: string }>>;

  it('lists what the live tree has, and a product below a sub-category of it', () => {
    expect(listedPaths(subcategories!, { path: 'rebar/kalaf' })).toEqual(['/rebar/kalaf']);
    expect(listedPaths(products!, { slug: 'p-1', sub_category: { path: 'rebar/kalaf' } })).toEqual([
      '/rebar/kalaf/p-1',
    ]);
  });

  it('leaves out a sub-category the CMS holds but the live tree does not, and its products', () => {
    expect(listedPaths(subcategories!, { path: 'rebar/new-one' })).toEqual([]);
    expect(listedPaths(products!, { slug: 'p-2', sub_category: { path: 'rebar/new-one' } })).toEqual([]);
  });

  it('lists nothing of it when the app publishes no navigation', () => {
    const [orphan] = sitemapSources({
      catalogue: [page([{ collection: 'sub-categories', path: '/:path', within: 'navigation' }])],
    }) as Array<Extract<ReadableSource, { collection: string }>>;
    expect(listedPaths(orphan!, { path: 'rebar/kalaf' })).toEqual([]);
  });
});

describe('paths the app server answers itself', () => {
  it('are never listed, from a fixed path or from a record (what a version forced past the gate may declare)', () => {
    const page = {
      path: '/guides/*',
      rendering: 'server' as const,
      guards: [],
      layout: 'default' as const,
      sitemap: [
        { path: '/metrics' },
        { path: '/_/console' },
        { path: '/guides' },
        { collection: 'guides', path: '/:slug' },
      ],
    };
    const sources = sitemapSources({ blog: [page] });
    expect(sources.map((source) => source.path)).toEqual(['/guides', '/:slug']);
    const [, records] = sources as [ReadableSource, Extract<ReadableSource, { collection: string }>];
    expect(listedPaths(records, { slug: 'metrics' })).toEqual([]);
    expect(listedPaths(records, { slug: 'robots.txt' })).toEqual([]);
    expect(listedPaths(records, { slug: 'bolts' })).toEqual(['/bolts']);
  });
});

describe("the sitemap from the live remotes' declarations", () => {
  const sources = sitemapSources(PUBLISHED, PUBLISHED_NAVIGATION);

  it('reads each declared source once and follows the collections they name', () => {
    expect(sources.length).toBe(new Set(sources.map((source) => JSON.stringify(source))).size);
    expect(sitemapCollections(sources).sort()).toEqual(
      ['articles', 'categories', 'factories', 'products', 'static-pages', 'sub-categories'].sort(),
    );
  });

  describe('on the seeded CMS', () => {
    let cms: { url: string; stop: () => Promise<void> };
    let entries: SitemapEntry[];
    beforeAll(async () => {
      cms = await startStrapi({ label: 'sitemap-cms', env: { REQUEST_LOG: 'off', AUTH_RATE_LIMIT: 'off' } });
      entries = await readSitemapEntries(`${cms.url}/api`, sources);
    }, 300_000);
    afterAll(async () => {
      await cms?.stop();
    });

    it('lists the same paths as the fixed list and per-collection code did', () => {
      const before = [...new Set([...FIXED_PATHS_BEFORE, ...sitemapPaths()])].sort();
      expect(entries.map((entry) => entry.path).sort()).toEqual(before);
    });

    it("gives each CMS page its record's lastmod, and the blog its newest article's", () => {
      const lastmod = new Map(entries.map((entry) => [entry.path, entry.lastmod]));
      expect(lastmod.get('/rebar/kalaf/rebar-kalaf-1')).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      expect(lastmod.get('/sheet/coldplate')).toBe(lastmod.get('/sheet'));
      const articles = entries.filter((entry) => entry.path.startsWith('/blog/'));
      expect(lastmod.get('/blog')).toBe(
        articles
          .map((entry) => entry.lastmod)
          .sort()
          .at(-1),
      );
      expect(lastmod.get('/')).toBeUndefined();
    });
  });
});
