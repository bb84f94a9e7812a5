/** @jest-environment node */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildServer } from '../app';
import { activate } from '../release/live-file-writes';
import { publish } from '../release/publish';
import { type Fixture, liveFixture, makeDist } from '../testing/fixtures';

/** Reads `live` events from a real connection until `count` have arrived. */
function readEvents(
  url: string,
  count: number,
): { events: Promise<Array<Record<string, unknown>>>; response: Promise<http.IncomingMessage>; close(): void } {
  let request: http.ClientRequest;
  let resolveResponse!: (response: http.IncomingMessage) => void;
  const response = new Promise<http.IncomingMessage>((resolve) => (resolveResponse = resolve));
  const events = new Promise<Array<Record<string, unknown>>>((resolve, reject) => {
    request = http.get(url, (res) => {
      resolveResponse(res);
      const seen: Array<Record<string, unknown>> = [];
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block.split('\n').find((line) => line.startsWith('data: '));
          if (block.startsWith('event: live') && data) seen.push(JSON.parse(data.slice(6)) as Record<string, unknown>);
          if (seen.length === count) resolve(seen);
        }
      });
    });
    request.on('error', reject);
  });
  return { events, response, close: () => request.destroy() };
}

describe('/builds/events', () => {
  let fx: Fixture;
  let app: FastifyInstance;
  let base: string;

  beforeEach(async () => {
    fx = await liveFixture();
    app = buildServer(fx.config);
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterEach(async () => {
    await app.close();
    await fx.cleanup();
  });

  it('sends the current live set at once, then each activation, to every listener', async () => {
    const latest = (await app.inject({ url: '/builds/latest.json' })).json<{ id: string }>();
    const first = readEvents(`${base}/builds/events`, 2);
    const second = readEvents(`${base}/builds/events`, 2);
    const response = await first.response;
    expect(response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-accel-buffering']).toBe('no');
    await second.response;

    const { version } = await publish(fx.buildsDir, 'blog', await makeDist(fx.root, 'blog', 'v2'));
    await activate(fx.buildsDir, 'blog', version);
    const [now, next] = await first.events;
    expect(now).toMatchObject({ id: latest.id, versions: fx.versions });
    const after = (await app.inject({ url: '/builds/latest.json' })).json<{ id: string }>();
    expect(next).toMatchObject({ id: after.id, versions: { ...fx.versions, blog: version } });
    expect(await second.events).toEqual([now, next]);
    first.close();
    second.close();
  });

  it('refuses more than 16 streams from one address, and takes them again once closed', async () => {
    const open = Array.from({ length: 16 }, () => readEvents(`${base}/builds/events`, 1));
    await Promise.all(open.map((stream) => stream.events));
    const refused = await fetch(`${base}/builds/events`);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('60');
    open[0]!.close();
    for (let attempt = 0; attempt < 50; attempt++) {
      const again = readEvents(`${base}/builds/events`, 1);
      if ((await again.response).statusCode === 200) {
        await again.events;
        again.close();
        break;
      }
      again.close();
      await new Promise((resolve) => setTimeout(resolve, 20));
      if (attempt === 49) throw new Error('a closed stream never freed its place');
    }
    for (const stream of open) stream.close();
  });
});
