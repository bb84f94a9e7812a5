/** @jest-environment node */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serverFetch } from './server-shell-context';

/** A server that drops the first `drops` connections unanswered, then answers «ok»; its request count. */
async function flakyServer(drops: number) {
  let requests = 0;
  const server = http.createServer((request, response) => {
    requests += 1;
    if (requests <= drops) return request.socket.destroy();
    response.end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/articles`,
    requests: () => requests,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe("the server's fetch to the CMS", () => {
  it('reads again when the connection closes before an answer, twice at most', async () => {
    const twice = await flakyServer(2);
    try {
      const response = await serverFetch(twice.url);
      expect(await response.text()).toBe('ok');
      expect(twice.requests()).toBe(3);
    } finally {
      await twice.close();
    }
    const always = await flakyServer(Infinity);
    try {
      await expect(serverFetch(always.url)).rejects.toThrow('fetch failed');
      expect(always.requests()).toBe(3);
    } finally {
      await always.close();
    }
  });

  it('never sends anything but a read again', async () => {
    const server = await flakyServer(1);
    try {
      await expect(serverFetch(server.url, { method: 'POST', body: '{}' })).rejects.toThrow('fetch failed');
      expect(server.requests()).toBe(1);
    } finally {
      await server.close();
    }
  });
});
