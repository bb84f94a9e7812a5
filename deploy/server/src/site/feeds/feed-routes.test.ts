/** @jest-environment node */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildServer } from '../../app';
import { loadConfig } from '../../config';
import { activate } from '../../release/live-file-writes';
import { publish } from '../../release/publish';
import { fixtureAppManifest, liveFixture, writeTree, type Fixture } from '../../testing/fixtures';
import { startStubCms } from '../../testing/stub-cms';

/** A catalogue build whose page list declares the factories' pages in the sitemap, with a menu tree. */
async function catalogueDeclaringFactories(fx: Fixture): Promise<string> {
  const page = { rendering: 'server', guards: ['cache'], layout: 'default' };
  const dist = await writeTree(path.join(fx.root, 'dist', 'catalogue', 'factories'), {
    'remoteEntry.js': 'var catalogue = "factories";\n',
    'app-manifest.json': fixtureAppManifest('catalogue', {
      pages: [
        { ...page, path: '/', sitemap: [{ path: '/' }] },
        { ...page, path: '/factories/:slug', sitemap: [{ collection: 'factories', path: '/factories/:slug' }] },
      ],
      navigation: [{ label: 'میلگرد', path: '/rebar', places: ['header', 'drawer'], order: 0 }],
    }),
  });
  const { version } = await publish(fx.buildsDir, 'catalogue', dist);
  await activate(fx.buildsDir, 'catalogue', version);
  return version;
}

/**
 * The sitemap is what the live pages declare: a catalogue deploy that declares a collection puts
 * its pages in the next sitemap, with no change to the server (the CMS here answers as Strapi does).
 */
describe('the sitemap route', () => {
  let fx: Fixture;
  let cms: Awaited<ReturnType<typeof startStubCms>>;
  let app: FastifyInstance;
  const read: string[] = [];
  beforeAll(async () => {
    fx = await liveFixture();
    const records: Record<string, object[]> = {
      articles: [{ slug: 'rebar-prices', updatedAt: '2026-01-02T00:00:00.000Z' }],
      factories: [{ slug: 'esfahan-steel', updatedAt: '2026-01-03T00:00:00.000Z' }],
    };
    cms = await startStubCms((url) => {
      const collection = url.pathname.replace('/api/', '');
      read.push(collection);
      return records[collection] ?? null;
    });
    app = buildServer(
      loadConfig({
        BUILDS_DIR: fx.buildsDir,
        CMS_INTERNAL_URL: cms.url,
        SITE_URL: 'https://ahanonline.example',
        HEALTH_MONITOR: 'off',
      }),
    );
  });
  afterAll(async () => {
    await app.close();
    await cms.close();
    await fx.cleanup();
  });

  const locs = async () =>
    [...(await app.inject({ url: '/sitemap.xml' })).body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);

  it("lists the live pages' declarations, and a catalogue deploy's new ones at once", async () => {
    // The fixture's live blog declares /blog and its articles; its catalogue declares nothing.
    expect(await locs()).toEqual(['https://ahanonline.example/blog', 'https://ahanonline.example/blog/rebar-prices']);
    expect(read).not.toContain('factories');

    await catalogueDeclaringFactories(fx);
    // Activated on disk, announced to nobody: the next request finds it.
    const after = await locs();
    expect(after).toEqual([
      'https://ahanonline.example/',
      'https://ahanonline.example/blog',
      'https://ahanonline.example/factories/esfahan-steel',
      'https://ahanonline.example/blog/rebar-prices',
    ]);
    // The registry carries the catalogue's menu tree to the shell.
    const registry = (await app.inject({ url: '/remotes.json' })).json<Record<string, { navigation?: unknown }>>();
    expect(registry['catalogue']?.navigation).toEqual([
      { label: 'میلگرد', path: '/rebar', places: ['header', 'drawer'], order: 0 },
    ]);
  });
});
