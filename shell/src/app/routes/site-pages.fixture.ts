import type { PageRoute, RemotePages } from '@steel/contract';

/**
 * The pages the three remotes publish, as the registry hands them to the shell: a fixture for the
 * shell's own tests (the real lists live in each remote's `src/app/page-definitions.ts`).
 */
const page = (path: string, extra: Partial<PageRoute> = {}): PageRoute => ({
  path,
  rendering: 'server',
  guards: ['cache'],
  layout: 'default',
  ...extra,
});
const signIn = (path: string) => page(path, { rendering: 'browser', guards: [] });
const customer = (path: string) => page(path, { rendering: 'browser', guards: ['auth'], layout: 'auth' });

export const SITE_PAGES: RemotePages = {
  catalogue: [
    page('/'),
    page('/rebar/*'),
    page('/sheet/*'),
    page('/product/:slug'),
    page('/landing/bourse'),
    page('/contact-us'),
    page('/factories/:slug'),
  ],
  blog: [page('/blog', { query: ['page', 'tag'] }), page('/blog/:slug')],
  panel: [
    signIn('/login'),
    signIn('/login/register'),
    signIn('/login/*'),
    page('/credit'),
    customer('/panel'),
    customer('/panel/order/*'),
    customer('/panel/ticket/*'),
    customer('/panel/logout/*'),
  ],
};
