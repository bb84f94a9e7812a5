/**
 * The inquiry team's remote (mf-inquiry) on the site `npm start` serves, put there the way the
 * platform team and the inquiry team would (docs/guide-working-on-the-platform.md, "Deploying from this repository"): the platform registers the app
 * (`deploy apps add`) and gives the team a key (`deploy keys add`); the team builds its remote and
 * deploys it over HTTP with that key, through the gate (`deploy publish --activate --server`).
 * The inquiry app is not in the seeded registry (data/platform/apps.json) because it joins a
 * running site on its own; this only saves a newcomer doing those steps by hand.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { run as deploy } from '@steel/server/deploy-cli';
import { readLive } from '@steel/server/builds-folder';
import { ensureChromium } from './chromium';
import { buildApp } from './webpack-build';
import { INQUIRY, inquiryStep } from './inquiry-step';

function readRegistry(buildsDir: string): Array<{ name: string }> | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(buildsDir, 'apps.json'), 'utf8')) as Array<{ name: string }>;
  } catch {
    return null;
  }
}

/**
 * Registers (when the folder is new to it), builds and deploys the inquiry app to the site at
 * `siteUrl` with a key of its own, printing each step. A failure is said with how to try again;
 * the site keeps running without the app.
 */
export async function putInquiryAppLive(options: { buildsDir: string; siteUrl: string }): Promise<void> {
  const { buildsDir, siteUrl } = options;
  const step = inquiryStep({
    registry: readRegistry(buildsDir),
    liveVersion: (await readLive(buildsDir))?.versions[INQUIRY.name] ?? null,
  });
  if (step === 'nothing') return;
  const env = { ...process.env, BUILDS_DIR: buildsDir };
  const said = (line: string) => console.log(`  ${line}`);
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'steel-inquiry-dist-'));
  let keyName: string | null = null;
  try {
    console.log("\nThe inquiry team's app (basket, quotes, pro-forma, alerts, compare) joins the site:");
    if (step === 'register-and-deploy')
      await deploy(['apps', 'add', INQUIRY.name, '--paths', INQUIRY.paths, '--owner', INQUIRY.team], said, env);
    // A key of the team's own, for this deploy only (revoked below).
    const lines: string[] = [];
    const name = `${INQUIRY.team}.${new Date().toISOString().slice(0, 19).replace(/[-:T]/g, '')}`;
    await deploy(['keys', 'add', INQUIRY.name, name], (line) => lines.push(line), env);
    keyName = name;
    const key = lines.find((line) => line.startsWith('steel_deploy_'));
    if (!key) throw new Error(`no key in: ${lines.join(' ')}`);
    said(`key "${name}" for the inquiry team, for this deploy`);
    process.stdout.write('  building mf-inquiry… ');
    console.log(`${((await buildApp(INQUIRY.name, { dist })) / 1000).toFixed(1)} s`);
    // The gate's smoke tests open the pages in Debian's Chromium.
    ensureChromium();
    said('publishing and activating through the gate (about a minute)…');
    await deploy(['publish', INQUIRY.name, dist, '--activate', '--server', siteUrl], said, { ...env, DEPLOY_KEY: key });
  } catch (error) {
    console.warn(
      `\nThe inquiry app is not live: ${error instanceof Error ? error.message : String(error)}\n` +
        'The site runs without it; the next npm start tries again (docs/guide-working-on-the-platform.md, "Deploying from this repository", has the steps by hand).',
    );
  } finally {
    fs.rmSync(dist, { recursive: true, force: true });
    // Nobody holds the key (it is never printed), so it goes once the deploy ends: keys do not pile
    // up at each start, and the folder stays the developer's own — with a key configured it would be
    // a site teams deploy to, where `npm run build` may not make a refused build live
    // (deploy/server/src/release/site-record.ts).
    if (keyName) await deploy(['keys', 'remove', keyName], () => {}, env).catch(() => {});
  }
}
