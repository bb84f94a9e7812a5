import { QueryClient } from '@tanstack/react-query';
import { createBus } from '../bus/create-bus';
import { jsonResponse } from '../testing';
import { createContentClient } from './content-client';
import { recordBySlugQuery } from './record-by-slug';

/** A content client whose every request is recorded and answered with `data`. */
function clientAnswering(data: unknown[]) {
  const urls: string[] = [];
  // The content client always passes the address as a string.
  const fetch = jest.fn(async (input: RequestInfo | URL) => {
    urls.push(decodeURIComponent(input as string));
    return jsonResponse({ data, meta: { pagination: { page: 1, pageSize: 1, pageCount: 1, total: data.length } } });
  });
  const api = createContentClient({
    baseUrl: 'https://cms.example.ir/api',
    getToken: () => null,
    bus: createBus(),
    fetch,
  });
  return { api, urls };
}

describe('recordBySlugQuery', () => {
  it('asks the collection for one record with that slug, its fields and relations, keyed by collection', async () => {
    const { api, urls } = clientAnswering([{ slug: 'rebar-1', name: 'میلگرد' }]);
    const options = recordBySlugQuery<{ slug: string; name: string }>(api, {
      collection: 'products',
      slug: 'rebar-1',
      fields: ['slug', 'name'],
      populate: { producer: { fields: ['slug'] } },
    });
    expect(options.queryKey).toEqual(['products', 'by-slug', 'rebar-1']);
    expect(await new QueryClient().fetchQuery(options)).toEqual({ slug: 'rebar-1', name: 'میلگرد' });
    expect(urls).toEqual([
      'https://cms.example.ir/api/products?filters[slug][$eq]=rebar-1&fields[0]=slug&fields[1]=name' +
        '&populate[producer][fields][0]=slug&pagination[page]=1&pagination[pageSize]=1',
    ]);
  });

  it('is null when the collection has no such record, and asks for no relations unless told', async () => {
    const { api, urls } = clientAnswering([]);
    const options = recordBySlugQuery(api, { collection: 'factories', slug: 'none', fields: ['slug'] });
    expect(await new QueryClient().fetchQuery(options)).toBeNull();
    expect(urls[0]).not.toContain('populate');
  });
});
