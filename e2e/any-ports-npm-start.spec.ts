import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { storedKeys } from '@steel/server/deploy-keys';
import { whyOthersUseSite } from '@steel/server/site-record';
import { expect, test } from './support/test';
import { SPEC_PORTS, START_COMMAND_CMS_PORT, repoRoot } from './support/environment';
import { craftingFolder } from './support/crafted-versions';
import { contributionsHydrated } from './support/loaded-code';

/**
 * Settings that follow the address: `PORT=<port> CMS_PORT=<port> npm start` works
 * end to end on ports other than the defaults — a page renders, and the browser's own calls to the
 * CMS from that origin pass CORS (the CMS derives its allowed origins from the site's port;
 * measured before: `PORT=8100 npm start` served pages whose CMS calls all failed).
 * The run's builds are copied into a builds folder of the test's own, as a first start finds one
 * (the seeded apps, no registry changed), so `npm start` builds none of them; it registers and
 * deploys the inquiry team's app through the gate, as that team would, and the CMS starts on a
 * fresh database of its own: those take the time.
 *
 * Its name sorts it near the start of the run: Playwright hands out spec files in name order, and
 * this one long test (3 min on a quiet machine, over 8 in CI), started last as start-command.spec.ts,
 * left the other worker idle at the end of the run.
 */

test('PORT and CMS_PORT given to npm start: a page renders, the browser reads the CMS from that origin, the basket is there', async ({
  page,
}) => {
  test.setTimeout(600_000);
  // Ports of this run (derived from E2E_PORT / E2E_CMS_PORT), so parallel runs never meet.
  const [port, cmsPort] = [SPEC_PORTS.startCommand, START_COMMAND_CMS_PORT];
  const folder = craftingFolder('steel-start-');
  const cmsDir = path.join(folder.workDir, 'cms');
  fs.mkdirSync(cmsDir);
  // Only what a developer would have: no origin list, site URL or content-change URL of the e2e run.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    CMS_PORT: String(cmsPort),
    DEPLOY_GATE_PORT: String(SPEC_PORTS.startCommandGate),
    BUILDS_DIR: folder.buildsDir,
    DEPLOY_KEYS_FILE: path.join(folder.workDir, 'deploy-keys.json'),
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
    const deadline = Date.now() + 560_000;
    while (!output.join('').includes('The site is up')) {
      if (child.exitCode !== null || Date.now() > deadline)
        throw new Error(`npm start did not come up:\n${output.join('').slice(-3000)}`);
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    expect(output.join('')).not.toContain('Building them');
    // The inquiry team's app went live through the gate with a key of its own.
    expect(output.join('')).toMatch(/Registered inquiry/);
    expect(output.join('')).toMatch(/Activated inquiry \S+ \(was none; gate/);
    // Its key was for that deploy only: no key is left, so the folder is still the developer's own.
    expect(await storedKeys({ buildsDir: folder.buildsDir, keysFile: env.DEPLOY_KEYS_FILE! })).toEqual([]);
    expect(await whyOthersUseSite(folder.buildsDir)).toBeNull();

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

    // A product page serves the inquiry app's basket button, on the server and working in the browser.
    await page.goto(`${site}/rebar/kalaf`);
    const productPath = (await page.locator('[data-listing] a[href^="/rebar/kalaf/"]').first().getAttribute('href'))!;
    expect(await (await fetch(`${site}${productPath}`)).text()).toContain('افزودن به استعلام');
    await page.goto(`${site}${productPath}`);
    await contributionsHydrated(page, 'inquiry');
    await page.getByRole('button', { name: 'افزودن به استعلام' }).click();
    await expect(page.locator('header [data-inquiry-count]')).toHaveAttribute('data-inquiry-count', '1');

    // The terminal is for a person: the server's events, none of its per-request JSON lines,
    // which are whole in the log file named by the port.
    const terminal = output.join('');
    expect(terminal).toContain('[server] Steel marketplace at');
    expect(terminal).not.toContain('"reqId"');
    const serverLog = fs.readFileSync(path.join(repoRoot, `.tmp/logs/server-${port}.log`), 'utf8');
    expect(serverLog).toContain('"url":"/about-us"');
    expect(terminal).toContain(`.tmp/logs/server-${port}.log`);
  } finally {
    // The whole group (npm → tsx → CMS, app server), by PID. npm may be gone while the app server
    // still closes (its gate's Chromium, its last writes into the builds folder): on two busy cores
    // that passed 15 s, and the folder could not be removed. What is left after a minute is killed.
    if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 60_000))]);
    try {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // The group has gone.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    folder.remove();
  }
});
