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
  /**
   * Which catalogue entry rendered the page: the canary's writes "canary" before the CMS's text in
   * the title, the live one the text alone. None when the page was left to the browser — a render
   * that ran out of time, or a CMS that did not answer in time, as on a loaded machine: such a page
   * preloads no entry either, so only its live set's id can be checked.
   */
  const renderedBy = (html: string) => {
    const title = /<title>(canary )?content \|/.exec(html);
    return !title ? null : title[1] ? 'canary' : 'live';
  };
  const buildIdOf = (html: string) =>
    (
      JSON.parse(/<script type="application\/json" id="runtime-config">(.*?)<\/script>/s.exec(html)?.[1] ?? '{}') as {
        buildId: string;
      }
    ).buildId;

  /**
   * A page an entry rendered was rendered by the visitor's cohort's entry and preloads that
   * version: a crossed cache would break this. Whether the page could be checked so.
   */
  const agreesWithCohort = (html: string, inCanary: boolean) => {
    const by = renderedBy(html);
    if (!by) return false;
    expect(by).toBe(inCanary ? 'canary' : 'live');
    expect(catalogueIn(html)).toBe(inCanary ? canaryVersion : fx.versions.catalogue);
    return true;
  };

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
      if (agreesWithCohort(first.body, inCanary)) checkedRenders.set(inCanary, (checkedRenders.get(inCanary) ?? 0) + 1);
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
          agreesWithCohort(again.body, inCanary);
        }
      }
    }
    expect(ids.size).toBe(2);
    expect(checkedRenders.get(true)).toBeGreaterThan(0);
    expect(checkedRenders.get(false)).toBeGreaterThan(0);
    expect(Math.abs(canaryVisitors / 1000 - 0.2)).toBeLessThanOrEqual(0.03);
    // A guard against a hang, not a time: its 11,000 requests on jest's one worker, beside the CMS
    // suites on the other core, once took past 120 s in CI.
  }, 300_000);

  it('an aborted canary sends its visitors back to the live version', async () => {
    const catalogueFor = async (cookie: string) =>
      (await app.inject({ url: '/remotes.json', headers: { cookie } })).json<Record<string, { version: string }>>()
        .catalogue?.version;
    let cookie = '';
    for (let attempt = 0; attempt < 50 && !cookie; attempt++) {
      const page = await app.inject({ url: '/rebar' });
      const given = String(page.headers['set-cookie']).split(';')[0]!;
      if ((await catalogueFor(given)) === canaryVersion) cookie = given;
    }
    expect(cookie).not.toBe('');
    await endCanary(fx.buildsDir, 'catalogue');
    expect(await catalogueFor(cookie)).toBe(fx.versions.catalogue);
    const after = await app.inject({ url: '/rebar', headers: { cookie } });
    agreesWithCohort(after.body, false);
  });
});
