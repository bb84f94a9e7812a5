import '@testing-library/jest-dom';
import { useQuery } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { defaultRuntimeConfig } from '@steel/contract/runtime-config';
import type { User } from '@steel/contract/user';
import { ApiError } from '../api/content-client';
import { createFakeShellContext, createMemoryCookies, createMemoryStorage, FAKE_TOKEN, jsonResponse } from './index';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ShellContext } from '../contracts/shell-context';

const user: User = { id: 1, username: 'ali', email: 'ali@example.ir' };

describe('createFakeShellContext', () => {
  it('gives real, connected kernel parts with the default config', () => {
    const ctx = createFakeShellContext();
    expect(ctx.config).toBe(defaultRuntimeConfig);
    expect(ctx.session.isAuthenticated()).toBe(false);
    expect(ctx.api.baseUrl).toBe(defaultRuntimeConfig.cmsUrl);
    expect(ctx.queryClient.getDefaultOptions().queries?.retry).toBe(false);

    const seen: Array<User | null> = [];
    ctx.bus.on('session:changed', ({ user: u }) => seen.push(u));
    ctx.session.setUser(user);
    expect(seen).toEqual([null, user]);
  });

  it('signs a given user in, in memory only', () => {
    const ctx = createFakeShellContext({ user });
    expect(ctx.session.isAuthenticated()).toBe(true);
    expect(ctx.session.getToken()).toBe(FAKE_TOKEN);
    expect(ctx.bus.last('session:changed')).toEqual({ user });
    expect(document.cookie).not.toContain('user_token');
    expect(window.localStorage.getItem('user')).toBeNull();
  });

  it('sends content calls through the given fetch with the session token', async () => {
    const fetchFn = jest.fn(async () => jsonResponse({ data: [{ id: 1 }], meta: {} }));
    const ctx = createFakeShellContext({ user, fetch: fetchFn as unknown as typeof fetch });
    await expect(ctx.api.find('products', { filters: { slug: { $eq: 'x' } } })).resolves.toEqual({
      data: [{ id: 1 }],
      meta: {},
    });
    expect(fetchFn).toHaveBeenCalledWith(
      'http://127.0.0.1:1337/api/products?filters[slug][$eq]=x',
      expect.objectContaining({ headers: expect.objectContaining({ Authorization: `Bearer ${FAKE_TOKEN}` }) }),
    );
  });

  it('reports api errors on its bus', async () => {
    const ctx = createFakeShellContext({
      fetch: async () =>
        jsonResponse(
          { data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found' } },
          { status: 404 },
        ),
    });
    const errors = jest.fn();
    ctx.bus.on('api:error', errors);
    await expect(ctx.api.findOne('products', 'nope')).rejects.toBeInstanceOf(ApiError);
    expect(errors).toHaveBeenCalledWith({
      data: null,
      error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} },
    });
  });

  it('navigate records the target, updates the location and dispatches popstate', () => {
    const ctx = createFakeShellContext();
    const popstate = jest.fn();
    window.addEventListener('popstate', popstate);
    ctx.navigate('/products/rebar?page=2');
    ctx.navigate('/blog', { replace: true });
    window.removeEventListener('popstate', popstate);
    expect(ctx.navigations).toEqual(['/products/rebar?page=2', '/blog']);
    expect(window.location.pathname).toBe('/blog');
    expect(popstate).toHaveBeenCalledTimes(2);
  });

  it('keeps overrides and still records navigations', () => {
    const navigate = jest.fn();
    const ctx = createFakeShellContext({
      navigate,
      config: { ...defaultRuntimeConfig, cmsUrl: 'http://cms.test/api' },
    });
    ctx.navigate('/x');
    expect(navigate).toHaveBeenCalledWith('/x', undefined);
    expect(ctx.navigations).toEqual(['/x']);
    expect(ctx.api.baseUrl).toBe('http://cms.test/api');
  });

  it('mounts a component that reads data through the context', async () => {
    const ctx = createFakeShellContext({
      fetch: async () => jsonResponse({ data: [{ id: 1, title: 'میلگرد' }], meta: {} }),
    });
    function Titles({ context }: { context: ShellContext }) {
      const { data } = useQuery({
        queryKey: ['products'],
        queryFn: () => context.api.find<{ id: number; title: string }>('products'),
      });
      return (
        <ul>
          {data?.data.map((p) => (
            <li key={p.id}>{p.title}</li>
          ))}
        </ul>
      );
    }
    render(
      <QueryClientProvider client={ctx.queryClient}>
        <Titles context={ctx} />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.getByText('میلگرد')).toBeInTheDocument());
  });
});

describe('memory cookies and storage', () => {
  it('createMemoryCookies stores values and options', () => {
    const jar = createMemoryCookies({ a: '1' });
    jar.set('b', '2', { path: '/', expires: 30 });
    expect(jar.get('a')).toBe('1');
    expect(jar.all()).toEqual({ a: '1', b: '2' });
    expect(jar.optionsOf('b')).toEqual({ path: '/', expires: 30 });
    jar.remove('b', { path: '/' });
    expect(jar.get('b')).toBeUndefined();
  });

  it('createMemoryStorage behaves like localStorage', () => {
    const storage = createMemoryStorage();
    storage.setItem('k', 'v');
    expect(storage.getItem('k')).toBe('v');
    expect(storage.length).toBe(1);
    expect(storage.key(0)).toBe('k');
    storage.removeItem('k');
    expect(storage.getItem('k')).toBeNull();
    storage.setItem('x', 'y');
    storage.clear();
    expect(storage.length).toBe(0);
  });
});
