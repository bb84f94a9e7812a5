import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from './support/test';
import { SPEC_PORTS, START_COMMAND_CMS_PORT, e2eBuildsDir, repoRoot } from './support/environment';

/**
 * Settings that follow the address: `PORT=<port> CMS_PORT=<port> npm start` works
 * end to end on ports other than the defaults — a page renders, and the browser's own calls to the
 * CMS from that origin pass CORS (the CMS derives its allowed origins from the site's port;
 * measured before: `PORT=8100 npm start` served pages whose CMS calls all failed).
 * The run's builds are reused (BUILDS_DIR), so `npm start` builds nothing; the CMS starts on a
 * fresh database of its own, which is what takes the time.
 */

test('PORT and CMS_PORT given to npm start: a page renders and the browser reads the CMS from that origin', async ({
  page,
}) => {
  test.setTimeout(300_000);
  // Ports of this run (derived from E2E_PORT / E2E_CMS_PORT), so parallel runs never meet.
  const [port, cmsPort] = [SPEC_PORTS.startCommand, START_COMMAND_CMS_PORT];
  const cmsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'steel-start-cms-'));
  // Only what a developer would have: no origin list, site URL or content-change URL of the e2e run.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    CMS_PORT: String(cmsPort),
    BUILDS_DIR: e2eBuildsDir,
    DATABASE_FILENAME: path.join(cmsDir, 'cms.db'),
    REQUEST_LOG: 'off',
  };
  for (const name of [
    'CORS_ORIGINS',
    'SITE_URL',
    'SITE_PORT',
    'CONTENT_CHANGE_URL',
    'CMS_PUBLIC_URL',
    'CMS_INTERNAL_URL',
  ])
    delete env[name];
  const output: string[] = [];
  const child = spawn('npm', ['start'], { cwd: repoRoot, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  for (const stream of [child.stdout, child.stderr])
    stream?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    const deadline = Date.now() + 280_000;
    while (!output.join('').includes('The site is up')) {
      if (child.exitCode !== null || Date.now() > deadline)
        throw new Error(`npm start did not come up:\n${output.join('').slice(-3000)}`);
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    expect(output.join('')).not.toContain('Building them');

    // The address npm start prints, as a developer opens it.
    const site = `http://localhost:${port}`;
    const cmsCalls: Array<{ url: string; status: number }> = [];
    page.on('response', (response) => {
      if (response.url().startsWith(`http://127.0.0.1:${cmsPort}/api/`))
        cmsCalls.push({ url: response.url(), status: response.status() });
    });
    const failed: string[] = [];
    page.on('requestfailed', (request) => failed.push(`${request.url()} ${request.failure()?.errorText ?? ''}`));
    const response = await page.goto(`${site}/about-us`);
    expect(response?.status()).toBe(200);
    await expect(page.locator('#app-catalogue h1')).toHaveText('درباره ما');
    await expect(page.locator('[data-ssr-url]')).toHaveCount(0);

    // A client navigation reads the CMS from the browser, cross-origin.
    await page.getByRole('contentinfo').getByRole('link', { name: 'قوانین و مقررات' }).click();
    await expect(page.locator('#app-catalogue h1')).toHaveText('قوانین و مقررات');
    expect(cmsCalls.some((call) => call.url.includes('/api/static-pages') && call.status === 200)).toBe(true);
    expect(failed).toEqual([]);

    // And the CMS names this origin in its answer (what CORS checks).
    const preflight = await fetch(`http://127.0.0.1:${cmsPort}/api/static-pages`, {
      method: 'OPTIONS',
      headers: { origin: site, 'access-control-request-method': 'GET' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBe(site);
    // The other loopback name of the same address is the site too; another port is not.
    const otherName = `http://127.0.0.1:${port}`;
    const asOtherName = await fetch(`http://127.0.0.1:${cmsPort}/api/static-pages`, {
      method: 'OPTIONS',
      headers: { origin: otherName, 'access-control-request-method': 'GET' },
    });
    expect(asOtherName.headers.get('access-control-allow-origin')).toBe(otherName);
    const foreign = await fetch(`http://127.0.0.1:${cmsPort}/api/static-pages`, {
      method: 'OPTIONS',
      headers: { origin: `http://localhost:${port + 1}`, 'access-control-request-method': 'GET' },
    });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  } finally {
    // The whole group (npm → tsx → CMS, app server), by PID.
    if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
    fs.rmSync(cmsDir, { recursive: true, force: true });
  }
});
