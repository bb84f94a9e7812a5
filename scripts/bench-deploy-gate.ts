/**
 * The deploy gate's time per app: every rule (manifest, files and digests, contract, shared
 * ranges, pages, smoke render, smoke mount in Chromium) run on each app's live version, as a
 * team's `deploy check` would. Part of `npm run bench`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { checkVersion } from '@steel/server/gate';
import { APPS } from './lib/paths';

export async function benchDeployGate(options: { buildsDir: string; cmsUrl: string; port: number; log: (line: string) => void }): Promise<void> {
  const live = JSON.parse(fs.readFileSync(path.join(options.buildsDir, 'live.json'), 'utf8')) as Record<string, string>;
  const env = { ...process.env, NODE_ENV: 'production', CMS_PUBLIC_URL: options.cmsUrl, CMS_INTERNAL_URL: options.cmsUrl, DEPLOY_GATE_PORT: String(options.port), LOG_LEVEL: 'warn' };
  for (const app of APPS) {
    const version = live[app];
    if (!version) continue;
    const result = await checkVersion(options.buildsDir, app, version, { env });
    options.log(`${app.padEnd(10)} ${(result.ms / 1000).toFixed(1)} s  ${result.refusal ? `refused: ${result.refusal}` : 'passed'}`);
  }
}
