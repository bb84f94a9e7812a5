/** @jest-environment node */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { buildServer } from '../../app';
import { type Fixture, liveFixture } from '../../testing/fixtures';
import { createWorkQueue } from './responsive-images';

// The CMS seed's own image generator: the uploads served below are what the CMS writes.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS file of the CMS package, outside this program
const { svgCard } = require(path.resolve(__dirname, '../../../../cms/src/bootstrap/images.js')) as {
  svgCard: (options: { title: string; subtitle?: string; seed: string; width?: number; height?: number }) => string;
};

/** The CMS's `/uploads/` folder over HTTP, counting what it is asked for. */
async function startUploads() {
  const asked: string[] = [];
  const cover = svgCard({
    title: 'راهنمای خرید میلگرد',
    subtitle: 'میلگرد',
    seed: 'article-test',
    width: 1200,
    height: 630,
  });
  const server = http.createServer((request, response) => {
    asked.push(request.url ?? '');
    if (request.url === '/uploads/seed_article_test.svg')
      return response.writeHead(200, { 'content-type': 'image/svg+xml' }).end(cover);
    return response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { asked, url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe('GET /_/img', () => {
  let uploads: Awaited<ReturnType<typeof startUploads>>;
  let fx: Fixture;
  let app: FastifyInstance;

  beforeAll(async () => {
    uploads = await startUploads();
    fx = await liveFixture({ CMS_INTERNAL_URL: `${uploads.url}/api` });
    app = buildServer(fx.config);
  });
  afterAll(async () => {
    await app.close();
    await fx.cleanup();
    await uploads.close();
  });

  it('turns a CMS upload into a WebP of the asked width, made once and cached for a year', async () => {
    const first = await app.inject({ url: '/_/img?src=%2Fuploads%2Fseed_article_test.svg&w=640' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/webp');
    expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const image = await sharp(first.rawPayload).metadata();
    expect(image).toMatchObject({ format: 'webp', width: 640, height: 336 });

    const again = await app.inject({ url: '/_/img?src=%2Fuploads%2Fseed_article_test.svg&w=640' });
    expect(again.headers['x-image-cache']).toBe('hit');
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(uploads.asked.filter((url) => url === '/uploads/seed_article_test.svg')).toHaveLength(1);

    // An SVG is drawn at 2× sizes too, not scaled up from a small bitmap.
    const large = await app.inject({ url: '/_/img?src=%2Fuploads%2Fseed_article_test.svg&w=2048' });
    expect(await sharp(large.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 2048 });
  });

  it.each([
    ['a width that is not a breakpoint at 1× or 2×', '/_/img?src=%2Fuploads%2Fseed_article_test.svg&w=641'],
    ['no width', '/_/img?src=%2Fuploads%2Fseed_article_test.svg'],
    ['a path outside the uploads', '/_/img?src=%2Fapi%2Fusers&w=640'],
    ['a path that climbs out of the uploads', '/_/img?src=%2Fuploads%2F..%2Fadmin.png&w=640'],
    ['another host', '/_/img?src=http%3A%2F%2Fexample.com%2Fuploads%2Fa.png&w=640'],
    ['a file that is not an image', '/_/img?src=%2Fuploads%2Fnotes.txt&w=640'],
  ])('refuses %s with 400 and never asks the CMS', async (_case, url) => {
    const before = uploads.asked.length;
    const response = await app.inject({ url });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: string }>().error).toMatch(/src must be|w must be/);
    expect(uploads.asked).toHaveLength(before);
  });

  it('keeps what it made on disk: another server sharing the folder answers it without the CMS', async () => {
    const url = '/_/img?src=%2Fuploads%2Fseed_article_test.svg&w=320';
    const first = await app.inject({ url });
    expect(first.headers['x-image-cache']).toBe('miss');
    const asked = uploads.asked.length;
    const second = buildServer(fx.config);
    try {
      const fromDisk = await second.inject({ url });
      expect(fromDisk.statusCode).toBe(200);
      expect(fromDisk.headers['x-image-cache']).toBe('disk');
      expect(fromDisk.rawPayload.equals(first.rawPayload)).toBe(true);
      expect((await second.inject({ url })).headers['x-image-cache']).toBe('hit');
      expect(uploads.asked).toHaveLength(asked);
    } finally {
      await second.close();
    }
  });

  it('answers 404 for an upload the CMS does not have, and asks the CMS about it once', async () => {
    const before = uploads.asked.filter((url) => url === '/uploads/missing.png').length;
    for (const width of [320, 640, 320]) {
      const response = await app.inject({ url: `/_/img?src=%2Fuploads%2Fmissing.png&w=${width}` });
      expect(response.statusCode).toBe(404);
    }
    expect(uploads.asked.filter((url) => url === '/uploads/missing.png').length - before).toBe(1);
  });
});

describe('the resize queue', () => {
  it('runs at most its limit at once, queues a few more and refuses the rest', async () => {
    const queue = createWorkQueue(2, 1);
    let running = 0;
    let most = 0;
    const releases: Array<() => void> = [];
    const task = () =>
      new Promise<void>((resolve) => {
        running += 1;
        most = Math.max(most, running);
        releases.push(() => {
          running -= 1;
          resolve();
        });
      });
    const accepted = [queue.run(task), queue.run(task), queue.run(task)];
    expect(accepted.every(Boolean)).toBe(true);
    expect(queue.run(task)).toBeNull();
    while (releases.length) {
      releases.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
    await Promise.all(accepted.filter((run) => run !== null));
    expect(most).toBe(2);
  });
});
