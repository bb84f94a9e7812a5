/** @jest-environment node */
import fs from 'node:fs/promises';
import path from 'node:path';
import { addKey, removeKey, storedKeys } from '../live-set/deploy-keys';
import { appendToReleaseLog, readReleaseLog } from '../release/release-log';
import { overrideCookieName, signOverride } from '../live-set/override-cookies';
import { publishMarkedCatalogue, tempDir, type Fixture } from '../testing/fixtures';
import { startRenderingSite } from '../testing/rendering-site';

/**
 * A catalogue team member overrides the catalogue to a version of theirs on a server-rendering app
 * server: their browser alone gets it — the page rendered by it, the registry, the live set's stamp —
 * with a strip that removes it; everyone else, and the page cache, keep the live version.
 */
describe('overrides: one browser tries a version in production', () => {
  let fx: Fixture;
  let tried: string;
  let ungated: string;
  let keysFile: string;
  let catalogueKey: string;
  let app: Awaited<ReturnType<typeof startRenderingSite>>['app'];
  let site: Awaited<ReturnType<typeof startRenderingSite>>;

  beforeAll(async () => {
    const root = await tempDir();
    keysFile = path.join(root, 'keys.json');
    site = await startRenderingSite({ DEPLOY_KEYS_FILE: keysFile });
    ({ fx, app } = site);
    tried = await publishMarkedCatalogue(fx, 'tried');
    ungated = await publishMarkedCatalogue(fx, 'ungated');
    // The fixture builds expose no ./app, so the real gate refuses them: the pass a real build gets
    // from `deploy check` is written as the gate writes it.
    await appendToReleaseLog(fx.buildsDir, {
      action: 'check',
      app: 'catalogue',
      version: tried,
      previous: fx.versions.catalogue,
      gate: 'passed',
      forced: null,
      by: 'catalogue-team',
    });
    catalogueKey = await addKey({ buildsDir: fx.buildsDir, keysFile }, 'catalogue', 'catalogue-team');
    await addKey({ buildsDir: fx.buildsDir, keysFile }, 'blog', 'blog-team');
  }, 30_000);
  afterAll(async () => {
    await site.close();
    await fs.rm(path.dirname(keysFile), { recursive: true, force: true });
  });

  const catalogueIn = (html: string) => /\/builds\/catalogue\/([^/]+)\/remoteEntry\.js/.exec(html)?.[1];
  const requestOverride = (body: Record<string, unknown>, key = catalogueKey) =>
    app.inject({
      method: 'POST',
      url: '/_/deploy/catalogue/override',
      headers: { authorization: `Bearer ${key}` },
      payload: body,
    });
  const page = (cookie?: string) => app.inject({ url: '/rebar', ...(cookie ? { headers: { cookie } } : {}) });

  it("is refused for a version that has not passed the gate, and for another app's key", async () => {
    const refused = await requestOverride({ version: ungated });
    expect([refused.statusCode, refused.json()]).toEqual([
      409,
      { error: expect.stringMatching(/has not passed the gate/) },
    ]);
    const blogKey = await addKey({ buildsDir: fx.buildsDir, keysFile }, 'blog', 'blog-intruder');
    expect((await requestOverride({ version: tried }, blogKey)).statusCode).toBe(403);
    expect((await requestOverride({ version: tried, minutes: 100_000 })).statusCode).toBe(400);
    expect((await readReleaseLog(fx.buildsDir, 'catalogue')).some((entry) => entry.action === 'override')).toBe(false);
  });

  it('shows the version to its holder alone, server render included, with a strip that removes it', async () => {
    // Another visitor's page first, so a crossed cache would hand it to the holder (or the other way).
    const before = await page();
    expect(catalogueIn(before.body)).toBe(fx.versions.catalogue);

    const issued = await requestOverride({ version: tried, minutes: 30 });
    expect(issued.statusCode).toBe(200);
    const { link, cookie } = issued.json<{ link: string; cookie: { name: string; value: string } }>();
    expect(cookie.name).toBe(overrideCookieName('catalogue'));
    expect((await readReleaseLog(fx.buildsDir, 'catalogue')).at(-1)).toMatchObject({
      action: 'override',
      version: tried,
      by: 'catalogue-team',
    });

    const applied = await app.inject({ url: link });
    expect(applied.statusCode).toBe(303);
    const setCookie = String(applied.headers['set-cookie']);
    expect(setCookie).toMatch(
      /^steel_override_catalogue=[^;]+; Path=\/; Max-Age=(17\d\d|1800); SameSite=Lax; HttpOnly$/,
    );
    const holder = setCookie.split(';')[0]!;

    const mine = await page(holder);
    expect(catalogueIn(mine.body)).toBe(tried);
    expect(mine.body).toContain('<title>tried ');
    expect(mine.body).toMatch(
      /<aside id="steel-override-strip"[^>]*>.*برنامهٔ <bdi dir="ltr"[^>]*>catalogue<\/bdi>.*<form method="post" action="\/_\/override\/clear"/s,
    );
    expect(mine.headers['cache-control']).toBe('private, no-store');
    const registry = await app.inject({ url: '/remotes.json', headers: { cookie: holder } });
    expect(registry.json<Record<string, { version: string }>>().catalogue?.version).toBe(tried);

    const others = await page();
    expect(catalogueIn(others.body)).toBe(fx.versions.catalogue);
    expect(others.body).not.toContain('<title>tried ');
    expect(others.body).not.toContain('steel-override-strip');
    expect(
      (await app.inject({ url: '/remotes.json' })).json<Record<string, { version: string }>>().catalogue?.version,
    ).toBe(fx.versions.catalogue);

    const cleared = await app.inject({
      method: 'POST',
      url: '/_/override/clear',
      headers: {
        cookie: holder,
        'content-type': 'application/x-www-form-urlencoded',
        referer: 'http://localhost:8080/rebar',
        host: 'localhost:8080',
      },
      payload: '',
    });
    expect(cleared.statusCode).toBe(303);
    expect(cleared.headers.location).toBe('/rebar');
    expect(cleared.headers['set-cookie']).toContain(
      'steel_override_catalogue=; Path=/; Max-Age=0; SameSite=Lax; HttpOnly',
    );
  });

  it('ignores a cookie that is tampered with, expired, signed for another app, or whose key was removed', async () => {
    const key = (await storedKeys({ buildsDir: fx.buildsDir, keysFile })).find(
      (record) => record.name === 'catalogue-team',
    )!;
    const valid = signOverride(key, tried, Date.now() + 600_000);
    const forged = valid.replace(tried, ungated);
    const expired = signOverride(key, tried, Date.now() - 1000);
    for (const cookie of [
      `steel_override_catalogue=${forged}`,
      `steel_override_catalogue=${expired}`,
      `steel_override_blog=${valid}`,
    ]) {
      const response = await page(cookie);
      expect([catalogueIn(response.body), response.body.includes('steel-override-strip')]).toEqual([
        fx.versions.catalogue,
        false,
      ]);
    }
    for (const token of [forged, `${valid};Domain=example.com`, `${valid};;`]) {
      const badLink = await app.inject({ url: `/_/override/apply?app=catalogue&token=${encodeURIComponent(token)}` });
      expect([badLink.statusCode, badLink.headers['set-cookie']]).toEqual([400, undefined]);
    }

    expect(catalogueIn((await page(`steel_override_catalogue=${valid}`)).body)).toBe(tried);
    await removeKey({ buildsDir: fx.buildsDir, keysFile }, 'catalogue-team');
    expect(catalogueIn((await page(`steel_override_catalogue=${valid}`)).body)).toBe(fx.versions.catalogue);
  });
});
