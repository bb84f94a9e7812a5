/**
 * `npm run test:e2e`: builds every app for production into a dedicated builds folder and runs
 * the Playwright suite against it in Debian's Chromium (the config starts the app server).
 */
import fs from 'node:fs';
import path from 'node:path';
import { buildAndPublish } from './build';
import { APPS, repoRoot } from './lib/paths';
import { prepareEveryBuild } from '../e2e/support/prepared-builds';
import { runCommand, shareServerSettings } from './lib/processes';
import { ensureChromium } from './lib/chromium';
import { ensureDebianPrograms, PDFTOTEXT } from './lib/debian-packages';

const e2eBuildsDir = path.resolve(repoRoot, process.env.E2E_BUILDS_DIR ?? '.tmp/e2e-builds');
const e2eCmsDir = path.resolve(repoRoot, process.env.E2E_CMS_DIR ?? `.tmp/e2e-cms-${process.env.E2E_CMS_PORT ?? 1347}`);

/**
 * Every app built afresh for production into the end-to-end builds folder, then the builds the specs
 * deploy beyond them (e2e/support/prepared-builds.ts).
 */
export async function buildForEndToEnd(): Promise<void> {
  fs.rmSync(e2eBuildsDir, { recursive: true, force: true });
  await buildAndPublish(APPS, e2eBuildsDir);
  await prepareEveryBuild();
}

export async function runEndToEnd(extraArgs: string[] = []): Promise<number> {
  ensureChromium();
  // The pro-forma's PDF is read as a reader of it would: with pdftotext.
  ensureDebianPrograms([PDFTOTEXT]);
  shareServerSettings();
  // E2E_REUSE_BUILDS=1 keeps the builds of the last run: a developer re-running specs after a
  // change to tests or the server only, or `npm test`, which builds them beside jest (`--build-only`).
  // A prepared build that is missing is made by the spec that needs it.
  const reuse = process.env.E2E_REUSE_BUILDS === '1' && fs.existsSync(path.join(e2eBuildsDir, 'live.json'));
  // The CMS under test starts on a fresh database every run.
  fs.rmSync(e2eCmsDir, { recursive: true, force: true });
  fs.mkdirSync(e2eCmsDir, { recursive: true });
  if (!reuse) await buildForEndToEnd();
  return runCommand(
    path.join(repoRoot, 'node_modules/.bin/playwright'),
    ['test', '-c', 'e2e/playwright.config.ts', ...extraArgs],
    {
      cwd: repoRoot,
      env: { ...process.env, E2E_BUILDS_DIR: e2eBuildsDir, E2E_CMS_DIR: e2eCmsDir },
    },
  );
}

if (require.main === module) {
  const args = process.argv.slice(2);
  // `--build-only`: the builds and nothing else (npm test makes them while jest runs).
  (args[0] === '--build-only' ? buildForEndToEnd().then(() => 0) : runEndToEnd(args)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
