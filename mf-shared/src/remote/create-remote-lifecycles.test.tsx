import { QueryClient, queryOptions } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { lazyPage } from '../page-data/lazy-page';
import type { PageDefinition } from '../page-data/page-definition';
import { createFakeShellContext } from '../testing';
import { createRemoteLifecycles } from './create-remote-lifecycles';

describe('a remote prefetching a page on intent', () => {
  it("puts the page's data in the shared cache and its code in the page, before the click", async () => {
    const fetched: string[] = [];
    const articleQuery = (slug: string) =>
      queryOptions({
        queryKey: ['article', slug],
        queryFn: async () => {
          fetched.push(slug);
          return { title: `مقاله ${slug}` };
        },
      });
    let codeLoads = 0;
    const page: PageDefinition = {
      path: '/blog/:slug',
      data: (url) => [articleQuery(url.params['slug'] ?? '')],
      head: () => ({ title: 'مقاله', canonical: '/blog' }),
      Page: lazyPage(async () => {
        codeLoads += 1;
        return { default: () => <h1>متن مقاله</h1> };
      }),
    };
    const lifecycles = createRemoteLifecycles({
      app: 'blog',
      css: async () => ({ default: '' }),
      Root: () => null,
      pages: [page],
    });
    const context = createFakeShellContext();
    const queryClient = new QueryClient();

    await lifecycles.prefetchPage('/blog/rebar-price-guide', {
      api: context.api,
      queryClient,
      config: context.config,
      bus: context.bus,
    });
    expect(queryClient.getQueryData(['article', 'rebar-price-guide'])).toEqual({ title: 'مقاله rebar-price-guide' });
    expect(codeLoads).toBe(1);
    // Loaded: it renders at once, with no Suspense boundary to fall back to.
    expect(
      renderToString(
        <page.Page
          url={{ pathname: '/blog/x', pathWithQuery: '/blog/x', params: { slug: 'x' }, search: new URLSearchParams() }}
        />,
      ),
    ).toContain('متن مقاله');

    // A path the app does not own asks nothing.
    await lifecycles.prefetchPage('/rebar', {
      api: context.api,
      queryClient,
      config: context.config,
      bus: context.bus,
    });
    expect(fetched).toEqual(['rebar-price-guide']);
  });

  it('loads the data as the navigation would: one retry, then the page-data error a click would show', async () => {
    let attempts = 0;
    const page: PageDefinition = {
      path: '/rules',
      data: () => [
        queryOptions({
          queryKey: ['static-page', 'rules'],
          queryFn: async (): Promise<string> => {
            attempts += 1;
            throw Object.assign(new Error('Service Unavailable'), { status: 503 });
          },
        }),
      ],
      head: () => ({ title: 'قوانین', canonical: '/rules' }),
      Page: () => null,
    };
    const lifecycles = createRemoteLifecycles({
      app: 'catalogue',
      css: async () => ({ default: '' }),
      Root: () => null,
      pages: [page],
    });
    const context = createFakeShellContext();
    const queryClient = new QueryClient();
    await expect(
      lifecycles.prefetchPage('/rules', { api: context.api, queryClient, config: context.config, bus: context.bus }),
    ).resolves.toBeUndefined();
    // Not TanStack Query's three retries a second apart, which a click would have waited behind.
    expect(attempts).toBe(2);
    expect(queryClient.getQueryState(['static-page', 'rules'])?.error?.name).toBe('PageDataError');
  });
});
