/**
 * The shell's route table (architecture §3) as data: every path, the app that owns it, its
 * layout and its guards, plus the redirects. Paths match with or without a trailing slash.
 */
import { categoryMenu, type RemoteName } from '@steel/shared';

export type GuardName = 'auth' | 'cache';
export type LayoutName = 'default' | 'auth';
/** `server` paths are answered by the app server: the browser navigates to them in full. */
export type RouteOwner = RemoteName | 'server';

export interface RouteDefinition {
  /** Segments may be `:param`; `below: true` also matches every deeper path. */
  path: string;
  app: RouteOwner;
  layout: LayoutName | null;
  guards: string[];
  below?: boolean;
  /**
   * `server`: the app server renders the page (layout and the owning remote with its data) and
   * the browser hydrates it; `browser`: private pages, rendered in the browser only.
   */
  rendering: 'server' | 'browser';
}

export interface RedirectDefinition {
  from: string;
  /** A relative path, or an absolute URL (a full browser navigation). */
  to: string;
}

const catalogue = (path: string, below = false): RouteDefinition => ({ path, app: 'catalogue', layout: 'default', guards: ['cache'], below, rendering: 'server' });
const panelSection = (path: string): RouteDefinition => ({ path, app: 'panel', layout: 'auth', guards: ['auth'], below: true, rendering: 'browser' });
const server = (path: string, below = false): RouteDefinition => ({ path, app: 'server', layout: null, guards: [], below, rendering: 'server' });

export const ROUTES: readonly RouteDefinition[] = [
  catalogue('/'),
  ...categoryMenu.map((category) => catalogue(`/${category.slug}`, true)),
  catalogue('/product/:slug'),
  catalogue('/services'),
  catalogue('/services-equipment'),
  catalogue('/services-equipment/scaffold-accessories'),
  catalogue('/factories'),
  catalogue('/factories/:slug'),
  catalogue('/experts'),
  catalogue('/export'),
  catalogue('/rules'),
  catalogue('/about-us'),
  catalogue('/contact-us'),
  catalogue('/weight_table'),
  catalogue('/reserve_warehouse'),
  catalogue('/landing/bourse'),
  // The site search's page (issue #8 item 6); the header's palette links to it.
  catalogue('/search'),
  { path: '/blog', app: 'blog', layout: 'default', guards: ['cache'], rendering: 'server' },
  { path: '/blog/:slug', app: 'blog', layout: 'default', guards: ['cache'], rendering: 'server' },
  { path: '/login', app: 'panel', layout: 'default', guards: [], below: true, rendering: 'browser' },
  { path: '/panel', app: 'panel', layout: 'auth', guards: ['auth'], rendering: 'browser' },
  panelSection('/panel/order'),
  panelSection('/panel/bourse'),
  panelSection('/panel/ticket'),
  panelSection('/panel/product'),
  panelSection('/panel/profile'),
  panelSection('/panel/logout'),
  server('/sitemap.xml'),
  server('/robots.txt'),
  server('/remotes.json'),
  server('/api', true),
  server('/builds', true),
];

export const REDIRECTS: readonly RedirectDefinition[] = [
  { from: '/market', to: '/landing/bourse/' },
  { from: '/support', to: '/contact-us/' },
  ...['/careers', '/credit', '/informations', '/price_inquiry', '/price_inquiry_result', '/shipping_price'].map((from) => ({ from, to: '/' })),
];
