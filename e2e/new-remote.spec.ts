import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from './support/test';
import { parseAppManifest } from '@steel/contract';
import { run as deployCli } from '@steel/server/deploy-cli';
import { readReleaseLog } from '@steel/server/release-log';
import { readLive } from '@steel/server/builds-folder';
import { SPEC_PORTS, cmsURL, repoRoot } from './support/environment';
import { startAppServer } from './support/app-server';
import { craftingFolder, type CraftingFolder } from './support/crafted-versions';
import { remote as deployApi, type RemoteTarget } from '@steel/server/deploy-client';
import { buildRemote, installRemote, scaffoldRemote, testRemote } from '../scripts/lib/new-remote';
import { publishPlatformPackages, startVerdaccio, type Verdaccio } from '../scripts/lib/verdaccio';

/**
 * A new team joins the platform from nothing (docs/guide-joining-as-a-team.md, "Start a new remote"), and nobody else releases:
 *
 * - the platform packages are published to a real registry (Verdaccio on loopback);
 * - in an empty folder outside this repository, `npm create @steel/remote guides` writes the team's
 *   repository, which installs from that registry, passes its own `npm test` and builds;
 * - the platform team registers the app (deploy API, its platform key) and gives the team a key;
 * - the team deploys through the deploy API (the calls its README gives as curl): upload, then
 *   activate (the gate, then live).
 *
 * Then `/guides` is server-rendered, in the header, the menu drawer and the sitemap, reached from the
 * home page without a reload, and every other app's live version is the one before; a second version
 * goes to a canary and is promoted; `apps remove guides` (refused while live unless forced) makes its
 * paths 404 and takes it out of the menus and the sitemap. The site is one process throughout.
 */
test.describe.configure({ mode: 'serial', timeout: 900_000 });

const NAME = 'guides';
const TITLE = 'راهنماها';
const SECOND_DESCRIPTION = 'راهنمای خرید میلگرد، تیرآهن و ورق';

let folder: CraftingFolder;
let keysFile: string;
let registry: Verdaccio;
let remote: string;
let server: Awaited<ReturnType<typeof startAppServer>>;
let platformKey: string;
let teamKey: string;

/** `deploy keys add <app|platform> <name>` on the server's machine; resolves with the key, shown once. */
async function addKey(app: string, name: string): Promise<string> {
  const lines: string[] = [];
  await deployCli(['keys', 'add', app, name, '--keys-file', keysFile, '--builds-dir', folder.buildsDir], (line) =>
    lines.push(line),
  );
  const key = lines.at(-1)!;
  expect(key).toMatch(/^steel_deploy_/);
  return key;
}

/** The deploy API as a key holder calls it (the platform's client: the same calls as the README's curl). */
const as = (key: string): RemoteTarget => ({ server: server.url, key });

/** What the deploy API answered a refused call with. */
const refusal = (call: Promise<unknown>) =>
  call.then(
    () => null,
    (error: { status?: number; message: string }) => ({ status: error.status, message: error.message }),
  );

/** The team's dist folder, packed and uploaded with its key; resolves with the new version. */
async function uploadBuild(): Promise<string> {
  const published = await deployApi.publish(as(teamKey), NAME, path.join(remote, 'dist'));
  expect(published.created).toBe(true);
  return published.version;
}

const sitemapLists = async (sitePath: string) =>
  (await (await fetch(`${server.url}/sitemap.xml`)).text()).includes(`<loc>${server.url}${sitePath}</loc>`);

/** The live versions of every app, and the site's process. */
async function siteState() {
  const health = (await (await fetch(`${server.url}/api/health`)).json()) as { pid: number };
  const { [NAME]: ours, ...others } = (await readLive(folder.buildsDir))?.versions ?? {};
  return { pid: health.pid, ours, others };
}

/** The wide header's menu, on the home page. */
async function headerMenu(page: Page) {
  await page.goto(`${server.url}/`);
  await expect(page.locator('#app-catalogue h1')).toBeVisible();
  return page.getByRole('navigation', { name: 'دسته‌بندی محصولات' });
}

/** The phone's menu drawer, opened. */
async function openDrawer(page: Page) {
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto(`${server.url}/`);
  await expect(page.locator('#app-catalogue h1')).toBeVisible();
  await page.locator('[data-layout] > header').getByRole('button', { name: 'منو' }).click();
  return page.getByRole('dialog', { name: 'منوی سایت' });
}

test.beforeAll(async () => {
  folder = craftingFolder('steel-new-remote-');
  keysFile = path.join(folder.workDir, 'deploy-keys.json');
  server = await startAppServer({
    port: SPEC_PORTS.newRemote,
    buildsDir: folder.buildsDir,
    env: { DEPLOY_KEYS_FILE: keysFile, DEPLOY_GATE_PORT: String(SPEC_PORTS.newRemoteGate) },
  });
  registry = await startVerdaccio();
});

test.afterAll(async () => {
  await server?.stop();
  await registry?.stop();
  folder?.remove();
});

let before: Awaited<ReturnType<typeof siteState>>;
let firstVersion: string;
let promotedVersion: string;

test('a remote scaffolded in an empty folder installs from the registry, passes its own test and builds', async () => {
  publishPlatformPackages(registry);
  const parent = fs.mkdtempSync(path.join(folder.workDir, 'team-'));
  remote = path.join(parent, NAME);
  // Outside this repository: nothing above the team's folder is a package of ours.
  expect(path.relative(repoRoot, parent).startsWith('..')).toBe(true);
  await scaffoldRemote(registry, parent, NAME, TITLE);
  for (const file of ['package.json', 'package-lock.json', '.gitignore', '.npmrc', 'README.md', 'tsconfig.json'])
    expect(fs.existsSync(path.join(remote, file)), `${file} is written`).toBe(true);
  expect(fs.readFileSync(path.join(remote, '.npmrc'), 'utf8')).toBe(`@steel:registry=${registry.url}\n`);

  // Pinned, exactly as this repository's own packages are; the lock records the registry's tarball.
  const manifest = JSON.parse(fs.readFileSync(path.join(remote, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  const ownShared = JSON.parse(fs.readFileSync(path.join(repoRoot, 'mf-shared/package.json'), 'utf8')) as {
    version: string;
  };
  expect(manifest.dependencies['@steel/shared']).toBe(ownShared.version);
  const lock = JSON.parse(fs.readFileSync(path.join(remote, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { version?: string; integrity?: string }>;
  };
  const served = (await (await fetch(`${registry.url}@steel%2fshared`)).json()) as {
    versions: Record<string, { dist: { integrity: string } }>;
  };
  const locked = lock.packages['node_modules/@steel/shared'];
  expect(locked?.integrity).toBe(served.versions[locked?.version ?? '']?.dist.integrity);
  // The registry serves only the platform's packages; react came from the public one.
  expect((await fetch(`${registry.url}react`)).status).toBe(404);
  expect(lock.packages['node_modules/react']?.integrity).toBeTruthy();

  await installRemote(remote);
  expect(fs.realpathSync(path.join(remote, 'node_modules/@steel/build'))).toBe(
    path.join(fs.realpathSync(remote), 'node_modules/@steel/build'),
  );
  await testRemote(remote);
  await buildRemote(remote);
  const built = parseAppManifest(JSON.parse(fs.readFileSync(path.join(remote, 'dist/app-manifest.json'), 'utf8')));
  expect(built.app).toBe(NAME);
  expect(built.pages.find((page) => page.path === `/${NAME}`)).toMatchObject({
    sitemap: [{ path: `/${NAME}` }],
    nav: { places: ['header', 'drawer'], label: TITLE },
  });
});

test('the platform team registers it and gives its team a key; the team deploys it through the API alone', async () => {
  expect(remote, 'the remote was built above').toBeTruthy();
  before = await siteState();
  expect(before.ours).toBeUndefined();
  expect((await fetch(`${server.url}/${NAME}`)).status).toBe(404);

  platformKey = await addKey('platform', 'platform-team');
  // An app that is not registered gets no key, so nobody can deploy it.
  await expect(addKey(NAME, `${NAME}-team`)).rejects.toThrow(/not a registered app/);
  const registered = await deployApi.apps.add(as(platformKey), {
    name: NAME,
    paths: [`/${NAME}/**`],
    owner: `${NAME}-team`,
  });
  expect(registered).toMatchObject({ name: NAME, paths: [`/${NAME}/**`] });
  teamKey = await addKey(NAME, `${NAME}-team`);
  // Only the platform's key registers apps; the team's deploys its own.
  expect(await refusal(deployApi.apps.add(as(teamKey), { name: 'other', paths: ['/other/**'] }))).toMatchObject({
    status: 403,
  });
  expect((await deployApi.apps.list(as(teamKey))).map((app) => app.name)).toContain(NAME);

  firstVersion = await uploadBuild();
  const activated = await deployApi.activate(as(teamKey), NAME, firstVersion);
  expect(activated).toMatchObject({ version: firstVersion, previous: null, gate: 'passed' });

  // Only the new app changed, in the same process.
  const after = await siteState();
  expect(after).toEqual({ ...before, ours: firstVersion });

  // Each step is in the release log with the name of the key that took it.
  const history = await readReleaseLog(folder.buildsDir, NAME);
  expect(history.map((entry) => [entry.action, entry.by])).toEqual(
    expect.arrayContaining([
      ['app-add', 'platform-team'],
      ['publish', `${NAME}-team`],
      ['activate', `${NAME}-team`],
    ]),
  );
});

test('/guides is rendered by the server, listed in the sitemap and in the header and the drawer', async ({ page }) => {
  expect(firstVersion, 'the deploy above ran').toBeTruthy();
  const response = await fetch(`${server.url}/${NAME}`);
  expect(response.status).toBe(200);
  const html = await response.text();
  expect(html).toMatch(new RegExp(`<h1[^>]*>${TITLE}</h1>`));
  expect(html).toContain(`/builds/${NAME}/${firstVersion}/`);
  // Its content: the scaffold's page lists the CMS's categories (its page-data example), each linked.
  const categories = (await (await fetch(`${cmsURL}/api/categories?fields[0]=title&fields[1]=slug`)).json()) as {
    data: Array<{ title: string; slug: string }>;
  };
  expect(categories.data.length).toBeGreaterThan(0);
  for (const category of categories.data) expect(html).toContain(`href="/${category.slug}"`);
  expect(html).toContain(categories.data[0]!.title);
  expect(await sitemapLists(`/${NAME}`)).toBe(true);

  // From the home page, the header's link is a client-side navigation: a mark on the window survives.
  const link = (await headerMenu(page)).getByRole('link', { name: TITLE, exact: true });
  await page.evaluate(() => Object.assign(window, { beforeTheLink: true }));
  await link.click();
  await expect(page).toHaveURL(`${server.url}/${NAME}`);
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  expect(await page.evaluate(() => 'beforeTheLink' in window)).toBe(true);
  await expect(page).toHaveTitle(new RegExp(TITLE));

  const drawer = await openDrawer(page);
  await expect(drawer.getByRole('link', { name: TITLE, exact: true })).toBeVisible();
});

test('a second version of guides goes to a canary, reaches part of the visitors, and is promoted', async () => {
  expect(firstVersion, 'the deploy above ran').toBeTruthy();
  // The team changes its page and builds again, as it would any day.
  const pageFile = path.join(remote, 'src/features/landing/landing-page.tsx');
  const source = fs.readFileSync(pageFile, 'utf8');
  const description = /const DESCRIPTION = '([^']*)';/.exec(source)?.[1];
  expect(description).toBeTruthy();
  fs.writeFileSync(pageFile, source.replace(`'${description}'`, `'${SECOND_DESCRIPTION}'`));
  await buildRemote(remote);
  const secondVersion = await uploadBuild();
  expect(secondVersion).not.toBe(firstVersion);

  const canary = await deployApi.canary(as(teamKey), NAME, secondVersion, 50);
  expect(canary).toMatchObject({ live: firstVersion, gate: 'passed' });

  // New visitors (no cohort cookie yet) are split between the two versions.
  const seen = new Set<string>();
  for (let visitor = 0; visitor < 60 && seen.size < 2; visitor++) {
    const html = await (await fetch(`${server.url}/${NAME}`)).text();
    seen.add(html.includes(SECOND_DESCRIPTION) ? 'canary' : html.includes(description!) ? 'live' : 'neither');
  }
  expect([...seen].sort()).toEqual(['canary', 'live']);

  expect(await deployApi.promote(as(teamKey), NAME)).toMatchObject({ version: secondVersion });
  expect((await siteState()).ours).toBe(secondVersion);
  promotedVersion = secondVersion;
  expect(await (await fetch(`${server.url}/${NAME}`)).text()).toContain(SECOND_DESCRIPTION);
  // Still nobody else's release.
  expect((await siteState()).others).toEqual(before.others);
});

test('apps remove guides: refused while live, then forced — its path is 404 and it leaves the menus and the sitemap', async ({
  page,
}) => {
  expect(firstVersion, 'the deploy above ran').toBeTruthy();
  const refused = await refusal(deployApi.apps.remove(as(platformKey), NAME));
  expect(refused).toMatchObject({ status: 409, message: expect.stringMatching(/is live/) });
  expect((await siteState()).ours).toBeTruthy();

  const removed = await deployApi.apps.remove(as(platformKey), NAME, 'guides is withdrawn');
  expect(removed).toMatchObject({ removed: { name: NAME }, wasLive: promotedVersion, forced: 'guides is withdrawn' });
  expect(await siteState()).toEqual(before);
  expect((await fetch(`${server.url}/${NAME}`)).status).toBe(404);
  expect(await sitemapLists(`/${NAME}`)).toBe(false);
  const menu = await headerMenu(page);
  await expect(menu.getByRole('link').first()).toBeVisible();
  await expect(menu.getByRole('link', { name: TITLE, exact: true })).toHaveCount(0);
  const drawer = await openDrawer(page);
  await expect(drawer.getByRole('link').first()).toBeVisible();
  await expect(drawer.getByRole('link', { name: TITLE, exact: true })).toHaveCount(0);
  // Its team's key went with it: it opens nothing any more, and would not if guides came back.
  expect(await refusal(deployApi.status(as(teamKey), NAME))).toMatchObject({ status: 401 });
  expect((await deployApi.apps.list(as(platformKey))).map((app) => app.name)).not.toContain(NAME);
});
