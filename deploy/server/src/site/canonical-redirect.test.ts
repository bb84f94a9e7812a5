/** @jest-environment node */
/**
 * What the app server asks a page's state source, and when (the CMS's own answers are
 * tests/page-state.test.js's; e2e/bad-input.spec.ts asks the real one): once per path for its
 * values, once per state for a page number's total, again after the CMS reports a change — and
 * never while it does not answer, when the query is taken as asked.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { listParameter, oneOfParameter, pageParameter, type PageRoute } from '@steel/contract';
import { ContentChanges } from './content-changes';
import { createCanonicalRedirects } from './canonical-redirect';

const LISTING: PageRoute = {
  path: '/rebar/*',
  rendering: 'server',
  guards: [],
  layout: 'default',
  query: [],
  subpages: [
    {
      path: '/rebar/:subcategory',
      stateSource: '/page-state/listing',
      query: [
        listParameter('diameter_mm', { held: true }),
        oneOfParameter('sort', ['name', 'price-asc']),
        pageParameter('page', 24),
      ],
    },
  ],
};

/** A state source stand-in: 12 and 14 are held, 30 products in all, 10 of them 12s; its asks are kept. */
async function stateSource() {
  const asked: string[] = [];
  let down = false;
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://cms');
    asked.push(url.search);
    if (down) return void response.writeHead(503).end();
    const total = url.searchParams.getAll('diameter_mm').includes('12') ? 10 : 30;
    response
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ values: { diameter_mm: ['12', '14'] }, total, collections: ['products'] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    asked,
    goDown: () => (down = true),
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

describe('the canonical redirect of a page with a state source', () => {
  let source: Awaited<ReturnType<typeof stateSource>>;
  const changes = new ContentChanges();
  const app = Fastify();
  let redirects: ReturnType<typeof createCanonicalRedirects>;
  beforeAll(async () => {
    source = await stateSource();
    redirects = createCanonicalRedirects({
      cmsInternalUrl: source.url,
      contentChanges: changes,
      log: { warn: () => {} },
    });
    app.get('/*', async (request, reply) => {
      const pathname = request.url.split('?')[0]!;
      const kept = await redirects.cacheUrlOrRedirect(reply, request.url, pathname, LISTING);
      return kept === null ? reply : reply.send(`rendered ${kept}`);
    });
  });
  afterAll(async () => {
    redirects.close();
    await app.close();
    await source.close();
  });
  const sent = async (url: string) => {
    const response = await app.inject({ url });
    return response.statusCode === 301 ? `301 ${response.headers.location}` : response.body;
  };

  it('drops values the source does not hold, asking it once per path however many are tried', async () => {
    for (let i = 0; i < 200; i++) expect(await sent(`/rebar/kalaf?diameter_mm=zzz${i}`)).toBe('301 /rebar/kalaf');
    // A wrong spelling of a value nobody has: one redirect, to the end of both decisions.
    expect(await sent('/rebar/kalaf?diameter_mm=12;diameter_mm=14&page=1')).toBe('301 /rebar/kalaf');
    expect(await sent('/rebar/kalaf?diameter_mm=12&diameter_mm=zzz&sort=name')).toBe(
      '301 /rebar/kalaf?diameter_mm=12&sort=name',
    );
    expect(await sent('/rebar/kalaf?diameter_mm=12&sort=name')).toBe('rendered /rebar/kalaf?diameter_mm=12&sort=name');
    expect(source.asked).toEqual(['?path=%2Frebar%2Fkalaf']);
    // A query without a held value or a page number needs no answer.
    expect(await sent('/rebar/kalaf?sort=name')).toBe('rendered /rebar/kalaf?sort=name');
    expect(source.asked).toHaveLength(1);
  });

  it("sends a page past the last to the last, by the state's own total", async () => {
    expect(await sent('/rebar/kalaf?page=99999')).toBe('301 /rebar/kalaf?page=2');
    expect(await sent('/rebar/kalaf?page=2')).toBe('rendered /rebar/kalaf?page=2');
    // With the filter, 10 products: one page.
    expect(await sent('/rebar/kalaf?diameter_mm=12&page=2')).toBe('301 /rebar/kalaf?diameter_mm=12');
    expect(source.asked).toEqual(['?path=%2Frebar%2Fkalaf', '?diameter_mm=12&path=%2Frebar%2Fkalaf']);
  });

  it('asks again once the CMS reports a change to what the answers read, and not for another collection', async () => {
    changes.notify(['articles']);
    await sent('/rebar/kalaf?diameter_mm=zzz');
    expect(source.asked).toHaveLength(2);
    changes.notify(['products']);
    await sent('/rebar/kalaf?diameter_mm=zzz');
    expect(source.asked).toHaveLength(3);
  });

  it('takes the query as asked when the source does not answer, and leaves it alone for a while', async () => {
    source.goDown();
    changes.notify(null);
    expect(await sent('/rebar/kalaf?diameter_mm=zzz')).toBe('rendered /rebar/kalaf?diameter_mm=zzz');
    expect(await sent('/rebar/kalaf?diameter_mm=yyy')).toBe('rendered /rebar/kalaf?diameter_mm=yyy');
    expect(source.asked).toHaveLength(4);
    // What the declaration alone decides is still decided.
    expect(await sent('/rebar/kalaf?sort=random')).toBe('301 /rebar/kalaf');
  });
});
