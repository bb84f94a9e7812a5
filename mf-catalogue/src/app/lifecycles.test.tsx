import { screen, waitFor } from '@testing-library/react';
import '@testing-library/jest-dom';
import { createFakeShellContext, jsonResponse, mountRemoteAlone, requestUrl } from '@steel/shared/testing';
import type { AppEvents } from '@steel/contract';
import * as lifecycles from './lifecycles';

// single-spa-react resolves mount() only after React has committed, which act() would hold back
// until the callback resolves: mount as a browser does and let findBy* queries wait.
beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});

const kalafProduct = {
  documentId: 'p1',
  slug: 'rebar-kalaf-1',
  name: 'میلگرد کلاف ۸ آجدار A3',
  unit: 'kg',
  sale_unit: 'coil',
  price: 345000,
  illustrative: true,
  producer_name: 'فولاد کویر کاشان',
  producer: { slug: 'kavir-steel', name: 'فولاد کویر کاشان' },
  attributes: { diameter_mm: 8 },
  updatedAt: '2026-11-20T10:00:00.000Z',
  change: { previous: 340000, delta: 5000, percent: 1.47 },
};

/** The CMS's answers, shaped as the CMS shapes them (its catalogue views and plain Strapi lists). */
function cmsAnswer(url: string): Response {
  const { pathname } = new URL(url, 'http://cms.invalid');
  if (pathname.endsWith('/catalogue/listing'))
    return jsonResponse({
      products: [kalafProduct],
      total: 1,
      page: 1,
      pageSize: 24,
      pageCount: 1,
      sort: null,
      filters: {},
      facets: [{ attribute: 'diameter_mm', values: [{ value: '8', count: 1, selected: false }] }],
    });
  if (pathname.endsWith('/catalogue/overview'))
    return jsonResponse({
      category: 'sheet',
      subcategories: [{ path: 'sheet/coldplate/oiled-sheet', count: 4, minPrice: 465000 }],
    });
  if (pathname.endsWith('/catalogue/price-board')) return jsonResponse({ categories: [] });
  if (pathname.endsWith('/sales-contact'))
    return jsonResponse({
      data: { phone: '02166012345', whatsapp: '09121234567', telegram: 'steel_sales', bale: null, eitaa: null },
    });
  return jsonResponse({ data: [], meta: { pagination: { page: 1, pageSize: 25, pageCount: 0, total: 0 } } });
}

async function mountAt(path: string) {
  window.history.pushState(null, '', path);
  const requests: string[] = [];
  const context = createFakeShellContext({
    fetch: async (input) => {
      requests.push(requestUrl(input));
      return cmsAnswer(requestUrl(input));
    },
  });
  const errors: Array<AppEvents['app:error']> = [];
  context.bus.on('app:error', (error) => errors.push(error));
  const domElement = document.createElement('div');
  document.body.appendChild(domElement);
  await mountRemoteAlone('catalogue', lifecycles, context, domElement);
  return { context, errors, domElement, requests };
}

afterEach(async () => {
  await lifecycles.unmount({ name: 'catalogue' } as never);
  document.body.innerHTML = '';
});

describe('catalogue remote mounted alone', () => {
  it('renders a sub-category page with its title, breadcrumb and attributes, and its stylesheet', async () => {
    const { requests } = await mountAt('/rebar/kalaf');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('میلگرد کلاف');
    // Its products come from the CMS's listing view through the page's declared query.
    expect(screen.getAllByRole('link', { name: 'میلگرد کلاف ۸ آجدار A3' })[0]).toHaveAttribute(
      'href',
      '/rebar/kalaf/rebar-kalaf-1',
    );
    expect(requests.map(decodeURIComponent)).toContainEqual(
      expect.stringContaining('/catalogue/listing?path=rebar/kalaf'),
    );
    expect(screen.getByRole('link', { name: 'میلگرد' })).toHaveAttribute('href', '/rebar');
    expect(screen.getByRole('group', { name: 'قطر (میلی‌متر)' })).toHaveTextContent('۸');
    // Each card calls sales (phones), named with its product: the sales contact is the page's data too.
    expect(screen.getByRole('link', { name: 'تماس تلفنی با فروش: میلگرد کلاف ۸ آجدار A3' })).toHaveAttribute(
      'href',
      'tel:+982166012345',
    );
    expect(document.head.querySelector('style[data-app="catalogue"]')).not.toBeNull();
  });

  it('lists the groups of sheet, and links navigate through the shell context', async () => {
    const { context } = await mountAt('/sheet');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('ورق');
    const coldplate = screen.getByRole('link', { name: /ورق سرد/ });
    coldplate.click();
    expect(context.navigations).toEqual(['/sheet/coldplate']);
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('ورق سرد'));
  });

  it('reports an unknown sub-category as a fatal 404 with the path', async () => {
    const { errors } = await mountAt('/rebar/nope?x=1');
    await waitFor(() => expect(errors).toHaveLength(1));
    expect(errors).toEqual([
      { statusCode: 404, statusMessage: 'Page Not Found', message: 'Page Not Found: /rebar/nope?x=1', fatal: true },
    ]);
  });

  it('renders nothing for a path another app owns', async () => {
    const { domElement } = await mountAt('/blog');
    expect(domElement.querySelector('h1')).toBeNull();
  });

  it('removes its stylesheet when unmounted', async () => {
    await mountAt('/');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('بازار آهن‌آلات');
    await lifecycles.unmount({ name: 'catalogue' } as never);
    expect(document.head.querySelector('style[data-app="catalogue"]')).toBeNull();
    await mountRemoteAlone(
      'catalogue',
      lifecycles,
      createFakeShellContext(),
      document.body.appendChild(document.createElement('div')),
    );
  });
});
