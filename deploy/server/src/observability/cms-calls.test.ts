/** @jest-environment node */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { watchCmsReads } from '../rendering/site-reads';
import { type CmsCall, runInContext } from './request-context';

/**
 * The server's own reads of the CMS (session check, feeds, images) made while serving a request
 * carry its id and are reported to it, as the render workers' are (observability.test.ts).
 */
describe("the main thread's CMS reads", () => {
  let cms: http.Server;
  let url: string;
  beforeAll(async () => {
    // Answers with the request id it received; 502 for /failing.
    cms = http.createServer((request, response) => {
      response.writeHead(request.url === '/api/failing' ? 502 : 200);
      response.end(String(request.headers['x-request-id'] ?? ''));
    });
    await new Promise<void>((resolve) => cms.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(cms.address() as AddressInfo).port}`;
    watchCmsReads(`${url}/api`, null);
  });
  afterAll(() => new Promise((resolve) => cms.close(resolve)));

  it("carry the request's id and are reported to it with their outcome", async () => {
    const calls: CmsCall[] = [];
    const answers = await runInContext({ requestId: 'req-7', onCmsCall: (call) => calls.push(call) }, async () => [
      await (await fetch(`${url}/api/users/me`)).text(),
      await (await fetch(`${url}/api/failing`)).text(),
    ]);
    expect(answers).toEqual(['req-7', 'req-7']);
    expect(calls.map(({ outcome }) => outcome)).toEqual(['ok', 'error']);
    expect(calls.every(({ seconds }) => seconds >= 0)).toBe(true);
  });

  it('outside a request: no id, nothing reported', async () => {
    expect(await (await fetch(`${url}/api/users/me`)).text()).toBe('');
  });
});
