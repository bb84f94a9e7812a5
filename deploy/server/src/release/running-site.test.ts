/** @jest-environment node */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../config';
import { RUNNING_SITE_FILE, recordRunningSite, withRunningSiteSettings } from './running-site';

describe("the deploy CLI reads the running site's settings", () => {
  let buildsDir: string;
  beforeEach(() => {
    buildsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'steel-running-site-'));
  });
  afterEach(() => fs.rmSync(buildsDir, { recursive: true, force: true }));

  const recordFor = (env: Record<string, string>) =>
    recordRunningSite(loadConfig({ BUILDS_DIR: buildsDir, ...env }), env);

  it("fills in the CMS and gate port of the server running on the builds folder; the caller's environment wins", async () => {
    await recordFor({
      CMS_PUBLIC_URL: 'http://127.0.0.1:1480/api',
      SITE_URL: 'http://localhost:8380',
      DEPLOY_GATE_PORT: '8399',
    });
    expect(await withRunningSiteSettings(buildsDir, {})).toEqual({
      CMS_PUBLIC_URL: 'http://127.0.0.1:1480/api',
      CMS_INTERNAL_URL: 'http://127.0.0.1:1480/api',
      SITE_URL: 'http://localhost:8380',
      DEPLOY_GATE_PORT: '8399',
    });
    expect(
      (await withRunningSiteSettings(buildsDir, { CMS_INTERNAL_URL: 'http://cms:1337/api', DEPLOY_GATE_PORT: '' }))
        .CMS_INTERNAL_URL,
    ).toBe('http://cms:1337/api');
    // No secret is written beside the builds.
    expect(fs.readFileSync(path.join(buildsDir, RUNNING_SITE_FILE), 'utf8')).not.toMatch(/secret|key/i);
  });

  it('leaves the environment alone when no server runs there, or the one that wrote it has stopped', async () => {
    expect(await withRunningSiteSettings(buildsDir, { A: '1' })).toEqual({ A: '1' });
    await recordFor({ CMS_PUBLIC_URL: 'http://127.0.0.1:1480/api' });
    const file = path.join(buildsDir, RUNNING_SITE_FILE);
    // A pid no process has (the kernel's maximum is far below it).
    fs.writeFileSync(file, JSON.stringify({ ...JSON.parse(fs.readFileSync(file, 'utf8')), pid: 2 ** 30 }));
    expect(await withRunningSiteSettings(buildsDir, { A: '1' })).toEqual({ A: '1' });
  });
});
