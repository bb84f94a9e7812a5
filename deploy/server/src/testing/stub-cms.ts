/**
 * A stand-in CMS on loopback that answers a collection read as Strapi's REST API does
 * (`{ data, meta: { pagination } }`), for the tests of what the app server reads itself (the
 * feeds, the sitemap). `answer` gives a read's records, or null for a 404; every URL asked is kept.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export async function startStubCms(answer: (url: URL) => readonly unknown[] | null) {
  const asked: URL[] = [];
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://cms');
    asked.push(url);
    const data = answer(url);
    if (!data) return void response.writeHead(404).end();
    response
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ data, meta: { pagination: { pageCount: 1 } } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    /** The REST API's base, as CMS_INTERNAL_URL names it. */
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`,
    asked,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
