/** @jest-environment node */
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import type { PageRoute } from '@steel/contract';
import { loadConfig } from '../../config';
import { createSharedState } from '../../shared-state/create-shared-state';
import { pdfText } from '../../testing/pdf-text';
import { isSitePath, pdfFileName, PRINT_ROUTE, printRoutes, sessionAccount } from './print-route';

// Real fastify serving its own little pages, printed by the real headless Chromium. The CMS that
// says whose a page is stands in as a few lines (the real one's owner scoping is the CMS suite's,
// tests/inquiries.test.js; e2e/inquiry-slots.spec.ts prints a real pro-forma against it).
jest.setTimeout(120_000);

/** A session token as the CMS makes them: a JWT whose payload names the account. */
const tokenOf = (userId: number) =>
  ['e30', Buffer.from(JSON.stringify({ userId })).toString('base64url'), 'signature'].join('.');
const OWNER = tokenOf(7);
const STRANGER = tokenOf(8);
const OTHER_OWNER = tokenOf(9);
/** The pro-formas each account owns, by id. */
const OWNED: Record<string, string[]> = {
  [OWNER]: ['mine', 'leaves', 'never', 'probe'],
  [OTHER_OWNER]: ['theirs', 'never-too'],
  [STRANGER]: [],
};

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
/** Tries to load what a printed page may not, and writes what it got. */
const probe = (elsewhere: string, cms: string) => `<!doctype html><html lang="fa"><head><meta charset="utf-8"></head>
<body><pre id="seen"></pre><iframe src="${elsewhere}/frame"></iframe><script>
  const tries = { own: '/own.txt', metrics: '/metrics', console: '/_/console', elsewhere: '${elsewhere}/own.txt', cms: '${cms}/ping' };
  Promise.all(Object.entries(tries).map(([name, url]) =>
    fetch(url).then((r) => r.text()).then((text) => name + '=' + text.trim(), () => name + '=blocked'))).then((seen) => {
      document.getElementById('seen').textContent = seen.join(' ');
      document.body.setAttribute('data-print-ready', '');
    });
</script></body></html>`;

const route = (path: string, more: Partial<PageRoute> = {}): PageRoute => ({
  path,
  rendering: 'browser',
  guards: ['auth'],
  layout: 'default',
  ...more,
});
const LIVE_PAGES = {
  inquiry: [
    route('/inquiry/requests/*', { printable: [{ path: '/inquiry/requests/:id/proforma', owner: '/inquiries/:id' }] }),
  ],
  catalogue: [route('/', { rendering: 'server', guards: [] })],
};

interface Site {
  app: FastifyInstance;
  cms: FastifyInstance;
  url: string;
  /** What the printing browser asked of the site, by path. */
  browserRequests: string[];
}

async function startSite(env: Record<string, string>): Promise<Site> {
  const cms = Fastify();
  cms.get('/api/inquiries/:id', async (request, reply) => {
    const token = request.headers.authorization?.replace(/^Bearer /, '') ?? '';
    if (!(token in OWNED)) return reply.code(401).send({ error: { status: 401 } });
    const { id } = request.params as { id: string };
    return OWNED[token]!.includes(id) ? { data: { documentId: id } } : reply.code(404).send({ error: { status: 404 } });
  });
  cms.get('/api/ping', async (_request, reply) => reply.header('access-control-allow-origin', '*').send('cms-ok'));
  await cms.listen({ port: 0, host: '127.0.0.1' });
  const cmsUrl = `http://127.0.0.1:${(cms.server.address() as AddressInfo).port}/api`;

  const config = loadConfig({
    PRINT_READY_TIMEOUT_MS: '3000',
    PRINT_QUEUE_WAIT_MS: '300',
    CMS_PUBLIC_URL: cmsUrl,
    CMS_INTERNAL_URL: cmsUrl,
    ...env,
  });
  const shared = createSharedState(config);
  const app = Fastify();
  const browserRequests: string[] = [];
  app.addHook('onRequest', async (request) => {
    if (/HeadlessChrome/.test(request.headers['user-agent'] ?? '')) browserRequests.push(request.url);
  });
  app.addHook('onClose', async () => {
    await shared.close();
    await cms.close();
  });
  await app.register(printRoutes, { config, shared, livePages: async () => LIVE_PAGES });
  const port = () => (app.server.address() as AddressInfo).port;
  app.get('/inquiry/requests/:id/proforma', async (request, reply) => {
    const { id } = request.params as { id: string };
    const page =
      id === 'never' || id === 'never-too'
        ? NEVER_READY
        : id === 'leaves'
          ? // The same server under another name: another origin, where the page would be ready.
            `<script>location.href = 'http://localhost:${port()}/inquiry/requests/mine/proforma'</script>`
          : id === 'probe'
            ? probe(`http://localhost:${port()}`, cmsUrl)
            : PRO_FORMA;
    return reply.type('text/html; charset=utf-8').send(page);
  });
  app.get('/own.txt', async () => 'own-ok');
  app.get('/frame', async () => 'framed');
  app.get('/metrics', async () => 'secret-metrics');
  app.get('/_/console', async () => 'secret-console');
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, cms, url: `http://127.0.0.1:${port()}`, browserRequests };
}

const printUrl = (site: Site, path: string) => `${site.url}${PRINT_ROUTE}?path=${encodeURIComponent(path)}`;
const as = (token: string, more = '') => ({ headers: { cookie: `user_token=${token}${more}` } });

describe('GET /_/print.pdf', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite({ PRINT_RATE_LIMIT_PER_MINUTE: 'off' });
  });
  afterAll(async () => site.app.close());
  beforeEach(() => site.browserRequests.splice(0));

  it('prints its owner’s pro-forma to an A4 PDF with the session cookies and no other', async () => {
    const response = await fetch(
      printUrl(site, '/inquiry/requests/mine/proforma'),
      as(OWNER, '; consent=granted-elsewhere; user_data=%7B%22id%22%3A7%7D'),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="inquiry-requests-mine-proforma.pdf"',
    );
    expect(response.headers.get('cache-control')).toBe('no-store, private');
    const bytes = await response.arrayBuffer();
    expect(Buffer.from(bytes).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const text = await pdfText(bytes);
    expect(text).toContain('پیش فاکتور آزمایشی');
    expect(text).not.toContain('فقط روی صفحه'); // printed with the print stylesheet
    expect(text).toContain(`user_token=${OWNER}`);
    expect(text).toContain('user_data=');
    expect(text).not.toContain('consent');
  });

  it.each([
    ['/.%2E/_/console', 404],
    ['/metrics', 404],
    ['/_/console', 404],
    ['/inquiry/requests/mine/../mine/proforma?x=1', 404],
    ['/inquiry/requests/mine', 404],
    ['/', 404],
    ['//evil.example/x', 400],
    ['/\\evil.example', 400],
    ['https://evil.example/', 400],
    ['pro-forma', 400],
    ['', 400],
  ])(
    'refuses %j, which is no printable page of this site (%i), before the browser opens anything',
    async (path, status) => {
      const response = await fetch(printUrl(site, path), as(OWNER));
      expect(response.status).toBe(status);
      expect(await response.text()).toMatch(status === 400 ? /فقط صفحه‌های همین سایت/ : /برای چاپ ساخته شده‌اند/);
      expect(site.browserRequests).toEqual([]);
    },
  );

  it('refuses a signed-out caller (401, a link to sign in) and another customer (404) before the browser opens anything', async () => {
    const signedOut = await fetch(printUrl(site, '/inquiry/requests/mine/proforma'));
    expect(signedOut.status).toBe(401);
    expect(await signedOut.text()).toContain('href="/login?redirect=%2Finquiry%2Frequests%2Fmine%2Fproforma"');
    const stranger = await fetch(printUrl(site, '/inquiry/requests/mine/proforma'), as(STRANGER));
    expect(stranger.status).toBe(404);
    expect(await stranger.text()).toContain('در حساب شما یافت نشد');
    const forged = await fetch(printUrl(site, '/inquiry/requests/mine/proforma'), as('not-a-session'));
    expect(forged.status).toBe(401);
    expect(site.browserRequests).toEqual([]);
  });

  it('lets the printed page load only from its own origin and the CMS: no private path, no other host, no frame elsewhere', async () => {
    const response = await fetch(printUrl(site, '/inquiry/requests/probe/proforma'), as(OWNER));
    expect(response.status).toBe(200);
    const text = await pdfText(await response.arrayBuffer());
    for (const seen of ['own=own-ok', 'cms=cms-ok', 'metrics=blocked', 'console=blocked', 'elsewhere=blocked'])
      expect(text).toContain(seen);
    expect(site.browserRequests).not.toContain('/metrics');
    expect(site.browserRequests).not.toContain('/_/console');
    expect(site.browserRequests).not.toContain('/frame');
  });

  it('never follows the page to another origin (504, nothing printed)', async () => {
    const response = await fetch(printUrl(site, '/inquiry/requests/leaves/proforma'), as(OWNER));
    expect(response.status).toBe(504);
    expect(site.browserRequests).toEqual(['/inquiry/requests/leaves/proforma']);
  });

  it('answers 504 to a page never ready; one print per account (429), and 503 with Retry-After to one that waited too long', async () => {
    const [first, again, other] = await Promise.all([
      fetch(printUrl(site, '/inquiry/requests/never/proforma'), as(OWNER)),
      // The same account while its first print holds the browser: refused at once, not queued.
      new Promise<Response>((resolve) =>
        setTimeout(() => resolve(fetch(printUrl(site, '/inquiry/requests/mine/proforma'), as(OWNER))), 100),
      ),
      // Another account: waits 300 ms for the browser, then gives up.
      new Promise<Response>((resolve) =>
        setTimeout(() => resolve(fetch(printUrl(site, '/inquiry/requests/theirs/proforma'), as(OTHER_OWNER))), 100),
      ),
    ]);
    expect(first.status).toBe(504);
    expect(await first.text()).toContain('به‌موقع آماده نشد');
    expect(again.status).toBe(429);
    expect(await again.text()).toContain('PDF دیگری از حساب شما');
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(other.status).toBe(503);
    expect(await other.text()).toContain('در حال ساختن PDF دیگری');
    expect(Number(other.headers.get('retry-after'))).toBeGreaterThan(0);
    // The browser is free again afterwards.
    expect((await fetch(printUrl(site, '/inquiry/requests/theirs/proforma'), as(OTHER_OWNER))).status).toBe(200);
  });

  it('prints for its owner while a signed-out client floods the printer', async () => {
    const flood = Array.from({ length: 60 }, () => fetch(printUrl(site, '/inquiry/requests/mine/proforma')));
    const owners = fetch(printUrl(site, '/inquiry/requests/mine/proforma'), as(OWNER));
    const statuses = await Promise.all(flood.map(async (response) => (await response).status));
    expect(new Set(statuses)).toEqual(new Set([401]));
    expect((await owners).status).toBe(200);
  });
});

describe('the print rate limit', () => {
  it('gives a client PRINT_RATE_LIMIT_PER_MINUTE prints a minute, then 429 with Retry-After', async () => {
    const site = await startSite({ PRINT_RATE_LIMIT_PER_MINUTE: '1' });
    try {
      expect((await fetch(printUrl(site, '/inquiry/requests/mine/proforma'), as(OWNER))).status).toBe(200);
      const refused = await fetch(printUrl(site, '/inquiry/requests/mine/proforma'), as(OWNER));
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await site.app.close();
    }
  });
});

describe('print paths and accounts', () => {
  it('names the file after the path', () => {
    expect(pdfFileName('/inquiry/requests/Abc12/proforma?print=1')).toBe('inquiry-requests-abc12-proforma.pdf');
    expect(pdfFileName('/%D8%A2')).toBe('d8-a2.pdf');
    expect(pdfFileName('/')).toBe('page.pdf');
  });

  it('takes only paths of this site', () => {
    expect(isSitePath('/inquiry/requests/x/proforma')).toBe(true);
    for (const path of ['//x', '/\\x', '/a\nb', 'x', 42, undefined, `/${'a'.repeat(2001)}`])
      expect(isSitePath(path)).toBe(false);
  });

  it('knows a session’s account by its token’s payload, and a token without one by the token', () => {
    expect(sessionAccount(tokenOf(7))).toBe('user:7');
    expect(sessionAccount(tokenOf(7).replace('signature', 'another'))).toBe('user:7');
    expect(sessionAccount('opaque')).toMatch(/^token:/);
  });
});
