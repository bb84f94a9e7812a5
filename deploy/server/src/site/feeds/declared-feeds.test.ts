/** @jest-environment node */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildServer } from '../../app';
import { loadConfig } from '../../config';
import { activate } from '../../release/live-file-writes';
import { publish } from '../../release/publish';
import { FIXTURE_PAGES, fixtureAppManifest, liveFixture, writeTree, type Fixture } from '../../testing/fixtures';
import { startStubCms } from '../../testing/stub-cms';

/** A blog build whose list page declares its feed at another path, with other words and one item. */
async function blogDeclaringAnotherFeed(fx: Fixture): Promise<void> {
  const [listPage, ...rest] = FIXTURE_PAGES.blog;
  const feed = listPage!.feeds![0]!;
  const dist = await writeTree(path.join(fx.root, 'dist', 'blog', 'feed'), {
    'remoteEntry.js': 'var blog = "feed";\n',
    'app-manifest.json': fixtureAppManifest('blog', {
      pages: [
        { ...listPage, feeds: [{ ...feed, path: '/blog/feed.xml', description: 'تازه‌ترین مقاله', limit: 1 }] },
        ...rest,
      ],
    }),
  });
  const { version } = await publish(fx.buildsDir, 'blog', dist);
  await activate(fx.buildsDir, 'blog', version);
}

/**
 * A feed is what a live page declares (docs/architecture.md, "Images, feed and sitemap"): the app
 * server writes it from the CMS by the declaration alone, and a blog deploy that moves or rewords
 * its feed changes what is served with no change to the server. The CMS here answers as Strapi does.
 */
describe('the feeds the live pages declare', () => {
  let fx: Fixture;
  let cms: Awaited<ReturnType<typeof startStubCms>>;
  let app: FastifyInstance;
  let articles = [
    {
      slug: 'rebar-prices',
      title: 'قیمت میلگرد & تیرآهن',
      excerpt: 'بازار این هفته',
      author: 'تحریریه',
      tags: ['میلگرد', 'قیمت'],
      publish_date: '2026-01-03T08:00:00.000Z',
      updatedAt: '2026-01-03T09:00:00.000Z',
    },
    {
      slug: 'راهنمای-خرید',
      title: 'راهنمای خرید ورق',
      excerpt: null,
      author: null,
      tags: null,
      publish_date: '2026-01-01T08:00:00.000Z',
      updatedAt: '2026-01-02T00:00:00.000Z',
    },
  ];
  beforeAll(async () => {
    fx = await liveFixture();
    cms = await startStubCms((url) => articles.slice(0, Number(url.searchParams.get('pagination[pageSize]'))));
    app = buildServer(
      loadConfig({
        BUILDS_DIR: fx.buildsDir,
        CMS_INTERNAL_URL: cms.url,
        SITE_URL: 'https://ahanonline.example',
        HEALTH_MONITOR: 'off',
        CONTENT_CHANGE_SECRET: 'feeds-test',
      }),
    );
  });
  afterAll(async () => {
    await app.close();
    await cms.close();
    await fx.cleanup();
  });

  it("writes the blog's feed from its declaration: its words, its collection in its order, each item's fields", async () => {
    const response = await app.inject({ url: '/blog/rss.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    const xml = response.body;
    expect(xml).toContain('<title>اخبار و مقالات | بازار آهن‌آلات</title>');
    expect(xml).toContain('<link>https://ahanonline.example/blog</link>');
    expect(xml).toContain('<description>اخبار بازار آهن، راهنمای خرید و مقالات تخصصی محصولات فولادی.</description>');
    expect(xml).toContain(
      '<atom:link href="https://ahanonline.example/blog/rss.xml" rel="self" type="application/rss+xml"',
    );
    expect(xml).toContain('<lastBuildDate>Sat, 03 Jan 2026 09:00:00 GMT</lastBuildDate>');
    expect([...xml.matchAll(/<item>[\s\S]*?<link>([^<]+)<\/link>/g)].map((match) => match[1])).toEqual([
      'https://ahanonline.example/blog/rebar-prices',
      `https://ahanonline.example/blog/${encodeURIComponent('راهنمای-خرید')}`,
    ]);
    expect(xml).toContain('<title>قیمت میلگرد &amp; تیرآهن</title>');
    expect(xml).toContain('<description>بازار این هفته</description>');
    expect(xml).toContain('<pubDate>Sat, 03 Jan 2026 08:00:00 GMT</pubDate>');
    expect(xml).toContain('<dc:creator>تحریریه</dc:creator>');
    expect(xml).toContain('<category>میلگرد</category>');
    // One read of the latest 20, newest first, asking for the fields the declaration names.
    const [read] = cms.asked;
    expect(read?.pathname).toBe('/api/articles');
    expect(read?.searchParams.get('pagination[pageSize]')).toBe('20');
    expect([read?.searchParams.get('sort[0]'), read?.searchParams.get('sort[1]')]).toEqual([
      'publish_date:desc',
      'id:desc',
    ]);
    expect(
      [...(read?.searchParams.entries() ?? [])]
        .filter(([key]) => key.startsWith('fields['))
        .map(([, field]) => field)
        .sort(),
    ).toEqual(['author', 'excerpt', 'publish_date', 'slug', 'tags', 'title', 'updatedAt']);
  });

  it('keeps the feed until the CMS reports a change to its collection', async () => {
    const reads = cms.asked.length;
    await app.inject({ url: '/blog/rss.xml' });
    expect(cms.asked.length).toBe(reads);
    articles = [{ ...articles[0]!, slug: 'new-article', title: 'مقاله تازه' }, ...articles];
    const reported = await app.inject({
      method: 'POST',
      url: '/_/content-changed',
      headers: { 'x-content-change-secret': 'feeds-test' },
      payload: { collections: ['articles'] },
    });
    expect(reported.statusCode).toBeLessThan(300);
    expect((await app.inject({ url: '/blog/rss.xml' })).body).toContain('<title>مقاله تازه</title>');
  });

  it('follows a blog deploy that moves and rewords its feed, with no change to the server', async () => {
    await blogDeclaringAnotherFeed(fx);
    const moved = await app.inject({ url: '/blog/feed.xml' });
    expect(moved.statusCode).toBe(200);
    expect(moved.body).toContain('<description>تازه‌ترین مقاله</description>');
    expect(moved.body.match(/<item>/g)).toHaveLength(1);
    // The old path is no feed of the live blog any more: a missing file.
    expect((await app.inject({ url: '/blog/rss.xml' })).statusCode).toBe(404);
  });
});
