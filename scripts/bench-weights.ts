/**
 * What a cold visit to each page kind downloads of each app, as the build measured it (the
 * app manifest's `weights`, mf-build/src/page-weights.ts), beside the weight budget the deploy gate holds it to
 * (data/platform/weight-budgets.json). Page kinds of one app that weigh the same are one row. Part of
 * `npm run bench`, after the builds.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseAppManifest } from '@steel/contract';
import { WEIGHT_BUDGETS, weightBudgetOf } from '@steel/server/weight-budgets';
import { readLive } from '@steel/server/builds-folder';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export async function printPageWeights(buildsDir: string, log: (line: string) => void): Promise<void> {
  const versions = (await readLive(buildsDir))?.versions ?? {};
  log(
    `${'app'.padEnd(10)} ${'page kind'.padEnd(34)} ${'JS'.padStart(9)} ${'budget'.padStart(9)} ${'CSS'.padStart(8)} ${'budget'.padStart(8)}`,
  );
  for (const [app, version] of Object.entries(versions)) {
    if (!version) continue;
    const manifest = parseAppManifest(
      JSON.parse(fs.readFileSync(path.join(buildsDir, app, version, 'app-manifest.json'), 'utf8')),
    );
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
}
