/** @jest-environment node */
import { endCanary, startCanary } from '../release/canary';
import { publishMarkedCatalogue, type Fixture } from '../testing/fixtures';
import { startRenderingSite } from '../testing/rendering-site';
import { COHORT_COOKIE } from './visitor-live-set';

/**
 * A catalogue canary at 20 % on a server-rendering app server: who gets it, for how long, and
 * whether every view of the live set (render, registry, /remotes.json, latest.json, the page
 * cache) agrees for each visitor. The canary's server entry writes "canary" into the title, so a
 * page rendered with one set and served to a visitor of the other would show.
 */
describe('canary: the live set per visitor', () => {
  let fx: Fixture;
  let canaryVersion: string;
  let app: Awaited<ReturnType<typeof startRenderingSite>>['app'];
  let site: Awaited<ReturnType<typeof startRenderingSite>>;

  beforeAll(async () => {
    site = await startRenderingSite();
    ({ fx, app } = site);
    canaryVersion = await publishMarkedCatalogue(fx, 'canary');
  }, 30_000);
  afterAll(() => site.close());

  /** The catalogue version the page tells the browser to load (its preloaded entry, from the registry). */
  const catalogueIn = (html: string) => /\/builds\/catalogue\/([^/]+)\/remoteEntry\.js/.exec(html)?.[1];
  /** Whether the canary's server entry rendered the page. */
  const renderedByCanary = (html: string) => html.includes('<title>canary ');
  /**
   * Whether the catalogue rendered the page whole, now or from the cache. A render that runs out of
   * time on a loaded machine leaves the page to the browser: it names no version to preload and
   * has no title from either entry, so only its live set's id can be checked.
   */
  const renderedWhole = (page: { headers: Record<string, unknown> }) =>
    ['server', 'cache'].includes(String(page.headers['x-render']));
  const buildIdOf = (html: string) =>
    (
      JSON.parse(/<script type="application\/json" id="runtime-config">(.*?)<\/script>/s.exec(html)?.[1] ?? '{}') as {
        buildId: string;
      }
    ).buildId;

  it('without a canary, no visitor gets a cookie', async () => {
    const page = await app.inject({ url: '/rebar' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['set-cookie']).toBeUndefined();
  });

  it('1,000 visitors: 20 % ± 3 points get the canary, each keeps it for 10 requests, and render, registry, manifests and cache agree', async () => {
    await startCanary(fx.buildsDir, 'catalogue', canaryVersion, 20);
    const ids = new Map<boolean, string>();
    let canaryVisitors = 0;
    // Pages the catalogue rendered whole, per cohort: the render checks above ran on both sides.
    const checkedRenders = new Map<boolean, number>();
    for (let visitor = 0; visitor < 1000; visitor++) {
      const first = await app.inject({ url: `/rebar/page-${visitor % 7}` });
      const cookie = String(first.headers['set-cookie']).split(';')[0]!;
      expect(cookie).toMatch(new RegExp(`^${COHORT_COOKIE}=\\d+$`));
      const registry = await app.inject({ url: '/remotes.json', headers: { cookie } });
      const inCanary = registry.json<Record<string, { version: string }>>().catalogue?.version === canaryVersion;
      if (inCanary) canaryVisitors += 1;
      // The render agrees with the registry it ships with: a crossed cache would break this.
      if (renderedWhole(first)) {
        checkedRenders.set(inCanary, (checkedRenders.get(inCanary) ?? 0) + 1);
        expect(catalogueIn(first.body)).toBe(inCanary ? canaryVersion : fx.versions.catalogue);
        expect(renderedByCanary(first.body)).toBe(inCanary);
      }
      const id = buildIdOf(first.body);
      expect(id).toBe(ids.get(inCanary) ?? id);
      ids.set(inCanary, id);

      for (let request = 1; request < 10; request++) {
        const url = [`/rebar/page-${request % 7}`, '/remotes.json', '/builds/latest.json'][request % 3]!;
        const again = await app.inject({ url, headers: { cookie } });
        expect(again.headers['set-cookie']).toBeUndefined();
        if (url === '/remotes.json')
          expect(again.json<Record<string, { version: string }>>().catalogue?.version).toBe(
            inCanary ? canaryVersion : fx.versions.catalogue,
          );
        else if (url === '/builds/latest.json') expect(again.json<{ id: string }>().id).toBe(id);
        else {
          expect(buildIdOf(again.body)).toBe(id);
          if (renderedWhole(again)) {
            expect(catalogueIn(again.body)).toBe(inCanary ? canaryVersion : fx.versions.catalogue);
            expect(renderedByCanary(again.body)).toBe(inCanary);
          }
        }
      }
    }
    expect(ids.size).toBe(2);
    expect(checkedRenders.get(true)).toBeGreaterThan(0);
    expect(checkedRenders.get(false)).toBeGreaterThan(0);
    expect(Math.abs(canaryVisitors / 1000 - 0.2)).toBeLessThanOrEqual(0.03);
  }, 120_000);

  it('an aborted canary sends its visitors back to the live version', async () => {
    let cookie = '';
    for (let attempt = 0; attempt < 50 && !cookie; attempt++) {
      const page = await app.inject({ url: '/rebar' });
      if (catalogueIn(page.body) === canaryVersion) cookie = String(page.headers['set-cookie']).split(';')[0]!;
    }
    expect(cookie).not.toBe('');
    await endCanary(fx.buildsDir, 'catalogue');
    const after = await app.inject({ url: '/rebar', headers: { cookie } });
    expect(catalogueIn(after.body)).toBe(fx.versions.catalogue);
    expect(renderedByCanary(after.body)).toBe(false);
  });
});
