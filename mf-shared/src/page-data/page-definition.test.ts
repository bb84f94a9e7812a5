import { imageSources } from '../images/image-widths';
import { breadcrumbJsonLd, headTags } from './head-tags';
import { matchPage, queryCollection, queryCollections, toPageRoute, type PageDefinition } from './page-definition';

const page = (path: string): PageDefinition => ({ path, head: () => ({ title: path }), Page: () => null });
const PAGES = [page('/'), page('/rebar/*'), page('/blog'), page('/blog/:slug'), page('/factories/:slug')];

describe('matching a URL to a page, as the server and the browser both do', () => {
  it('ranks like react-router and gives params and the query', () => {
    const match = matchPage(PAGES, '/blog/rebar-guide?ref=home');
    expect(match?.page.path).toBe('/blog/:slug');
    expect(match?.url.params['slug']).toBe('rebar-guide');
    expect(match?.url.search.get('ref')).toBe('home');
    expect(match?.url.pathWithQuery).toBe('/blog/rebar-guide?ref=home');
    expect(matchPage(PAGES, '/rebar/kalaf/rebar-kalaf-1')?.url.params['*']).toBe('kalaf/rebar-kalaf-1');
    expect(matchPage(PAGES, '/blog/')?.page.path).toBe('/blog');
  });

  it('publishes a page with the defaults filled in (a server-rendered, cached page of the default layout)', () => {
    expect(toPageRoute({ path: '/blog/:slug' })).toEqual({
      path: '/blog/:slug',
      rendering: 'server',
      guards: ['cache'],
      layout: 'default',
    });
  });

  it('finds nothing for a path the remote does not own', () => {
    expect(matchPage(PAGES, '/panel/order')).toBeNull();
  });

  it('reads the CMS collection from the first element of a query key', () => {
    expect(queryCollection(['articles', 'list', 2])).toBe('articles');
    expect(queryCollection([{ page: 1 }])).toBeNull();
  });

  it('takes the collections a query names in meta (a search reads several), else its key', () => {
    expect(
      queryCollections({ queryKey: ['search', 'لوله', 5], meta: { collections: ['products', 'articles'] } }),
    ).toEqual(['products', 'articles']);
    expect(queryCollections({ queryKey: ['articles', 'list', 2] })).toEqual(['articles']);
    expect(queryCollections({ queryKey: [{ page: 1 }] })).toEqual([]);
  });
});

describe('head tags', () => {
  it('makes the canonical, Open Graph and JSON-LD URLs absolute with the site URL', () => {
    const tags = headTags(
      {
        title: 'میلگرد کلاف',
        description: 'قیمت روز',
        canonical: '/rebar/kalaf',
        jsonLd: [breadcrumbJsonLd([{ label: 'میلگرد', to: '/rebar' }, { label: 'میلگرد کلاف' }], '/rebar/kalaf')],
      },
      'https://steel.example',
    );
    expect(tags[0]).toEqual({ tag: 'title', attributes: {}, text: 'میلگرد کلاف | بازار آهن‌آلات' });
    expect(tags).toContainEqual({
      tag: 'link',
      attributes: { rel: 'canonical', href: 'https://steel.example/rebar/kalaf' },
    });
    expect(tags).toContainEqual({
      tag: 'meta',
      attributes: { property: 'og:url', content: 'https://steel.example/rebar/kalaf' },
    });
    const jsonLd = JSON.parse(tags.find((tag) => tag.tag === 'script')?.text ?? '{}') as {
      itemListElement: Array<{ position: number; name: string; item: string }>;
    };
    expect(jsonLd.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'صفحه اصلی', item: 'https://steel.example/' },
      { '@type': 'ListItem', position: 2, name: 'میلگرد', item: 'https://steel.example/rebar' },
      { '@type': 'ListItem', position: 3, name: 'میلگرد کلاف', item: 'https://steel.example/rebar/kalaf' },
    ]);
  });

  it('preloads the LCP image with the srcset and sizes its image element asks for, at high priority', () => {
    const lcpImage = { src: '/uploads/rebar.jpg', displayWidth: 240, sizes: '50vw' };
    const preload = headTags({ title: 'x', lcpImage }, 'https://steel.example').find(
      (tag) => tag.attributes['rel'] === 'preload',
    );
    const shown = imageSources(lcpImage.src, lcpImage.displayWidth, lcpImage.sizes);
    expect(preload?.attributes).toEqual({
      rel: 'preload',
      as: 'image',
      href: shown.src,
      imagesrcset: shown.srcSet,
      imagesizes: '50vw',
      fetchpriority: 'high',
    });
    expect(shown.srcSet).toBe(
      '/_/img?src=%2Fuploads%2Frebar.jpg&w=320 320w, /_/img?src=%2Fuploads%2Frebar.jpg&w=640 640w',
    );
  });
});
