import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './support/test';
import { SPEC_PORTS, appServerEnv } from './support/environment';
import { startAppServer } from './support/app-server';
import { preparedBuild } from './support/prepared-builds';
import { craftingFolder, type CraftingFolder } from './support/crafted-versions';
import { publish } from '@steel/server/publish';
import { readLive, type AppName } from '@steel/server/builds-folder';
import { checkVersion } from '@steel/server/gate';
import { GateRefusal, releaseVersion, rollbackVersion } from '@steel/server/change-live';
import { readReleaseLog } from '@steel/server/release-log';
import { status } from '@steel/server/status';

/**
 * The deploy gate (docs/architecture.md, "Deploying a remote") against crafted bad versions of the
 * real builds: each refused with its own one-line message and the live set untouched; a version
 * forced live anyway is contained in the server render and the browser, and reported; and a page
 * a remote adds goes live with that remote's deploy alone. The smoke tests share one port: serial.
 */
test.describe.configure({ mode: 'serial', timeout: 90_000 });

let folder: CraftingFolder;
let buildsDir: string;
const gateEnv = {
  ...process.env,
  ...appServerEnv(SPEC_PORTS.deployGate, ''),
  DEPLOY_GATE_PORT: String(SPEC_PORTS.deployGate),
};
const craftVersion: CraftingFolder['craftVersion'] = (app, craft) => folder.craftVersion(app, craft);

function editJson(file: string, edit: (value: Record<string, unknown>) => void) {
  const value = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  edit(value);
  fs.writeFileSync(file, JSON.stringify(value));
}

function replaceInFiles(dir: string, pattern: RegExp, replacement: string): void {
  let replaced = 0;
  for (const file of fs.readdirSync(dir).filter((name) => name.endsWith('.js'))) {
    const code = fs.readFileSync(path.join(dir, file), 'utf8');
    const changed = code.replace(
      pattern,
      () => (replaced++, replacement.replace('$CAPTURE', code.match(pattern)?.[1] ?? '')),
    );
    fs.writeFileSync(path.join(dir, file), changed);
  }
  if (replaced === 0) throw new Error(`nothing in ${dir} matched ${pattern}`);
}

/** The gate's refusal, and proof that activating the version changes nothing. */
async function refusalOf(app: AppName, version: string): Promise<string> {
  const before = fs.readFileSync(path.join(buildsDir, 'live.json'), 'utf8');
  const gate = await checkVersion(buildsDir, app, version, { env: gateEnv });
  await expect(releaseVersion(buildsDir, app, version, { env: gateEnv })).rejects.toBeInstanceOf(GateRefusal);
  expect(fs.readFileSync(path.join(buildsDir, 'live.json'), 'utf8')).toBe(before);
  expect(gate.refusal, 'the gate refused').not.toBeNull();
  expect(gate.refusal).not.toContain('\n');
  return gate.refusal as string;
}

test.beforeAll(() => {
  folder = craftingFolder('steel-gate-');
  ({ buildsDir } = folder);
});

test.afterAll(() => {
  folder.remove();
});

test.describe('refuses before activation', () => {
  test('a version that no longer exposes ./app', async () => {
    const version = await craftVersion('catalogue', (dir) =>
      editJson(path.join(dir, 'mf-manifest.json'), (manifest) => (manifest['exposes'] = [])),
    );
    expect(await refusalOf('catalogue', version)).toMatch(/^exposes: catalogue does not expose \.\/app; /);
  });

  test('a version missing a chunk, and one with a file changed after publishing', async () => {
    // Each copy is made distinct (a space in its app manifest), so it is published as a new version.
    const missing = await craftVersion('blog', (dir) => fs.appendFileSync(path.join(dir, 'app-manifest.json'), ' '));
    const chunk = fs
      .readdirSync(path.join(buildsDir, 'blog', missing))
      .find((name) => /^\d+\.[0-9a-f]{8}\.js$/.test(name)) as string;
    fs.rmSync(path.join(buildsDir, 'blog', missing, chunk));
    expect(await refusalOf('blog', missing)).toMatch(
      new RegExp(`^files: ${chunk.replace(/\./g, '\\.')} is missing \\(published with sha384-`),
    );

    const tampered = await craftVersion('blog', (dir) => fs.appendFileSync(path.join(dir, 'app-manifest.json'), '  '));
    fs.appendFileSync(path.join(buildsDir, 'blog', tampered, 'remoteEntry.js'), '\n;console.log("injected")');
    expect(await refusalOf('blog', tampered)).toMatch(/^files: remoteEntry\.js changed after it was published; /);
  });

  test('a React range the live shell does not share', async () => {
    const version = await craftVersion('panel', (dir) =>
      editJson(
        path.join(dir, 'app-manifest.json'),
        (manifest) =>
          ((manifest['shared'] as Record<string, { requiredVersion: string }>)['react']!.requiredVersion = '^18.3.1'),
      ),
    );
    expect(await refusalOf('panel', version)).toMatch(
      /^shared: it requires react \^18\.3\.1, the live shell shares 19\.\d+\.\d+; /,
    );
  });

  test('an older or a newer contract major', async () => {
    for (const contract of ['0.9.0', '2.0.0']) {
      const version = await craftVersion('catalogue', (dir) =>
        editJson(path.join(dir, 'app-manifest.json'), (manifest) => (manifest['contract'] = contract)),
      );
      expect(await refusalOf('catalogue', version)).toMatch(
        new RegExp(
          `^contract: it speaks contract ${contract.replace(/\./g, '\\.')}, the live shell speaks 1\\.\\d+\\.\\d+; `,
        ),
      );
    }
  });

  test('a page path another live app claims', async () => {
    const version = await craftVersion('blog', (dir) =>
      editJson(path.join(dir, 'app-manifest.json'), (manifest) =>
        (manifest['pages'] as unknown[]).push({
          path: '/rebar/*',
          rendering: 'server',
          guards: ['cache'],
          layout: 'default',
        }),
      ),
    );
    expect(await refusalOf('blog', version)).toBe(
      "pages: /rebar/* claims paths the live catalogue owns (/rebar/*); choose a path below your app's own (the catalogue team owns /rebar/*)",
    );
  });

  test('a catalogue whose browser mount throws (smoke mount)', async () => {
    test.setTimeout(120_000);
    const version = await craftVersion('catalogue', (dir) =>
      replaceInFiles(
        dir,
        /"\.\/app":\(\)=>(Promise\.all\(\[[^\]]*\]\)\.then\(\(\)=>\(\)=>\w+\(\d+\)\))/,
        '"./app":()=>$CAPTURE.then((factory)=>()=>({...factory(),mount:()=>Promise.reject(new Error("crafted: mount throws"))}))',
      ),
    );
    expect(await refusalOf('catalogue', version)).toMatch(/^smoke mount: catalogue \/\S*: .*crafted: mount throws/);
  });

  test('a shell that renamed the navigate mount prop (smoke mount)', async () => {
    test.setTimeout(120_000);
    const version = await craftVersion('shell', (dir) =>
      replaceInFiles(dir, /(colourMode:[\w$]+,)navigate:/, '$CAPTUREnavigateTo:'),
    );
    expect(await refusalOf('shell', version)).toMatch(
      // Whichever live app's page is mounted first (the registry's order) reports it.
      /^smoke mount: [a-z][a-z0-9-]* \/\S*: .*the mount prop \\?"navigate\\?" is missing/,
    );
  });
});

test('an incompatible catalogue forced live is contained in the server render and the browser, and reported', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const version = await craftVersion('catalogue', (dir) =>
    editJson(path.join(dir, 'app-manifest.json'), (manifest) => (manifest['contract'] = '2.0.0')),
  );
  const result = await releaseVersion(buildsDir, 'catalogue', version, { env: gateEnv, force: 'testing containment' });
  expect(result.refusal).toMatch(/^contract: /);
  expect((await readReleaseLog(buildsDir, 'catalogue')).at(-1)).toMatchObject({
    version,
    forced: 'testing containment',
    gate: result.refusal,
  });

  const server = await startAppServer({ port: SPEC_PORTS.deployForced, buildsDir });
  try {
    // The server does not run a remote that breaks the contract: the layout comes without it.
    const response = await page.request.get(`${server.url}/rebar`);
    expect(response.headers()['x-render']).toBe('partial');
    const reported = page.waitForRequest((request) => request.url().endsWith('/_/remote-failure'));
    await page.goto(`${server.url}/rebar`);
    await expect(page.getByTestId('remote-error')).toBeVisible();
    await expect(page.locator('footer')).toBeVisible();
    await reported;
    // The blog, another team's remote, still works beside it.
    await page.goto(`${server.url}/blog`);
    await expect(page.locator('#app-blog h1')).toHaveText('اخبار و مقالات');
    // `deploy status` counts the report for the live version, as a contract failure (the server
    // writes its counts within a second; sendBeacon bodies are not visible to Playwright).
    await expect
      .poll(
        async () => ((await status(buildsDir)).apps.find((app) => app.app === 'catalogue')?.failures.contract ?? 0) > 0,
        { timeout: 10_000 },
      )
      .toBe(true);
  } finally {
    await server.stop();
    // The next test deploys beside the site as it was.
    await rollbackVersion(buildsDir, 'catalogue');
  }
});

test('a page added to the blog goes live with the blog’s deploy alone, through the gate', async ({ page }) => {
  test.setTimeout(240_000);
  const shellBefore = (await readLive(buildsDir))?.versions.shell;
  // The blog with e2e/fixtures/blog-archive-pages.ts in place of its page list.
  const dist = await preparedBuild('blog-archive-page');
  const { version } = await publish(buildsDir, 'blog', dist);
  const result = await releaseVersion(buildsDir, 'blog', version, { env: gateEnv });
  expect(result.refusal).toBeNull();
  console.log(`deploy gate for the blog: ${(result.gateMs / 1000).toFixed(1)} s`);
  expect((await readLive(buildsDir))?.versions.shell).toBe(shellBefore);

  // The gate's port is free again once the gate is done.
  const server = await startAppServer({ port: SPEC_PORTS.deployGate, buildsDir });
  try {
    const response = await page.request.get(`${server.url}/blog/archive`);
    expect(response.status()).toBe(200);
    expect(await response.text()).toContain('بایگانی اخبار');
    await page.goto(`${server.url}/blog/archive`);
    await expect(page.locator('#app-blog h1')).toHaveText('بایگانی اخبار');
    // In-page navigation by the routes the new registry brought.
    await page.locator('#app-blog a', { hasText: 'همه مقالات' }).click();
    await expect(page.locator('#app-blog h1')).toHaveText('اخبار و مقالات');
  } finally {
    await server.stop();
  }
});
