import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './support/test';
import { parseAppManifest } from '@steel/contract';
import { publish } from '@steel/server/publish';
import { checkVersion } from '@steel/server/gate';
import { GateRefusal, releaseVersion } from '@steel/server/change-live';
import { readReleaseLog } from '@steel/server/release-log';
import { readLive } from '@steel/server/builds-folder';
import { SPEC_PORTS, appServerEnv } from './support/environment';
import { craftingFolder, type CraftingFolder } from './support/crafted-versions';
import { preparedBuild } from './support/prepared-builds';

/**
 * A version that makes a phone download more is refused (docs/architecture.md, "Deploying a remote"):
 * each build records what a cold visit to each of its page kinds downloads (the app manifest's
 * `weights`), and the gate refuses a page kind that grew past the share allowed over the live
 * version, or past its weight budget (data/platform/weight-budgets.json), with one line naming the page, the
 * figures and the chunk that grew. Here the catalogue is built with a 100 KB dependency imported by
 * its product view: the product pages (under the category tree and at /product/:slug) carry it.
 * Then with a 300 ms busy loop in the product view's effect: the page works, but the gate weighs
 * each page kind's main-thread blocking at 4× CPU against the live version's and refuses it.
 */
test.describe.configure({ mode: 'serial', timeout: 300_000 });

let folder: CraftingFolder;
const gateEnv = {
  ...process.env,
  ...appServerEnv(SPEC_PORTS.gateBudgets, ''),
  DEPLOY_GATE_PORT: String(SPEC_PORTS.gateBudgets),
};

test.beforeAll(() => {
  folder = craftingFolder('steel-gate-budgets-');
});
test.afterAll(() => folder?.remove());

test("today's catalogue passes its budgets; one with a 100 KB dependency in its product view is refused with its line", async () => {
  // Today's build: it measured itself, and the gate's weight rule (a static rule) passes it.
  const liveVersion = (await readLive(folder.buildsDir))!.versions['catalogue']!;
  const liveManifest = parseAppManifest(
    JSON.parse(fs.readFileSync(path.join(folder.buildsDir, 'catalogue', liveVersion, 'app-manifest.json'), 'utf8')),
  );
  expect(liveManifest.weights?.['/product/:slug']?.js).toBeGreaterThan(0);
  // Every page kind counts the remote core a cold visit downloads (a shared module's chunks, which
  // webpack leaves unnamed), whole: the core and the libraries it pulls in, over 8 KB brotli today.
  const withoutCore = Object.entries(liveManifest.weights ?? {})
    .filter(([, weight]) => (weight.chunks['remote-core'] ?? 0) < 8 * 1024)
    .map(([kind]) => kind);
  expect(withoutCore).toEqual([]);
  expect((await checkVersion(folder.buildsDir, 'catalogue', liveVersion, { staticOnly: true })).refusal).toBeNull();

  // The product view with a 100 KB dependency beside it, for this build only.
  const dist = await preparedBuild('catalogue-heavy-product-view');
  const { version } = await publish(folder.buildsDir, 'catalogue', dist, { compress: false });

  const refusal = (await checkVersion(folder.buildsDir, 'catalogue', version, { staticOnly: true })).refusal;
  expect(refusal).toMatch(
    /^weights: \/[a-z-]+\/\* downloads \d+\.\d KB of JS from catalogue, (over its weight budget of \d+\.\d KB|\d+\.\d % more than the live version's \d+\.\d KB \(10 % allowed\)).*; grew most: [\w-]+ \(\+1\d\d\.\d KB\)/,
  );
  // Activating it is refused with the same line, recorded in the release log; the live version stays.
  await expect(releaseVersion(folder.buildsDir, 'catalogue', version)).rejects.toThrow(GateRefusal);
  expect((await readReleaseLog(folder.buildsDir, 'catalogue')).at(-1)).toMatchObject({
    action: 'refused',
    version,
    gate: refusal,
  });
  expect((await readLive(folder.buildsDir))!.versions['catalogue']).toBe(liveVersion);
  // Its /product/:slug page grew by the dependency too.
  const heavier = parseAppManifest(JSON.parse(fs.readFileSync(path.join(dist, 'app-manifest.json'), 'utf8')));
  const grown = heavier.weights!['/product/:slug']!.js - liveManifest.weights!['/product/:slug']!.js;
  expect(grown).toBeGreaterThan(95 * 1024);
});

test("a catalogue whose product view blocks the main thread for 300 ms is refused; today's passes", async () => {
  test.setTimeout(480_000);
  const liveVersion = (await readLive(folder.buildsDir))!.versions['catalogue']!;
  // The whole gate on today's catalogue: it passes, and its main-thread figures are kept.
  const today = await checkVersion(folder.buildsDir, 'catalogue', liveVersion, { env: gateEnv });
  expect(today.refusal).toBeNull();

  // e2e/fixtures/product-views-with-busy-loop.ts in place of the product view.
  const dist = await preparedBuild('catalogue-busy-product-view');
  const { version } = await publish(folder.buildsDir, 'catalogue', dist, { compress: false });
  const busy = await checkVersion(folder.buildsDir, 'catalogue', version, { env: gateEnv });
  expect(busy.refusal, busy.notes.join('\n')).toMatch(
    /^main thread: catalogue \/\S+ blocks the main thread \d+ ms at 4× CPU, \d+ ms more than the live version's \d+ ms \(400 ms allowed\)/,
  );
});
