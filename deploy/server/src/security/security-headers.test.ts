/** @jest-environment node */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { colourModeHeadScript } from '@steel/shared/colour-mode-script';
import { buildServer } from '../app';
import { activate } from '../release/live-file-writes';
import { publish } from '../release/publish';
import { type Fixture, SHELL_HTML, liveFixture, writeTree } from '../testing/fixtures';
import { inlineScriptHashes } from '../rendering/shell-page-template';
import { PERMISSIONS_POLICY } from './security-headers';

// The shell's index.html wraps the generated colour-mode script like this (shell/src/index.html).
const inlineScript = `\n      // colour mode before first paint\n      ${colourModeHeadScript()}\n    `;
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('base64');

function directives(header: string | string[] | number | undefined): Map<string, string[]> {
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('security headers', () => {
  let fx: Fixture;
  let app: FastifyInstance;

  beforeEach(async () => {
    // Before: no CSP, no frame protection — the measured failure this fixes.
    fx = await liveFixture({
      SSR: 'off',
      SITE_URL: 'https://steel.example.ir',
      CMS_PUBLIC_URL: 'https://cms.example.ir/api',
      ANALYTICS_KEY: 'phc_test',
      CHAT_SRC: 'https://chat.example.com/widget.js',
      GTM_ID: 'GTM-TEST',
    });
    const dist = await writeTree(`${fx.root}/dist/shell/inline`, {
      'index.html': SHELL_HTML.replace(
        '</head>',
        `<script>${inlineScript}</script><script type="application/json" id="x">{}</script></head>`,
      ),
      'main.js': 'console.log(1);',
    });
    const { version } = await publish(fx.buildsDir, 'shell', dist);
    await activate(fx.buildsDir, 'shell', version);
    app = buildServer(fx.config);
  });
  afterEach(async () => {
    await app.close();
    await fx.cleanup();
  });

  it('a page allows its own inline script by hash, the CMS and the configured third parties, and no framing', async () => {
    const res = await app.inject({ url: '/rebar' });
    expect(res.statusCode).toBe(200);
    const csp = directives(res.headers['content-security-policy']);
    expect(csp.get('script-src')).toEqual(
      expect.arrayContaining([
        "'self'",
        `'sha256-${sha256(inlineScript)}'`,
        'https://us.i.posthog.com',
        'https://us-assets.i.posthog.com',
        'https://chat.example.com',
        'https://www.googletagmanager.com',
      ]),
    );
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
    expect(csp.get('script-src')).not.toContain("'unsafe-eval'");
    // Only the executable script is hashed; the JSON data block is not a script to the browser.
    expect(csp.get('script-src')!.filter((value) => value.startsWith("'sha256-"))).toHaveLength(1);
    expect(csp.get('connect-src')).toEqual(expect.arrayContaining(["'self'", 'https://cms.example.ir']));
    expect(csp.get('img-src')).toEqual(expect.arrayContaining(['https://cms.example.ir']));
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.has('upgrade-insecure-requests')).toBe(true);
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
    expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000/);
  });

  it.each(['/api/health', '/remotes.json', '/no-such-file.js', '/api/nothing'])(
    '%s carries the headers too',
    async (url) => {
      const res = await app.inject({ url });
      expect(directives(res.headers['content-security-policy']).get('frame-ancestors')).toEqual(["'none'"]);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
    },
  );

  it('hashes executable inline scripts only', () => {
    const html = `<script>a()</script><script type="module">b()</script><script src="/x.js"></script><script type="application/json">{}</script><script type="application/ld+json">{}</script>`;
    expect(inlineScriptHashes(html)).toEqual([sha256('a()'), sha256('b()')]);
  });
});

describe('on a plain-http site', () => {
  it('sends no HSTS and no upgrade-insecure-requests (they would break it)', async () => {
    const fx = await liveFixture({ SSR: 'off', SITE_URL: 'http://127.0.0.1:8080' });
    const app = buildServer(fx.config);
    const res = await app.inject({ url: '/' });
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(directives(res.headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(false);
    await app.close();
    await fx.cleanup();
  });
});
