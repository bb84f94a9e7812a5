/** @jest-environment node */
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { loadConfig } from '../../config';
import { createSharedState } from '../../shared-state/create-shared-state';
import { pdfText } from '../../testing/pdf-text';
import { isPrintablePath, pdfFileName, PRINT_ROUTE, printRoutes } from './print-route';

// Real fastify serving its own little pages, printed by the real headless Chromium.
jest.setTimeout(90_000);

const PRO_FORMA = `<!doctype html><html lang="fa" dir="rtl"><head><meta charset="utf-8"><title>پیش‌فاکتور</title>
<style>@media print { .screen-only { display: none } }</style></head>
<body><h1>پیش فاکتور آزمایشی</h1><p class="screen-only">فقط روی صفحه</p><p id="cookies"></p>
<script>
  setTimeout(() => {
    document.getElementById('cookies').textContent = 'cookies: ' + document.cookie;
    document.body.setAttribute('data-print-ready', '');
  }, 200);
</script></body></html>`;
const NEVER_READY = `<!doctype html><html lang="fa"><head><meta charset="utf-8"></head><body><p>در حال بارگذاری</p></body></html>`;

interface Site {
  app: FastifyInstance;
  url: string;
}

async function startSite(env: Record<string, string>): Promise<Site> {
  const config = loadConfig({ PRINT_READY_TIMEOUT_MS: '3000', PRINT_QUEUE_WAIT_MS: '300', ...env });
  const shared = createSharedState(config);
  const app = Fastify();
  app.addHook('onClose', async () => shared.close());
  await app.register(printRoutes, { config, shared });
  app.get('/pro-forma', async (_request, reply) => reply.type('text/html; charset=utf-8').send(PRO_FORMA));
  // Sends the browser to the same server under another name (another origin), where the page would be ready.
  app.get('/leaves', async (request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .send(
        `<script>location.href = 'http://localhost:${(app.server.address() as AddressInfo).port}/pro-forma'</script>`,
      ),
  );
  app.get('/never-ready', async (_request, reply) => reply.type('text/html; charset=utf-8').send(NEVER_READY));
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

const printUrl = (site: Site, path: string) => `${site.url}${PRINT_ROUTE}?path=${encodeURIComponent(path)}`;

describe('GET /_/print.pdf', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite({ PRINT_RATE_LIMIT_PER_MINUTE: 'off' });
  });
  afterAll(async () => site.app.close());

  it('prints a page of the site to an A4 PDF with the caller’s session cookies and no other', async () => {
    const response = await fetch(printUrl(site, '/pro-forma?x=1'), {
      headers: { cookie: 'user_token=tok-abc123; consent=granted-elsewhere; user_data=%7B%22id%22%3A7%7D' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="pro-forma.pdf"');
    expect(response.headers.get('cache-control')).toBe('no-store, private');
    const bytes = await response.arrayBuffer();
    expect(Buffer.from(bytes).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const text = await pdfText(bytes);
    expect(text).toContain('پیش فاکتور آزمایشی');
    expect(text).not.toContain('فقط روی صفحه'); // printed with the print stylesheet
    expect(text).toContain('user_token=tok-abc123');
    expect(text).toContain('user_data=');
    expect(text).not.toContain('consent');
  });

  it.each(['//evil.example/x', '/\\evil.example', '/_/health', '/_', 'https://evil.example/', 'pro-forma', ''])(
    'refuses %j, which is not a page of this site (400)',
    async (path) => {
      const response = await fetch(printUrl(site, path));
      expect(response.status).toBe(400);
      expect(await response.text()).toContain('فقط صفحه‌های همین سایت');
    },
  );

  it('never follows the page to another origin (504, nothing printed)', async () => {
    const response = await fetch(printUrl(site, '/leaves'));
    expect(response.status).toBe(504);
  });

  it('refuses a request without a path (400)', async () => {
    expect((await fetch(`${site.url}${PRINT_ROUTE}`)).status).toBe(400);
  });

  it('answers 504 with a Persian page when the page never says it is ready, and 503 to a print that waited too long', async () => {
    const [first, second] = await Promise.all([
      fetch(printUrl(site, '/never-ready')),
      // Asked while the first holds the browser (its page never becomes ready): waits 300 ms, then gives up.
      new Promise<Response>((resolve) => setTimeout(() => resolve(fetch(printUrl(site, '/pro-forma'))), 100)),
    ]);
    expect(first.status).toBe(504);
    expect(await first.text()).toContain('به‌موقع آماده نشد');
    expect(second.status).toBe(503);
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(0);
    // The browser is free again afterwards.
    expect((await fetch(printUrl(site, '/pro-forma'))).status).toBe(200);
  });
});

describe('the print rate limit', () => {
  it('gives a client PRINT_RATE_LIMIT_PER_MINUTE prints a minute, then 429 with Retry-After', async () => {
    const site = await startSite({ PRINT_RATE_LIMIT_PER_MINUTE: '1' });
    try {
      expect((await fetch(printUrl(site, '/pro-forma'))).status).toBe(200);
      const refused = await fetch(printUrl(site, '/pro-forma'));
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await site.app.close();
    }
  });
});

describe('print paths', () => {
  it('names the file after the path', () => {
    expect(pdfFileName('/inquiry/requests/Abc12/proforma?print=1')).toBe('inquiry-requests-abc12-proforma.pdf');
    expect(pdfFileName('/%D8%A2')).toBe('d8-a2.pdf');
    expect(pdfFileName('/')).toBe('page.pdf');
  });

  it('takes only paths of this site', () => {
    expect(isPrintablePath('/inquiry/requests/x/proforma')).toBe(true);
    for (const path of ['//x', '/\\x', '/_/x', '/a\nb', 'x', 42, undefined, `/${'a'.repeat(2001)}`])
      expect(isPrintablePath(path)).toBe(false);
  });
});
