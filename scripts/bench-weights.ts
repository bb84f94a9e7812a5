/**
 * What a cold visit to each page kind downloads of each app, as the build measured it (the
 * app manifest's `weights`, mf-build/src/page-weights.ts), beside the weight budget the deploy gate holds it to
 * (data/platform/weight-budgets.json). Page kinds of one app that weigh the same are one row. Then
 * what each contributor's slot code adds to each host page kind (the gate's `slotCostsOnPages`), by
 * the slots the page renders. Part of `npm run bench`, after the builds.
 */
import fs from 'node:fs';
import path from 'node:path';
import { SLOT_CONTRIBUTIONS, parseAppManifest, type AppManifest } from '@steel/contract';
import { WEIGHT_BUDGETS, slotCostsOnPages, weightBudgetOf } from '@steel/server/weight-budgets';
import { readLive } from '@steel/server/builds-folder';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const readManifest = (dist: string) =>
  parseAppManifest(JSON.parse(fs.readFileSync(path.join(dist, 'app-manifest.json'), 'utf8')));

/** `alongside`: the folders of builds that are not live there but weighed as if they were (the inquiry app's). */
export async function printPageWeights(
  buildsDir: string,
  log: (line: string) => void,
  alongside: readonly string[] = [],
): Promise<void> {
  const versions = (await readLive(buildsDir))?.versions ?? {};
  const folders = [
    ...Object.entries(versions).flatMap(([app, version]) => (version ? [path.join(buildsDir, app, version)] : [])),
    ...alongside,
  ];
  log(
    `${'app'.padEnd(10)} ${'page kind'.padEnd(34)} ${'JS'.padStart(9)} ${'budget'.padStart(9)} ${'CSS'.padStart(8)} ${'budget'.padStart(8)}`,
  );
  const manifests: AppManifest[] = [];
  for (const folder of folders) {
    const manifest = readManifest(folder);
    const app = manifest.app;
    manifests.push(manifest);
    const rows = new Map<string, string[]>();
    for (const [page, weight] of Object.entries(manifest.weights ?? {})) {
      const jsBudget = weightBudgetOf(WEIGHT_BUDGETS, app, page, 'js');
      const cssBudget = weightBudgetOf(WEIGHT_BUDGETS, app, page, 'css');
      const figures = `${kb(weight.js).padStart(9)} ${(jsBudget ? kb(jsBudget) : '–').padStart(9)} ${kb(weight.css).padStart(8)} ${(cssBudget ? kb(cssBudget) : '–').padStart(8)}`;
      rows.set(figures, [...(rows.get(figures) ?? []), page]);
    }
    for (const [figures, pages] of rows) {
      const label = pages.length > 1 ? `${pages[0]} (+${pages.length - 1} alike)` : pages[0]!;
      log(`${app.padEnd(10)} ${label.padEnd(34)} ${figures}`);
    }
  }
  const costs = slotCostsOnPages(manifests);
  if (!costs.length) return;
  log('');
  log(
    "Each contributor's slot code on each host page kind (the header's counter on every page; loaded only while its condition holds):",
  );
  log(
    `${'contributor'.padEnd(11)} ${'host page kind'.padEnd(34)} ${'slots'.padEnd(44)} ${'JS'.padStart(9)} ${'CSS'.padStart(8)}`,
  );
  const alike = new Map<string, string[]>();
  for (const { contributor, host, page, slots, weight } of costs) {
    const figures = `${slots.join(', ').padEnd(44)} ${kb(weight.js).padStart(9)} ${kb(weight.css).padStart(8)}`;
    const key = `${contributor}\t${figures}`;
    alike.set(key, [...(alike.get(key) ?? []), `${host} ${page}`]);
  }
  for (const [key, pages] of alike) {
    const [contributor, figures] = key.split('\t') as [string, string];
    const label = pages.length > 1 ? `${pages[0]} (+${pages.length - 1} alike)` : pages[0]!;
    const budget = weightBudgetOf(WEIGHT_BUDGETS, contributor, SLOT_CONTRIBUTIONS, 'js');
    log(`${contributor.padEnd(11)} ${label.padEnd(34)} ${figures}${budget ? `  (budget ${kb(budget)})` : ''}`);
  }
}
