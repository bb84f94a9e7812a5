/** @jest-environment node */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SITE_READ_HEADER, watchCmsReads } from './site-reads';

/** A server that answers with the site-read header it received. */
async function echoServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((request, response) => {
    response.end(String(request.headers[SITE_READ_HEADER] ?? ''));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe('the app server’s reads of the CMS carry the site-read secret', () => {
  it('on GETs to the CMS origin only: never to another host, never on writes', async () => {
    const cms = await echoServer();
    const elsewhere = await echoServer();
    try {
      watchCmsReads(`${cms.url}/api`, 'the-secret');
      watchCmsReads(`${cms.url}/api`, 'the-secret'); // once per process, however often asked
      expect(await (await fetch(`${cms.url}/api/products`)).text()).toBe('the-secret');
      expect(
        await (await fetch(new Request(`${cms.url}/api/products`, { headers: { accept: 'application/json' } }))).text(),
      ).toBe('the-secret');
      expect(await (await fetch(`${cms.url}/api/tickets`, { method: 'POST', body: '{}' })).text()).toBe('');
      expect(await (await fetch(`${elsewhere.url}/api/products`)).text()).toBe('');
      expect(() => watchCmsReads(`${elsewhere.url}/api`, 'the-secret')).toThrow(/already go to/);
    } finally {
      await cms.close();
      await elsewhere.close();
    }
  });
});
