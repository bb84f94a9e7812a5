/** @jest-environment node */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PageRoute } from '@steel/contract';
import { smokeRender, type SiteSeen } from './smoke-render';
import type { SamplePage } from './page-samples';

/** A site whose every page holds the header's slot, and `/rebar/kalaf` a listing's rows too. */
const html: Record<string, string> = {
  '/rebar/kalaf': '<header><div data-slot="header.counter"></div></header><div data-slot="listing.row"></div>',
  '/blog': '<header><div data-slot="header.counter"></div></header><article></article>',
};
let server: http.Server;
let base: string;
beforeAll(async () => {
  server = http.createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' }).end(html[request.url ?? ''] ?? '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const route = (path: string, slots?: PageRoute['slots']): PageRoute => ({
  path,
  rendering: 'server',
  guards: [],
  layout: 'default',
  ...(slots ? { slots } : {}),
});
const sample = (app: SamplePage['app'], url: string, pageRoute: PageRoute): SamplePage => ({
  app,
  url,
  route: pageRoute,
  real: true,
});
const seen = (): SiteSeen => ({ fallbacks: [], failures: [], slotFailures: [] });
const render = (pages: SamplePage[], candidate: string) =>
  smokeRender(base, pages, seen(), candidate, 5000, { onEveryPage: ['header.counter'] });

describe("the gate's server render and the slots a page lists", () => {
  it("passes a candidate's pages that render only the shell's slots and those they list", async () => {
    const pages = [
      sample('catalogue', '/rebar/kalaf', route('/rebar/*', ['product.actions', 'listing.row'])),
      sample('blog', '/blog', route('/blog')),
    ];
    expect(await render(pages, 'catalogue')).toBeNull();
  });

  it('refuses a candidate page that renders a slot its page kind does not list, naming both', async () => {
    const pages = [sample('catalogue', '/rebar/kalaf', route('/rebar/*', ['product.actions']))];
    expect(await render(pages, 'catalogue')).toBe(
      "smoke render: catalogue /rebar/kalaf renders the slot listing.row, which its page kind /rebar/* does not list; add 'listing.row' to the page's `slots` (the gate weighs the contributors' code on each page kind by them)",
    );
  });

  it("leaves another app's undeclared slot to that app's own gate", async () => {
    const pages = [sample('catalogue', '/rebar/kalaf', route('/rebar/*'))];
    expect(await render(pages, 'inquiry')).toBeNull();
  });
});
