/**
 * The paths the app server answers itself (docs/architecture.md, "Reserved names and paths"): the
 * one list that the route table, the app server's page route, the app registry (`deploy apps add`)
 * and the deploy gate all read. No app may be registered for one of these paths or under a name
 * they begin with, and the gate refuses a page or feed that claims one — naming the clash, instead
 * of letting the smoke test blame the app's mount. The app server's tests walk every route it
 * registers and prove each is covered here.
 *
 * Patterns in the route rule's grammar (route-rule.ts): `/api/*` is /api and every path below it.
 */
import { parsePattern } from './route-rule';

export interface AppServerPath {
  path: string;
  /** What the app server serves there, for the line that names a clash. */
  serves: string;
}

export const APP_SERVER_ROUTES: readonly AppServerPath[] = [
  {
    path: '/_/*',
    serves: "the platform's own: the deploy API and console, images, print, override links, reports",
  },
  { path: '/api/*', serves: "the app server's API: health and the visitor's session" },
  { path: '/builds/*', serves: "every app version's files, the live set's stamp and the live-set events" },
  { path: '/remotes.json', serves: 'the remote registry' },
  { path: '/sitemap.xml', serves: 'the sitemap' },
  { path: '/robots.txt', serves: 'robots.txt' },
  // Prometheus's scrape (loopback or a token only; nginx refuses it).
  { path: '/metrics', serves: "Prometheus's metrics" },
  // The site's well-known URIs (RFC 8615) belong to whoever runs the site, never to one team.
  { path: '/.well-known/*', serves: "the site's well-known URIs" },
];

/**
 * The app server's paths in the route table: listed before every remote's pages, so at an equal
 * rank they win over a remote's claim. The feeds the live pages declare are the app server's too
 * (`appServerPaths`, app-manifest.ts).
 */
export const APP_SERVER_PATHS: readonly string[] = APP_SERVER_ROUTES.map(({ path }) => path);

/**
 * A first segment beginning with `_` is the platform's as well (the page route never renders one):
 * room for its own paths to come without taking one from a team.
 */
const PLATFORM_SEGMENT_PREFIX = '_';

/** The first segment of each of the app server's paths (`api`, `builds`, `remotes.json`…). */
export const APP_SERVER_FIRST_SEGMENTS: readonly string[] = APP_SERVER_ROUTES.map(
  ({ path }) => parsePattern(path).segments[0] ?? '',
);

/**
 * The app server's path that a claim shares a path with, or null. `claim` is a page's pattern
 * (`/guides/:slug`, `/guides/*`), a feed's path, or a registered path pattern (`/guides/**`, which
 * reads as `/guides/*`). Only literal segments clash: a `:param` where a reserved path has a word
 * never wins that path (a static segment outranks it in the route rule), so `/:slug` takes nothing
 * from `/metrics`.
 */
export function appServerPathClash(claim: string): AppServerPath | null {
  const pattern = parsePattern(claim.endsWith('/**') ? claim.slice(0, -1) : claim);
  const listed = APP_SERVER_ROUTES.find((reserved) => {
    const own = parsePattern(reserved.path);
    const common = Math.min(own.segments.length, pattern.segments.length);
    for (let index = 0; index < common; index++) if (pattern.segments[index] !== own.segments[index]) return false;
    // A claim deeper than a reserved path lies within it when that path is all below it. A
    // shallower claim (`/*`, a catch-all) never wins the reserved path: the route rule ranks the
    // reserved path's words higher.
    return (
      pattern.segments.length === own.segments.length || (pattern.segments.length > own.segments.length && own.below)
    );
  });
  if (listed) return listed;
  const first = pattern.segments[0];
  return first?.startsWith(PLATFORM_SEGMENT_PREFIX)
    ? { path: `/${first}`, serves: `the platform's own (every path beginning with /${PLATFORM_SEGMENT_PREFIX})` }
    : null;
}

/** Whether the app server answers `pathname` itself (a concrete path, not a pattern). */
export function isAppServerPath(pathname: string): boolean {
  return appServerPathClash(pathname) !== null;
}
