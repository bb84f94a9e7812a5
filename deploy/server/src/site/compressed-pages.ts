/**
 * Shared pages compressed once per page, not once per visitor. A cached page is the same bytes for
 * everyone who asks (its ETag is a hash of them), yet @fastify/compress brotli-compresses a string
 * body on the event loop for every response: a flood of browsers asking for one 160 KB page spent
 * the app servers' time compressing it again and again, and pages waited seconds behind that work.
 * Here each page is compressed once, on zlib's thread pool (never the event loop), concurrent
 * visitors of a page not yet compressed wait for that one job, and the bodies are kept by ETag in
 * a bounded LRU (a page's new render has a new ETag; the old one ages out).
 *
 * The encodings and their preference are the compress plugin's (br, then gzip): a browser gets the
 * same bytes from either path.
 */
import negotiate from '@fastify/accept-negotiator';
import type { FastifyReply } from 'fastify';
import { LRUCache } from 'lru-cache';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const ENCODINGS = ['br', 'gzip'];

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Brotli quality 5, as nginx's brotli_comp_level: done once per page it costs little, and it is
 * done while the page's first visitor waits (quality 11 takes a 160 KB page into the hundreds of ms).
 */
const BROTLI_QUALITY = 5;

/** Compressed bodies kept: about 1,500 pages of 20 KB, far more than the page cache's own bound. */
const MAX_BYTES = 32 * 1024 * 1024;

const compress = (encoding: string, html: string): Promise<Buffer> =>
  encoding === 'br'
    ? brotli(html, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        },
      })
    : gzipped(html);

export class CompressedPages {
  private readonly bodies = new LRUCache<string, Buffer>({
    maxSize: MAX_BYTES,
    sizeCalculation: (body) => Math.max(1, body.length),
  });
  private readonly compressing = new Map<string, Promise<Buffer>>();

  /** The encoding this request's Accept-Encoding prefers among ours, or null for a plain body. */
  static encodingFor(acceptEncoding: string | undefined): string | null {
    return acceptEncoding ? negotiate(acceptEncoding, ENCODINGS) : null;
  }

  /** The page's body in `encoding`: kept, being compressed for another visitor, or compressed now. */
  async body(etag: string, html: string, encoding: string): Promise<Buffer> {
    const key = `${encoding} ${etag}`;
    const kept = this.bodies.get(key);
    if (kept) return kept;
    let job = this.compressing.get(key);
    if (!job) {
      job = compress(encoding, html).finally(() => this.compressing.delete(key));
      this.compressing.set(key, job);
      this.bodies.set(key, await job);
    }
    return job;
  }

  /** How many compressed bodies are kept (for tests and metrics). */
  get size(): number {
    return this.bodies.size;
  }
}

/** Sends a shared page's HTML, compressed from the kept bodies when the browser accepts it. */
export async function sendSharedPage(
  reply: FastifyReply,
  pages: CompressedPages,
  page: { etag: string; html: string },
): Promise<FastifyReply> {
  const encoding = CompressedPages.encodingFor(reply.request.headers['accept-encoding']);
  // The plain body is chosen by Accept-Encoding too: a shared cache must keep the two apart.
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
  if (!encoding) return reply.send(page.html);
  const body = await pages.body(page.etag, page.html, encoding);
  // Already encoded: the compress plugin passes it on as it is.
  return reply.header('content-encoding', encoding).send(body);
}
