import { QueryClient } from '@tanstack/react-query';
import { applyCachePolicy, CACHE_ROUTE_STALE_TIME_MS } from './cache-policy';

describe('cache guard', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  async function readTwice(queryClient: QueryClient) {
    const queryFn = jest.fn(async () => ({ data: [1, 2, 3] }));
    await queryClient.fetchQuery({ queryKey: ['products'], queryFn });
    jest.advanceTimersByTime(1_000);
    await queryClient.fetchQuery({ queryKey: ['products'], queryFn });
    return queryFn.mock.calls.length;
  }

  it('serves a cache route’s repeated CMS read from the shared query cache', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    applyCachePolicy(queryClient, ['cache']);
    expect(await readTwice(queryClient)).toBe(1);
    // Older than the cache window: read again (the stale data is what a mounted page shows meanwhile).
    jest.advanceTimersByTime(CACHE_ROUTE_STALE_TIME_MS);
    await queryClient.fetchQuery({ queryKey: ['products'], queryFn: async () => ({ data: [4] }) });
    expect(queryClient.getQueryData(['products'])).toEqual({ data: [4] });
  });

  it('always revalidates reads on routes without the cache guard', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    applyCachePolicy(queryClient, ['auth']);
    expect(await readTwice(queryClient)).toBe(2);
  });

  it('switches with the route and keeps the other defaults', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    applyCachePolicy(queryClient, ['cache']);
    applyCachePolicy(queryClient, []);
    expect(queryClient.getDefaultOptions().queries).toEqual({ retry: false, staleTime: 0 });
    applyCachePolicy(queryClient, ['cache']);
    expect(queryClient.getDefaultOptions().queries?.staleTime).toBe(CACHE_ROUTE_STALE_TIME_MS);
  });
});
