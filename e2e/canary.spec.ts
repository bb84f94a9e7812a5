import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from './support/test';
import { SPEC_PORTS } from './support/environment';
import { startAppServer } from './support/app-server';
import { copyRunBuilds } from './support/crafted-versions';
import { run } from '@steel/server/deploy-cli';
import { readReleaseLog } from '@steel/server/release-log';
import { addKey } from '@steel/server/deploy-keys';
import { remote } from '@steel/server/deploy-client';

/**
 * A canary that breaks in browsers is ended by the health monitor, not by a person: the live
 * catalogue rebuilt so that its code throws when it starts (published, so its digests are its
 * own; forced past the gate, which would have refused it), canaried to 20 % of visitors. Fresh
 * visitors arrive one after another; the canary's share see the contained failure and report it,
 * and once it has enough views the monitor aborts it. Visitors of the live version never see an
 * error, before or after, and a canary visitor's next page is the live version.
 *
 * And before any canary, a team member tries a version in production alone: an override issued by
 * the deploy API to the blog key's holder, for a blog version that passed the real gate.
 */
test.describe.configure({ mode: 'serial', timeout: 300_000 });

let workDir: string;
let buildsDir: string;
let server: Awaited<ReturnType<typeof startAppServer>>;
let brokenVersion = '';
let blogKey = '';

const live = () =>
  JSON.parse(fs.readFileSync(path.join(buildsDir, 'live.json'), 'utf8')) as Record<string, unknown> & {
    canary?: Record<string, { version: string }>;
  };

test.beforeAll(async () => {
  test.setTimeout(120_000);
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'steel-canary-'));
  buildsDir = path.join(workDir, 'builds');
  copyRunBuilds(buildsDir);

  // The broken build: the module the catalogue exposes throws as soon as it is evaluated.
  const liveCatalogue = String(live().catalogue);
  const dist = path.join(workDir, 'catalogue-dist');
  fs.cpSync(path.join(buildsDir, 'catalogue', liveCatalogue), dist, {
    recursive: true,
    filter: (source) => !/\.(br|gz)$/.test(source),
  });
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, 'mf-manifest.json'), 'utf8')) as {
    exposes: Array<{ name: string; assets: { js: { sync: string[] } } }>;
  };
  const exposed = manifest.exposes.find((expose) => expose.name === 'app')!.assets.js.sync.at(-1)!;
  const file = path.join(dist, exposed);
  fs.writeFileSync(
    file,
    `throw new Error("this catalogue canary breaks on purpose");\n${fs.readFileSync(file, 'utf8')}`,
  );

  const keysFile = path.join(workDir, 'deploy-keys.json');
  blogKey = await addKey({ buildsDir, keysFile }, 'blog', 'blog-team');
  server = await startAppServer({
    port: SPEC_PORTS.canary,
    buildsDir,
    env: {
      DEPLOY_KEYS_FILE: keysFile,
      DEPLOY_GATE_PORT: String(SPEC_PORTS.canaryGate),
      HEALTH_CHECK_MS: '500',
      HEALTH_MIN_VIEWS: '10',
      HEALTH_FAILURE_MARGIN_PERCENT: '10',
    },
  });
  const lines: string[] = [];
  await run(['--builds-dir', buildsDir, 'publish', 'catalogue', dist], (line) => lines.push(line));
  brokenVersion = /Published catalogue ([0-9a-f]{12})/.exec(lines[0] ?? '')?.[1] ?? '';
  expect(brokenVersion, lines.join('\n')).toBeTruthy();
});

test.afterAll(async () => {
  await server?.stop();
  fs.rmSync(workDir, { recursive: true, force: true });
});

test('an override shows a gate-passed blog version to its holder alone, with a strip that removes it', async ({
  browser,
}) => {
  // The blog team's next version: the live one with one more file, published and checked by the real gate.
  const liveBlog = String(live().blog);
  const dist = path.join(workDir, 'blog-dist');
  fs.cpSync(path.join(buildsDir, 'blog', liveBlog), dist, {
    recursive: true,
    filter: (source) => !/\.(br|gz)$/.test(source),
  });
  fs.writeFileSync(path.join(dist, 'release-note.txt'), 'tried in production first\n');
  const target = { server: server.url, key: blogKey };
  const { version } = await remote.publish(target, 'blog', dist);
  await expect(remote.override(target, 'blog', version)).rejects.toThrow(/409: .*has not passed the gate/);
  await remote.check(target, 'blog', version);
  const { link } = await remote.override(target, 'blog', version, 15);

  const blogVersionOf = async (page: import('@playwright/test').Page) => {
    const entry = page.waitForResponse((response) => /\/builds\/blog\/[^/]+\/remoteEntry\.js$/.test(response.url()));
    await page.goto(`${server.url}/blog`);
    await expect(page.locator('#app-blog h1')).toBeVisible();
    return /\/builds\/blog\/([^/]+)\//.exec((await entry).url())?.[1];
  };
  const holder = await browser.newContext();
  const page = await holder.newPage();
  await page.goto(`${server.url}${link}`);
  expect(await blogVersionOf(page)).toBe(version);
  const strip = page.getByRole('region', { name: 'نسخه‌های آزمایشی' });
  // Apps are registered data: the strip names the app as the platform registered it.
  await expect(strip).toContainText('blog');
  await expect(strip).toContainText(version);

  const other = await browser.newContext();
  const otherPage = await other.newPage();
  expect(await blogVersionOf(otherPage)).toBe(liveBlog);
  await expect(otherPage.getByRole('region', { name: 'نسخه‌های آزمایشی' })).toHaveCount(0);
  await other.close();

  await strip.getByRole('button', { name: 'برداشتن نسخه‌های آزمایشی' }).click();
  await expect(strip).toHaveCount(0);
  expect(await blogVersionOf(page)).toBe(liveBlog);
  await holder.close();
  expect((await readReleaseLog(buildsDir, 'blog')).map((entry) => entry.action)).toEqual(
    expect.arrayContaining(['publish', 'check', 'override']),
  );
});

test('a catalogue canary that throws in browsers, at 20 %, is aborted by itself; live visitors never see an error', async ({
  browser,
}) => {
  const lines: string[] = [];
  await run(
    [
      '--builds-dir',
      buildsDir,
      'canary',
      'catalogue',
      brokenVersion,
      '20',
      '--force',
      'e2e: a canary broken on purpose',
    ],
    (line) => lines.push(line),
    { ...process.env, DEPLOY_GATE_PORT: String(SPEC_PORTS.canaryGate) },
  );
  expect(lines.join('\n')).toContain(`Canary: catalogue ${brokenVersion} for 20% of visitors`);
  expect(live().canary?.catalogue?.version).toBe(brokenVersion);

  let canaryVisitors = 0;
  let stableVisitors = 0;
  let canaryCookie: { name: string; value: string; url: string } | null = null;
  for (let visitor = 0; visitor < 80 && live().canary; visitor++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    // Watched from the start: the failure report may leave before `goto` returns.
    const entries: string[] = [];
    let failureReports = 0;
    page.on('response', (response) => {
      if (response.url().includes('/builds/catalogue/') && response.url().endsWith('/remoteEntry.js'))
        entries.push(response.url());
    });
    page.on('request', (request) => {
      if (request.url().endsWith('/_/remote-failure')) failureReports += 1;
    });
    const entry = page.waitForResponse(
      (response) => response.url().includes('/builds/catalogue/') && response.url().endsWith('/remoteEntry.js'),
    );
    await page.goto(`${server.url}/`);
    const inCanary = (await entry).url().includes(`/catalogue/${brokenVersion}/`);
    if (inCanary) {
      canaryVisitors += 1;
      // The failure is contained in the layout and reported (the report is what the monitor counts).
      await expect.poll(() => failureReports, { timeout: 15_000 }).toBeGreaterThan(0);
      // The shell reloads a failed page once; if the monitor aborted the canary in between, that
      // second view is on the live version, without an error — otherwise it shows the contained error.
      const reloadedOntoLive = () => entries.some((url) => !url.includes(`/catalogue/${brokenVersion}/`));
      await expect
        .poll(async () => reloadedOntoLive() || (await page.getByTestId('remote-error').isVisible()), {
          timeout: 15_000,
        })
        .toBe(true);
      if (reloadedOntoLive()) {
        expect(live().canary).toBeUndefined();
        await expect(page.locator('#app-catalogue h1')).toHaveText('بازار آهن‌آلات');
      }
      const cookie = (await context.cookies()).find((c) => c.name === 'steel_cohort');
      if (cookie) canaryCookie = { name: cookie.name, value: cookie.value, url: server.url };
    } else {
      stableVisitors += 1;
      await expect(page.locator('#app-catalogue h1')).toHaveText('بازار آهن‌آلات');
      await expect(page.getByTestId('remote-error')).toHaveCount(0);
    }
    await context.close();
  }

  expect(live().canary).toBeUndefined();
  expect(live().catalogue).not.toBe(brokenVersion);
  // Each had two views: the shell reloads a failed page once, in case the failure was a stale deploy.
  expect(canaryVisitors).toBeGreaterThanOrEqual(4);
  expect(stableVisitors).toBeGreaterThan(canaryVisitors);
  const aborted = (await readReleaseLog(buildsDir, 'catalogue')).at(-1);
  expect(aborted).toMatchObject({
    action: 'auto-abort',
    version: brokenVersion,
    by: 'health monitor',
    gate: expect.stringMatching(/^health: canary \d+\.\d% \(\d+ failures in \d+ views\)/),
  });

  // A visitor who had the canary is back on the live version, without an error.
  const context = await browser.newContext();
  await context.addCookies([canaryCookie!]);
  const page = await context.newPage();
  await page.goto(`${server.url}/`);
  await expect(page.locator('#app-catalogue h1')).toHaveText('بازار آهن‌آلات');
  await expect(page.getByTestId('remote-error')).toHaveCount(0);
  await context.close();
});
