import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from './support/test';
import { EDITOR_TOKEN, SPEC_PORTS, appServerEnv, cmsURL, repoRoot } from './support/environment';
import { startAppServer } from './support/app-server';
import { craftingFolder, type CraftingFolder } from './support/crafted-versions';
import { buildAppReplacing } from './support/crafted-builds';
import { publish } from '@steel/server/publish';
import { readLive } from '@steel/server/builds-folder';
import { releaseVersion, rollbackVersion } from '@steel/server/change-live';

/**
 * A new sub-category goes live with the catalogue's deploy alone (docs/architecture.md,
 * "Navigation and sitemap"): a catalogue built with one more sub-category in its tree passes the
 * gate and, on a site that keeps running (same process, same shell and other remotes), shows in the
 * menu drawer, in /sitemap.xml and at its own route (an empty listing: no products yet); rolled back,
 * it is gone from the menu, its route and the sitemap. The sub-category exists in the CMS as an
 * editor creates it (its listing and the sitemap read it there), and is removed again after the
 * spec; the sitemap lists it only while a live catalogue has it in its tree (`within: 'navigation'`).
 *
 * The tree is changed for this build only: webpack replaces the catalogue's generated
 * category-tree.json with a copy that has the new entry (as deploy-gate.spec.ts replaces the blog's
 * page list), so neither data/domain nor the catalogue's code changes, nor the builds other specs use.
 */
test.describe.configure({ mode: 'serial', timeout: 600_000 });

const CATEGORY = { slug: 'steel-raw-materials', titleFa: 'مواد اولیه فولاد' };
const NEW_SUBCATEGORY = {
  slug: 'e2e-new-subcategory',
  titleFa: 'زیرگروه تازه آزمایشی',
  titleEn: 'New test sub-category',
  descriptionFa: '',
  attributes: [] as string[],
};
const NEW_PATH = `/${CATEGORY.slug}/${NEW_SUBCATEGORY.slug}`;

let folder: CraftingFolder;
let server: Awaited<ReturnType<typeof startAppServer>>;
let cmsDocumentId: string | null = null;
const gateEnv = {
  ...process.env,
  ...appServerEnv(SPEC_PORTS.newSubcategoryGate, ''),
  DEPLOY_GATE_PORT: String(SPEC_PORTS.newSubcategoryGate),
};

/** The CMS's REST API as an editor's full-access token uses it. */
function cms(pathAndQuery: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${cmsURL}${pathAndQuery}`, {
    ...init,
    headers: { authorization: `Bearer ${EDITOR_TOKEN}`, 'content-type': 'application/json' },
  });
}

/** The sub-category as an editor creates it in the CMS: its listing and the sitemap read it there. */
async function createInCms(): Promise<string> {
  const found = await cms(`/api/categories?filters[slug][$eq]=${CATEGORY.slug}&fields[0]=slug`);
  const category = ((await found.json()) as { data: Array<{ documentId: string }> }).data[0];
  if (!category) throw new Error(`The CMS has no category ${CATEGORY.slug}`);
  const created = await cms('/api/sub-categories?status=published', {
    method: 'POST',
    body: JSON.stringify({
      data: {
        title: NEW_SUBCATEGORY.titleFa,
        title_en: NEW_SUBCATEGORY.titleEn,
        slug: NEW_SUBCATEGORY.slug,
        path: NEW_PATH.slice(1),
        attribute_keys: [],
        sort_order: 99,
        category: category.documentId,
      },
    }),
  });
  if (!created.ok) throw new Error(`The CMS refused the sub-category: ${created.status} ${await created.text()}`);
  return ((await created.json()) as { data: { documentId: string } }).data.documentId;
}

interface GeneratedTree {
  categories: Array<{ slug: string; subcategories: Array<{ titleFa: string }> }>;
}
/** The catalogue's generated tree (scripts/generate-catalogue-data.ts), and the spec's category in it. */
function generatedTree() {
  const file = path.join(repoRoot, 'mf-catalogue/src/entities/category/generated/category-tree.json');
  const tree = JSON.parse(fs.readFileSync(file, 'utf8')) as GeneratedTree;
  const category = tree.categories.find((candidate) => candidate.slug === CATEGORY.slug);
  if (!category) throw new Error(`The catalogue has no category ${CATEGORY.slug}`);
  return { tree, category };
}
const firstSubcategoryTitle = () => generatedTree().category.subcategories[0]!.titleFa;

/** The catalogue's tree with the new sub-category last in its category. */
function treeWithNewSubcategory(): string {
  const { tree, category } = generatedTree();
  category.subcategories.push(NEW_SUBCATEGORY);
  return JSON.stringify(tree);
}

/** Builds the catalogue into `dist` with `treeFile` in place of its generated category tree. */
const buildCatalogueWithTree = (dist: string, treeFile: string) =>
  buildAppReplacing(
    'catalogue',
    dist,
    /generated\/category-tree\.json$/,
    () => treeFile,
    'the catalogue with a new sub-category',
  );

const sitemapLists = async (sitePath: string) =>
  (await (await fetch(`${server.url}/sitemap.xml`)).text()).includes(`<loc>${server.url}${sitePath}</loc>`);

/** The new sub-category's link in the phone's menu drawer, under its category (opened by a tap). */
async function drawerLink(page: Page) {
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto(`${server.url}/${CATEGORY.slug}`);
  await expect(page.locator('#app-catalogue h1')).toHaveText(CATEGORY.titleFa);
  await page.locator('[data-layout] > header').getByRole('button', { name: 'منو' }).click();
  const drawer = page.getByRole('dialog', { name: 'منوی سایت' });
  await drawer.getByText(CATEGORY.titleFa, { exact: true }).click();
  // Its first sub-category, there before and after, shows the category is open.
  await expect(drawer.getByRole('link', { name: firstSubcategoryTitle(), exact: true })).toBeVisible();
  return drawer.getByRole('link', { name: NEW_SUBCATEGORY.titleFa, exact: true });
}

/** The site's own process and the live versions of every app but the catalogue. */
async function siteState() {
  const health = (await (await fetch(`${server.url}/api/health`)).json()) as { pid: number };
  const { catalogue, ...others } = (await readLive(folder.buildsDir))?.versions ?? {};
  return { pid: health.pid, catalogue, others };
}

test.beforeAll(async () => {
  folder = craftingFolder('steel-new-subcategory-');
  cmsDocumentId = await createInCms();
  server = await startAppServer({ port: SPEC_PORTS.newSubcategory, buildsDir: folder.buildsDir });
});

test.afterAll(async () => {
  await server?.stop();
  if (cmsDocumentId) await cms(`/api/sub-categories/${cmsDocumentId}`, { method: 'DELETE' });
  folder?.remove();
});

let before: Awaited<ReturnType<typeof siteState>>;
let deployedVersion: string;

test('a catalogue with a new sub-category, deployed alone through the gate, shows it in the menu, the sitemap and its route', async ({
  page,
}) => {
  before = await siteState();
  // Before: the live catalogue does not have it.
  await expect(await drawerLink(page)).toHaveCount(0);
  expect((await fetch(`${server.url}${NEW_PATH}`)).status).toBe(404);
  // The CMS has it already, but the sitemap lists only what the live catalogue routes.
  expect(await sitemapLists(NEW_PATH)).toBe(false);

  const treeFile = path.join(folder.workDir, 'category-tree.json');
  fs.writeFileSync(treeFile, treeWithNewSubcategory());
  const dist = path.join(folder.workDir, 'catalogue-with-new-subcategory');
  await buildCatalogueWithTree(dist, treeFile);
  const { version } = await publish(folder.buildsDir, 'catalogue', dist, { compress: false });
  deployedVersion = version;
  const result = await releaseVersion(folder.buildsDir, 'catalogue', version, { env: gateEnv });
  expect(result.refusal).toBeNull();

  // Only the catalogue changed; the site is the same process.
  const after = await siteState();
  expect(after.catalogue).toBe(version);
  expect(after.others).toEqual(before.others);
  expect(after.pid).toBe(before.pid);

  // The menu drawer links it, and the link is a client-side navigation to its listing.
  const link = await drawerLink(page);
  await expect(link).toBeVisible();
  // A mark on the window survives a client-side navigation only.
  await page.evaluate(() => Object.assign(window, { beforeTheLink: true }));
  await link.click();
  await expect(page).toHaveURL(`${server.url}${NEW_PATH}`);
  await expect(page.locator('#app-catalogue h1')).toHaveText(NEW_SUBCATEGORY.titleFa);
  expect(await page.evaluate(() => 'beforeTheLink' in window)).toBe(true);

  // Its route is rendered by the server, and the sitemap lists it.
  const response = await fetch(`${server.url}${NEW_PATH}`);
  expect(response.status).toBe(200);
  expect(await response.text()).toContain(NEW_SUBCATEGORY.titleFa);
  expect(await sitemapLists(NEW_PATH)).toBe(true);
});

test('the catalogue rolled back: the sub-category is gone from the menu and its route', async ({ page }) => {
  expect(deployedVersion, 'the deploy above ran').toBeTruthy();
  await rollbackVersion(folder.buildsDir, 'catalogue', { env: gateEnv });
  const after = await siteState();
  expect(after).toEqual(before);

  await expect(await drawerLink(page)).toHaveCount(0);
  expect((await fetch(`${server.url}${NEW_PATH}`)).status).toBe(404);
});

test('…and from the sitemap', async () => {
  expect(await sitemapLists(NEW_PATH)).toBe(false);
});
