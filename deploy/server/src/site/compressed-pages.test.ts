/** @jest-environment node */
import zlib from 'node:zlib';
import { startRenderingSite } from '../testing/rendering-site';
import { CompressedPages } from './compressed-pages';

const html = `<!doctype html><html lang="fa" dir="rtl"><body>${'<p>میلگرد آجدار A3 ذوب آهن اصفهان</p>'.repeat(400)}</body></html>`;

describe('CompressedPages', () => {
  it('picks br, then gzip, and nothing for a browser that accepts neither', () => {
    expect(CompressedPages.encodingFor('gzip, deflate, br, zstd')).toBe('br');
    expect(CompressedPages.encodingFor('gzip;q=1, br;q=0.5')).toBe('gzip');
    expect(CompressedPages.encodingFor('gzip')).toBe('gzip');
    expect(CompressedPages.encodingFor('deflate')).toBeNull();
    expect(CompressedPages.encodingFor('br;q=0, gzip;q=0')).toBeNull();
    expect(CompressedPages.encodingFor(undefined)).toBeNull();
  });

  it('compresses a page once for all its visitors, in each encoding, to bytes that decode to the page', async () => {
    const pages = new CompressedPages();
    const brotli = await Promise.all(Array.from({ length: 50 }, () => pages.body('W/"a"', html, 'br')));
    // Fifty visitors at once, one compression: every one of them got the very same buffer.
    expect(new Set(brotli).size).toBe(1);
    expect(zlib.brotliDecompressSync(brotli[0]!).toString()).toBe(html);
    const gzip = await pages.body('W/"a"', html, 'gzip');
    expect(zlib.gunzipSync(gzip).toString()).toBe(html);
    expect(pages.size).toBe(2);
    // Asked again later, the kept body.
    expect(await pages.body('W/"a"', html, 'br')).toBe(brotli[0]);
  });
});

describe('pages sent compressed from the kept bodies', () => {
  let site: Awaited<ReturnType<typeof startRenderingSite>>;
  beforeAll(async () => {
    site = await startRenderingSite();
  }, 30_000);
  afterAll(() => site.close());
  const get = (url: string, headers: Record<string, string> = {}) => site.app.inject({ url, headers });

  it('sends every visitor of a page the same HTML, br, gzip or plain, saying it varies by Accept-Encoding', async () => {
    for (const url of ['/', '/blog']) {
      const plain = await get(url);
      const br = await get(url, { 'accept-encoding': 'gzip, deflate, br, zstd' });
      const gzip = await get(url, { 'accept-encoding': 'gzip' });
      const cached = await get(url, { 'accept-encoding': 'br' });
      expect({
        url,
        statuses: [plain.statusCode, br.statusCode, gzip.statusCode, cached.statusCode],
        encodings: [
          br.headers['content-encoding'],
          gzip.headers['content-encoding'],
          plain.headers['content-encoding'],
        ],
        vary: [plain, br, gzip].map((response) => String(response.headers.vary)),
        brotli: zlib.brotliDecompressSync(br.rawPayload).toString() === plain.body,
        gunzipped: zlib.gunzipSync(gzip.rawPayload).toString() === plain.body,
        // The fourth visitor is served from the page cache, the bytes compressed for the second.
        cached: [cached.headers['x-render'], cached.rawPayload.equals(br.rawPayload)],
        etags: br.headers.etag === plain.headers.etag,
      }).toEqual({
        url,
        statuses: [200, 200, 200, 200],
        encodings: ['br', 'gzip', undefined],
        vary: Array(3).fill(expect.stringContaining('Accept-Encoding')),
        brotli: true,
        gunzipped: true,
        cached: ['cache', true],
        etags: true,
      });
    }
  });

  it('answers a matching ETag with 304 and no body, compressed or not', async () => {
    const first = await get('/', { 'accept-encoding': 'br' });
    const again = await get('/', { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });
});
