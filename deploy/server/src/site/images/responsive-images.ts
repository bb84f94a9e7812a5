/**
 * `GET /_/img?src=/uploads/<file>&w=<width>`: the server half of the site's one responsive-image
 * path (`ResponsiveImage` in @steel/shared is the other). The CMS upload is fetched from the CMS,
 * resized with sharp to exactly that width and answered as WebP; results are kept in a
 * byte-bounded LRU in memory and a size-capped folder on disk, so each (image, width) is made once. Only CMS upload paths and only the
 * breakpoint widths at 1× and 2× are accepted, so the route cannot be used to fetch other URLs
 * or to make the server resize to arbitrary sizes. Upload names are content hashes, so a URL's
 * answer never changes: it is cached by browsers for a year.
 */
import type { FastifyPluginAsync } from 'fastify';
import { LRUCache } from 'lru-cache';
import sharp from 'sharp';
import { IMAGE_ROUTE, IMAGE_WIDTHS, isUploadPath } from '@steel/shared/image-widths';
import type { RouteContext } from '../context';
import { DiskImageCache } from './disk-image-cache';

// Two cores serve pages, renders and images: one libvips thread per resize, and no second
// cache inside sharp (ours holds the results).
sharp.concurrency(1);
sharp.cache(false);

/**
 * Resizes at once, and resizes that may wait: a flood of distinct images is worked through two at a
 * time (each holds a decoded bitmap in memory) and refused past the queue, instead of every request
 * decoding in parallel — 1,400 requests took the server from 150 MB to 960 MB.
 */
const RESIZES_AT_ONCE = 2;
const RESIZES_WAITING = 32;
/** An upload the CMS does not have is remembered as missing for this long (no CMS call per request). */
const MISSING_FOR_MS = 5 * 60_000;

/** At most `limit` tasks run at once; `waiting` more may queue; beyond that, null (refused). */
export function createWorkQueue(limit: number, waiting: number) {
  let running = 0;
  const queue: Array<() => void> = [];
  return {
    run<T>(task: () => Promise<T>): Promise<T> | null {
      if (running >= limit && queue.length >= waiting) return null;
      const start = () => {
        running += 1;
        return task().finally(() => {
          running -= 1;
          queue.shift()?.();
        });
      };
      if (running < limit) return start();
      return new Promise<T>((resolve, reject) => queue.push(() => void start().then(resolve, reject)));
    },
    get running() {
      return running;
    },
    get waiting() {
      return queue.length;
    },
  };
}

/** A larger upload is refused rather than decoded (seed covers are a few kB). */
const MAX_SOURCE_BYTES = 15 * 1024 * 1024;
const SOURCE_TIMEOUT_MS = 10_000;
/** Rasterised SVG is drawn at the target size (72 dpi is sharp's 1:1), capped for safety. */
const MAX_SVG_DENSITY = 2400;

export class ImageSourceError extends Error {
  constructor(
    readonly status: 404 | 502,
    message: string,
  ) {
    super(message);
  }
}

/** Fetches an upload from the CMS and resizes it to `width` as WebP. */
export async function resizeUpload(uploadsOrigin: string, src: string, width: number): Promise<Buffer> {
  const response = await fetch(new URL(src, uploadsOrigin), { signal: AbortSignal.timeout(SOURCE_TIMEOUT_MS) }).catch(
    (error: unknown) => {
      throw new ImageSourceError(502, `the CMS did not answer for ${src}: ${String(error)}`);
    },
  );
  if (response.status === 404) throw new ImageSourceError(404, `no upload ${src}`);
  if (!response.ok) throw new ImageSourceError(502, `the CMS answered ${response.status} for ${src}`);
  const source = Buffer.from(await response.arrayBuffer());
  if (source.byteLength > MAX_SOURCE_BYTES)
    throw new ImageSourceError(502, `${src} is larger than ${MAX_SOURCE_BYTES} bytes`);
  const metadata = await sharp(source).metadata();
  // An SVG has no pixels: rasterise it at the asked width instead of scaling up a 1:1 bitmap.
  const density =
    metadata.format === 'svg' && metadata.width ? Math.min(MAX_SVG_DENSITY, (72 * width) / metadata.width) : undefined;
  return sharp(source, { ...(density ? { density } : {}), limitInputPixels: 50_000_000 })
    .rotate()
    .resize({ width, withoutEnlargement: metadata.format !== 'svg' })
    .webp({ quality: 78, effort: 4 })
    .toBuffer();
}

export const responsiveImageRoutes: FastifyPluginAsync<RouteContext> = async (app, { config, metrics }) => {
  // Uploads are served by the CMS at its origin (`/uploads/…`), not under `/api`.
  const uploadsOrigin = new URL(config.cmsInternalUrl).origin;
  const made = new LRUCache<string, Buffer>({
    maxSize: config.imageCacheBytes,
    sizeCalculation: (image) => image.byteLength,
  });
  // Two requests for the same image while it is being made share one resize.
  const making = new Map<string, Promise<Buffer>>();
  const resizes = createWorkQueue(RESIZES_AT_ONCE, RESIZES_WAITING);
  const stopSampling = metrics.beforeScrape(() => {
    metrics.imageResizes.set({ state: 'running' }, resizes.running);
    metrics.imageResizes.set({ state: 'waiting' }, resizes.waiting);
  });
  app.addHook('onClose', async () => stopSampling());
  const missing = new LRUCache<string, true>({ max: 10_000, ttl: MISSING_FOR_MS });
  const onDisk =
    config.imageDiskCache.capBytes > 0
      ? new DiskImageCache(config.imageDiskCache.dir, config.imageDiskCache.capBytes)
      : null;

  /** Resized (within the queue's bounds) and kept on disk; null when the queue is full. */
  const resize = (key: string, src: string, width: number): Promise<Buffer> | null =>
    resizes.run(async () => {
      const image = await resizeUpload(uploadsOrigin, src, width);
      await onDisk
        ?.set(key, image)
        .catch((error: unknown) => app.log.warn({ err: error }, 'a made image could not be kept on disk'));
      return image;
    });

  app.get(IMAGE_ROUTE, async (request, reply) => {
    const { src, w } = request.query as { src?: unknown; w?: unknown };
    const width = Number(w);
    if (typeof src !== 'string' || !isUploadPath(src)) {
      return reply
        .code(400)
        .header('cache-control', 'no-store')
        .send({ error: 'src must be a CMS upload path (/uploads/<file>)' });
    }
    if (typeof w !== 'string' || !IMAGE_WIDTHS.includes(width)) {
      return reply
        .code(400)
        .header('cache-control', 'no-store')
        .send({ error: `w must be one of ${IMAGE_WIDTHS.join(', ')}` });
    }
    if (missing.has(src)) return reply.code(404).header('cache-control', 'no-store').send({ error: 'Not Found' });
    const key = `${src} ${width}`;
    let image = made.get(key);
    let from = 'hit';
    // Made before, here or by another server sharing the folder: no resize, no CMS call.
    if (!image && onDisk) {
      image = (await onDisk.get(key)) ?? undefined;
      from = 'disk';
    }
    if (!image) {
      from = 'miss';
      let pending = making.get(key);
      if (!pending) {
        const queued = resize(key, src, width);
        if (!queued) {
          metrics.imageResizesRefused.inc();
          return reply
            .code(503)
            .header('retry-after', '5')
            .header('cache-control', 'no-store')
            .send({ error: 'Busy making images' });
        }
        pending = queued.finally(() => making.delete(key));
        making.set(key, pending);
      }
      try {
        image = await pending;
      } catch (error) {
        const status = error instanceof ImageSourceError ? error.status : 502;
        if (status === 404) missing.set(src, true);
        request.log.warn({ err: error, src, width }, 'image not made');
        return reply
          .code(status)
          .header('cache-control', 'no-store')
          .send({ error: status === 404 ? 'Not Found' : 'The image could not be made' });
      }
    }
    if (from !== 'hit') made.set(key, image);
    reply.header('x-image-cache', from);
    return reply.header('cache-control', 'public, max-age=31536000, immutable').type('image/webp').send(image);
  });
};
