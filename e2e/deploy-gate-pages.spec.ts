import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './support/test';
import { SPEC_PORTS, appServerEnv } from './support/environment';
import { craftingFolder, type CraftingFolder } from './support/crafted-versions';
import { busyCores } from '@steel/server/busy-cpu';
import { checkVersion } from '@steel/server/gate';

/**
 * The deploy gate sees what a visitor sees: it tries one real page of every page kind (a product
 * that exists, each depth of the catalogue tree, an article, a factory), so a version whose
 * product view throws — in the browser or in its server entry — is refused, while today's
 * versions pass; and its verdicts are the same with both cores busy as at rest.
 */
test.describe.configure({ mode: 'serial', timeout: 240_000 });

let folder: CraftingFolder;
// The production render time limit: the gate allows ten times it, whatever the e2e servers use.
const gateEnv = {
  ...process.env,
  ...appServerEnv(SPEC_PORTS.gatePages, '', { SSR_TIME_LIMIT_MS: '300' }),
  DEPLOY_GATE_PORT: String(SPEC_PORTS.gatePages),
};
const craftVersion: CraftingFolder['craftVersion'] = (app, craft) => folder.craftVersion(app, craft);
const check = async (app: 'catalogue' | 'blog', version: string) =>
  (await checkVersion(folder.buildsDir, app, version, { env: gateEnv })).refusal;

/** Replaces what `find` matches in the files of `dir` whose names match `files`; at least one must change. */
function replaceIn(dir: string, files: RegExp, find: RegExp, replacement: string): void {
  const changed = (fs.readdirSync(dir, { recursive: true }) as string[])
    .filter((file) => files.test(file))
    .filter((file) => {
      const code = fs.readFileSync(path.join(dir, file), 'utf8');
      if (!find.test(code)) return false;
      fs.writeFileSync(path.join(dir, file), code.replace(new RegExp(find.source, 'g'), replacement));
      return true;
    });
  if (changed.length === 0) throw new Error(`no ${files} in ${dir} holds ${find}`);
}

// The product view's watch-list button label (the last child of the button, minified or not):
// evaluated only when a product page renders.
const PRODUCT_VIEW_LABEL = /(["'])افزودن به لیست پیگیری\1(?=\s*\])/;
const throwing = (what: string) => `(()=>{throw new Error("crafted: ${what}")})()`;

/** Both cores spinning (two threads) for as long as `work` runs. */
async function withBothCoresBusy<T>(work: () => Promise<T>): Promise<T> {
  const stop = await busyCores(2);
  try {
    return await work();
  } finally {
    await stop();
  }
}

test.beforeAll(() => {
  folder = craftingFolder('steel-gate-pages-');
});

test.afterAll(() => {
  folder.remove();
});

test('refuses a catalogue whose product view throws in the browser, on a real product page', async () => {
  const version = await craftVersion('catalogue', (dir) =>
    replaceIn(dir, /^product\.[0-9a-f]+\.js$/, PRODUCT_VIEW_LABEL, throwing('product view throws')),
  );
  const refusal = await check('catalogue', version);
  expect(refusal).toMatch(/^smoke mount: catalogue \/\S+: /);
  // A product that exists, not a made-up slug (which would only ever show the 404 page).
  expect(refusal).not.toMatch(/\/sample\b/);
});

test('refuses a catalogue whose product page throws in its server entry', async () => {
  const version = await craftVersion('catalogue', (dir) =>
    replaceIn(dir, /^server\/.*\.js$/, PRODUCT_VIEW_LABEL, throwing('product server render throws')),
  );
  const refusal = await check('catalogue', version);
  expect(refusal).toMatch(
    /^smoke render: catalogue \/\S+ answered 200 \(partial\): .*threw while rendering on the server/,
  );
});

test('gives the verdicts it gives at rest with both cores busy: today’s blog passes 3 of 3, today’s catalogue passes, a throwing product view is refused', async () => {
  // Five gate runs on a loaded machine.
  test.setTimeout(600_000);
  const goodCatalogue = await craftVersion('catalogue', (dir) =>
    fs.appendFileSync(path.join(dir, 'app-manifest.json'), ' '),
  );
  // Today's blog three times, each a version of its own (a verdict is never taken from another's).
  const goodBlogs: string[] = [];
  for (const spaces of [' ', '  ', '   '])
    goodBlogs.push(await craftVersion('blog', (dir) => fs.appendFileSync(path.join(dir, 'app-manifest.json'), spaces)));
  const broken = await craftVersion('catalogue', (dir) =>
    replaceIn(dir, /^product\.[0-9a-f]+\.js$/, PRODUCT_VIEW_LABEL, throwing('product view throws under load')),
  );
  const verdicts = await withBothCoresBusy(async () => {
    const blogs: Array<string | null> = [];
    for (const version of goodBlogs) blogs.push(await check('blog', version));
    return {
      blogs,
      catalogue: await check('catalogue', goodCatalogue),
      broken: await check('catalogue', broken),
    };
  });
  expect(verdicts.blogs).toEqual([null, null, null]);
  expect(verdicts.catalogue).toBeNull();
  expect(verdicts.broken).toMatch(/^smoke mount: catalogue \/\S+: /);
});
