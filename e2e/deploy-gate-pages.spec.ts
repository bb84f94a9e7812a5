import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { SPEC_PORTS, appServerEnv, e2eBuildsDir, notHidden } from './support/environment';
import { publish } from '@steel/server/publish';
import type { AppName } from '@steel/server/builds-folder';
import { checkVersion } from '@steel/server/gate';

/**
 * The deploy gate sees what a visitor sees: it tries one real page of every page kind (a product
 * that exists, each depth of the catalogue tree, an article, a factory), so a version whose
 * product view throws — in the browser or in its server entry — is refused, while today's
 * versions pass; and its verdicts are the same with both cores busy as at rest.
 */
test.describe.configure({ mode: 'serial', timeout: 240_000 });

let workDir: string;
let buildsDir: string;
// The production render budget: the gate allows ten times it, whatever the e2e servers use.
const gateEnv = { ...process.env, ...appServerEnv(SPEC_PORTS.gatePages, '', { SSR_BUDGET_MS: '300' }), DEPLOY_GATE_PORT: String(SPEC_PORTS.gatePages) };

const liveVersion = (app: AppName) => JSON.parse(fs.readFileSync(path.join(buildsDir, 'live.json'), 'utf8'))[app] as string;

/** A copy of the live version of `app`, changed by `craft`, published as a new version. */
async function craftVersion(app: AppName, craft: (dir: string) => void): Promise<string> {
  const dist = fs.mkdtempSync(path.join(workDir, `${app}-`));
  fs.cpSync(path.join(buildsDir, app, liveVersion(app)), dist, { recursive: true });
  for (const file of fs.readdirSync(dist, { recursive: true }) as string[]) if (/\.(br|gz)$/.test(file)) fs.rmSync(path.join(dist, file));
  craft(dist);
  return (await publish(buildsDir, app, dist, { compress: false })).version;
}

/** Replaces `find` in the files of `dir` whose names match `files`; at least one must change. */
function replaceIn(dir: string, files: RegExp, find: string, replacement: string): void {
  const changed = (fs.readdirSync(dir, { recursive: true }) as string[])
    .filter((file) => files.test(file))
    .filter((file) => {
      const code = fs.readFileSync(path.join(dir, file), 'utf8');
      if (!code.includes(find)) return false;
      fs.writeFileSync(path.join(dir, file), code.replaceAll(find, replacement));
      return true;
    });
  if (changed.length === 0) throw new Error(`no ${files} in ${dir} holds ${find}`);
}

// The product view's watch-list button label: evaluated only when a product page renders.
const PRODUCT_VIEW_LABEL = '"افزودن به لیست پیگیری"]';
const throwing = (what: string) => `(()=>{throw new Error("crafted: ${what}")})()]`;

/** Two processes spinning on the two cores for as long as `work` runs. */
async function withBothCoresBusy<T>(work: () => Promise<T>): Promise<T> {
  const spinners: ChildProcess[] = Array.from({ length: 2 }, () => spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' }));
  try {
    return await work();
  } finally {
    for (const spinner of spinners) spinner.kill('SIGKILL');
  }
}

test.beforeAll(() => {
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'steel-gate-pages-'));
  buildsDir = path.join(workDir, 'builds');
  fs.cpSync(e2eBuildsDir, buildsDir, { recursive: true, filter: (source) => notHidden(source) && !source.endsWith('history.jsonl') && !source.endsWith('failure-counts.json') });
});

test.afterAll(() => {
  fs.rmSync(workDir, { recursive: true, force: true });
});

test('refuses a catalogue whose product view throws in the browser, on a real product page', async () => {
  const version = await craftVersion('catalogue', (dir) => replaceIn(dir, /^product\.[0-9a-f]+\.js$/, PRODUCT_VIEW_LABEL, throwing('product view throws')));
  const { refusal } = await checkVersion(buildsDir, 'catalogue', version, { env: gateEnv });
  expect(refusal).toMatch(/^smoke mount: catalogue \/\S+: /);
  // A product that exists, not a made-up slug (which would only ever show the 404 page).
  expect(refusal).not.toMatch(/\/sample\b/);
});

test('refuses a catalogue whose product page throws in its server entry', async () => {
  const version = await craftVersion('catalogue', (dir) => replaceIn(dir, /^server\/.*\.js$/, PRODUCT_VIEW_LABEL, throwing('product server render throws')));
  const { refusal } = await checkVersion(buildsDir, 'catalogue', version, { env: gateEnv });
  expect(refusal).toMatch(/^smoke render: catalogue \/\S+ answered 200 \(partial\): .*crafted: product server render throws/);
});

test('gives the verdicts it gives at rest with both cores busy: today’s catalogue and blog pass, a throwing product view is refused', async () => {
  const goodCatalogue = await craftVersion('catalogue', (dir) => fs.appendFileSync(path.join(dir, 'app-manifest.json'), ' '));
  const goodBlog = await craftVersion('blog', (dir) => fs.appendFileSync(path.join(dir, 'app-manifest.json'), ' '));
  const broken = await craftVersion('catalogue', (dir) => replaceIn(dir, /^product\.[0-9a-f]+\.js$/, PRODUCT_VIEW_LABEL, throwing('product view throws under load')));
  const verdicts = await withBothCoresBusy(async () => ({
    catalogue: (await checkVersion(buildsDir, 'catalogue', goodCatalogue, { env: gateEnv })).refusal,
    blog: (await checkVersion(buildsDir, 'blog', goodBlog, { env: gateEnv })).refusal,
    broken: (await checkVersion(buildsDir, 'catalogue', broken, { env: gateEnv })).refusal,
  }));
  expect(verdicts.catalogue).toBeNull();
  expect(verdicts.blog).toBeNull();
  expect(verdicts.broken).toMatch(/^smoke mount: catalogue \/\S+: /);
});
