import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, expect, type Page, test } from './support/test';
import { SPEC_PORTS } from './support/environment';
import { startAppServer } from './support/app-server';
import { copyRunBuilds } from './support/crafted-versions';
import { readReleaseLog } from '@steel/server/release-log';
import { addKey } from '@steel/server/deploy-keys';
import { remote } from '@steel/server/deploy-client';

/**
 * The deploy console (docs/architecture.md, "The deploy console"), in Chromium, as a blog team
 * uses it: signed in with the team's deploy key, it sees the blog and nothing else, starts a 20 %
 * canary of its next version (through the real gate), watches the canary's counts move while
 * visitors arrive — and a colleague's publish appear — without reloading, aborts it, and reads
 * each step with its key's name in the release log. The catalogue's key is refused on every part of
 * the blog; a bad or expired session goes to the sign-in page; every page passes axe in light and
 * dark and breaks no rule of the site's CSP.
 */
test.describe.configure({ mode: 'serial', timeout: 300_000 });

let workDir: string;
let buildsDir: string;
let server: Awaited<ReturnType<typeof startAppServer>>;
let shortSessions: Awaited<ReturnType<typeof startAppServer>>;
const keys = { blog: '', blogCi: '', catalogue: '' };
let nextVersion = '';
let nextDist = '';

const live = () =>
  JSON.parse(fs.readFileSync(path.join(buildsDir, 'live.json'), 'utf8')) as Record<string, unknown> & {
    canary?: Record<string, { version: string; percent: number }>;
  };

test.beforeAll(async () => {
  test.setTimeout(120_000);
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'steel-console-'));
  buildsDir = path.join(workDir, 'builds');
  copyRunBuilds(buildsDir);
  const keysFile = path.join(workDir, 'deploy-keys.json');
  keys.blog = await addKey({ buildsDir, keysFile }, 'blog', 'blog-team');
  keys.blogCi = await addKey({ buildsDir, keysFile }, 'blog', 'blog-ci');
  keys.catalogue = await addKey({ buildsDir, keysFile }, 'catalogue', 'catalogue-team');
  const env = {
    DEPLOY_KEYS_FILE: keysFile,
    DEPLOY_GATE_PORT: String(SPEC_PORTS.deployConsoleGate),
    // The canary is ended by a person here, never by the health monitor.
    HEALTH_MIN_VIEWS: '100000',
  };
  server = await startAppServer({ port: SPEC_PORTS.deployConsole, buildsDir, env });
  shortSessions = await startAppServer({
    port: SPEC_PORTS.deployConsoleShortSessions,
    buildsDir,
    env: { ...env, CONSOLE_SESSION_SECONDS: '2' },
  });

  // The blog team's next version: the live one with one more file, published by the team's key.
  nextDist = path.join(workDir, 'blog-dist');
  fs.cpSync(path.join(buildsDir, 'blog', String(live().blog)), nextDist, {
    recursive: true,
    filter: (source) => !/\.(br|gz)$/.test(source),
  });
  fs.writeFileSync(path.join(nextDist, 'release-note.txt'), 'released from the console\n');
  nextVersion = (await remote.publish({ server: server.url, key: keys.blog }, 'blog', nextDist)).version;
});

test.afterAll(async () => {
  await shortSessions?.stop();
  await server?.stop();
  fs.rmSync(workDir, { recursive: true, force: true });
});

/** Watches a page for CSP violations and console errors from the moment it opens. */
async function watched(context: BrowserContext): Promise<{ page: Page; problems: string[] }> {
  const page = await context.newPage();
  const problems: string[] = [];
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`),
    ),
  );
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  // Which address a "Failed to load resource" was about.
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${new URL(response.url()).pathname}`);
  });
  return { page, problems };
}

async function signIn(page: Page, base: string, key: string) {
  await page.goto(`${base}/_/console`);
  await expect(page).toHaveURL(`${base}/_/console/sign-in`);
  await page.getByLabel('کلید انتشار تیم یا کلید پلتفرم').fill(key);
  await page.getByRole('button', { name: 'ورود' }).click();
}

async function expectAccessible(page: Page, where: string) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    const results = await new AxeBuilder({ page }).analyze();
    const violations = results.violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
    expect(violations, `${where} (${colorScheme})`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: null });
}

/** A visitor in the canary's share (cohorts below 20 × 100) or outside it, reading the blog. */
async function visitBlog(browser: Browser, cohort: number) {
  const context = await browser.newContext();
  await context.addCookies([{ name: 'steel_cohort', value: String(cohort), url: server.url }]);
  const page = await context.newPage();
  const entry = page.waitForResponse((response) => /\/builds\/blog\/[^/]+\/remoteEntry\.js$/.test(response.url()));
  await page.goto(`${server.url}/blog`);
  const version = /\/builds\/blog\/([^/]+)\//.exec((await entry).url())?.[1];
  await context.close();
  return version;
}

test('the blog team signs in, canaries its next version at 20 %, watches it live, aborts it, and reads the release log', async ({
  browser,
}) => {
  const context = await browser.newContext();
  const { page, problems } = await watched(context);
  await signIn(page, server.url, keys.blog);
  await expect(page).toHaveURL(`${server.url}/_/console/apps/blog`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('برنامهٔ blog');
  await expect(page.getByTestId('key-name')).toHaveText('blog-team');
  // The session cookie is the console's, httpOnly and strict, and does not hold the key.
  const session = (await context.cookies()).find((cookie) => cookie.name === 'steel_console')!;
  expect(session).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/_/console' });
  expect(session.value).not.toContain(keys.blog);
  // Only the blog: the app list has no other app.
  await page.goto(`${server.url}/_/console`);
  await expect(page.getByRole('main').getByRole('link')).toHaveText(['blog']);
  await expectAccessible(page, 'apps');

  await page.goto(`${server.url}/_/console/apps/blog`);
  await expectAccessible(page, 'the blog');
  // Marks this document: still there after the live updates means no reload happened.
  await page.evaluate(() => ((window as unknown as { unreloaded: boolean }).unreloaded = true));

  // A colleague publishes through the API: the line appears in the open console by itself.
  fs.writeFileSync(path.join(nextDist, 'release-note.txt'), 'a colleague’s build\n');
  const colleagues = await remote.publish({ server: server.url, key: keys.blogCi }, 'blog', nextDist);
  const releaseLog = page.getByTestId('release-log');
  await expect(releaseLog.locator('li[data-action="publish"]', { hasText: colleagues.version })).toContainText(
    'blog-ci',
    {
      timeout: 15_000,
    },
  );

  // The canary, asked for and confirmed.
  const canaryForm = page.getByRole('form', { name: 'شروع قناری' });
  await canaryForm.getByLabel('نسخه').selectOption(nextVersion);
  await canaryForm.getByLabel('درصد بازدیدکنندگان').fill('20');
  await canaryForm.getByRole('button', { name: 'شروع قناری…' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('شروع قناری: blog');
  await expect(page.getByRole('main')).toContainText('20٪');
  expect(live().canary?.blog).toBeUndefined();
  await expectAccessible(page, 'the confirmation');
  // The real gate runs first (Chromium against the site with this version in place).
  await page.getByRole('button', { name: 'بله، انجام بده' }).click();
  // The action is a job: its page follows it by itself — the gate's steps, then how it ended.
  const jobPage = new RegExp(`^${server.url}/_/console/apps/blog/jobs/[0-9a-z]+-[0-9a-f]{12}$`);
  await expect(page).toHaveURL(jobPage);
  await expect(page.getByTestId('job-outcome')).toContainText('قناری آغاز شد', { timeout: 240_000 });
  await expectAccessible(page, 'the job page');
  expect(live().canary?.blog).toMatchObject({ version: nextVersion, percent: 20 });
  await page.goto(`${server.url}/_/console/apps/blog`);
  const canaryViews = page.getByTestId('canary-figures').locator('[data-figure="views"]');
  await expect(canaryViews).toHaveText('0');
  await expect(page.getByRole('img', { name: `قناری ${nextVersion}` })).toBeVisible();
  await page.evaluate(() => ((window as unknown as { unreloaded: boolean }).unreloaded = true));

  // Visitors arrive: the canary's share is served the canary, the rest the live version.
  expect(await visitBlog(browser, 9000)).toBe(String(live().blog));
  for (let visitor = 0; visitor < 3; visitor++) expect(await visitBlog(browser, 100 + visitor)).toBe(nextVersion);
  await expect(canaryViews).toHaveText('3', { timeout: 20_000 });
  expect(await page.evaluate(() => (window as unknown as { unreloaded?: boolean }).unreloaded)).toBe(true);

  // The gate's report of the version: its rules and the pages it mounted, with their screenshots.
  await page.goto(`${server.url}/_/console/apps/blog?gate=${nextVersion}`);
  const report = page.getByRole('region', { name: `گزارش دروازه: ${nextVersion}` });
  await expect(report.getByRole('listitem').filter({ hasText: 'smoke' })).toContainText('پذیرفته');
  const shot = report.getByRole('img').first();
  await shot.scrollIntoViewIfNeeded();
  await expect(shot).toBeVisible();
  await expect.poll(() => shot.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  const shotUrl = new URL((await shot.getAttribute('src'))!, server.url).href;
  const image = await page.request.get(shotUrl);
  expect([image.status(), image.headers()['content-type']]).toEqual([200, 'image/png']);
  await expectAccessible(page, 'the gate report');

  // Aborted from the console.
  await page.goto(`${server.url}/_/console/apps/blog`);
  await page.getByRole('form', { name: 'لغو قناری' }).getByRole('button').click();
  await page.getByRole('button', { name: 'بله، انجام بده' }).click();
  await expect(page).toHaveURL(jobPage);
  await expect(page.getByTestId('job-outcome')).toContainText('قناری لغو شد');
  expect(live().canary?.blog).toBeUndefined();
  await page.goto(`${server.url}/_/console/apps/blog`);

  // The release log, filtered by key: each step of the blog team's, with its name.
  await page.getByLabel('کلید', { exact: true }).selectOption('blog-team');
  await page.getByRole('button', { name: 'پالایش' }).click();
  const steps = page.getByTestId('release-log').getByRole('listitem');
  await expect(steps.filter({ hasText: 'blog-ci' })).toHaveCount(0);
  for (const action of ['publish', 'canary', 'abort']) {
    await expect(steps.and(page.locator(`[data-action="${action}"]`)).first()).toContainText('blog-team');
  }
  const recorded = (await readReleaseLog(buildsDir, 'blog')).filter((entry) =>
    ['canary', 'abort'].includes(entry.action),
  );
  expect(recorded.map((entry) => [entry.action, entry.version, entry.by])).toEqual([
    ['canary', nextVersion, 'blog-team'],
    ['abort', nextVersion, 'blog-team'],
  ]);

  // Signed out: the console is the sign-in page again.
  await page.getByRole('button', { name: 'خروج' }).click();
  await expect(page).toHaveURL(`${server.url}/_/console/sign-in`);
  await expectAccessible(page, 'sign-in');
  await page.goto(`${server.url}/_/console/apps/blog`);
  await expect(page).toHaveURL(`${server.url}/_/console/sign-in`);
  expect(problems).toEqual([]);
  await context.close();
});

test("the catalogue's key is refused on the blog's actions and never sees its data", async ({ browser }) => {
  const context = await browser.newContext();
  const { page, problems } = await watched(context);
  await signIn(page, server.url, keys.catalogue);
  await expect(page).toHaveURL(`${server.url}/_/console/apps/catalogue`);
  await page.goto(`${server.url}/_/console`);
  await expect(page.getByRole('main').getByRole('link')).toHaveText(['catalogue']);

  const blogPage = await page.goto(`${server.url}/_/console/apps/blog`);
  expect(blogPage?.status()).toBe(403);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('دسترسی ندارید');
  expect(await page.content()).not.toContain(String(live().blog));
  await expectAccessible(page, 'refused');

  const blogVersion = String(live().blog);
  const origin = { origin: server.url };
  for (const url of [
    `/_/console/apps/blog?gate=${nextVersion}`,
    '/_/console/apps/blog/events',
    `/_/console/apps/blog/gate/${nextVersion}/0.png`,
  ]) {
    const response = await page.request.get(`${server.url}${url}`);
    expect([url, response.status()]).toEqual([url, 403]);
    expect(await response.text()).not.toContain(blogVersion);
  }
  for (const action of ['canary', 'abort', 'rollback', 'promote', 'check', 'override']) {
    const response = await page.request.post(`${server.url}/_/console/apps/blog/actions/${action}`, {
      headers: origin,
      form: { version: nextVersion, percent: '20', confirmed: 'yes' },
    });
    expect([action, response.status()]).toEqual([action, 403]);
  }
  expect(live().canary?.blog).toBeUndefined();
  expect((await readReleaseLog(buildsDir)).some((entry) => entry.by === 'catalogue-team')).toBe(false);
  expect(problems.filter((problem) => !/(status of 403|^403 )/.test(problem))).toEqual([]);
  await context.close();
});

test('a bad or expired session goes to the sign-in page', async ({ browser }) => {
  const context = await browser.newContext();
  const { page } = await watched(context);
  await context.addCookies([
    {
      name: 'steel_console',
      value: `blog-team~9999999999~AAAAAAAAAAAAAAAA~${'A'.repeat(43)}`,
      url: `${server.url}/_/console`,
    },
  ]);
  await page.goto(`${server.url}/_/console/apps/blog`);
  await expect(page).toHaveURL(`${server.url}/_/console/sign-in?expired=1`);
  await expect(page.getByRole('status')).toContainText('نشست شما پایان یافته است');

  // Sessions of two seconds (CONSOLE_SESSION_SECONDS): good at once, gone after.
  // (Cookies are per host, not port: the other server would be sent the bad one too.)
  await context.clearCookies();
  await signIn(page, shortSessions.url, keys.blog);
  await expect(page).toHaveURL(`${shortSessions.url}/_/console/apps/blog`);
  await page.waitForTimeout(2_500);
  await page.goto(`${shortSessions.url}/_/console/apps/blog`);
  await expect(page).toHaveURL(`${shortSessions.url}/_/console/sign-in?expired=1`);
  await expect(page.getByLabel('کلید انتشار تیم یا کلید پلتفرم')).toBeVisible();
  await context.close();
});
