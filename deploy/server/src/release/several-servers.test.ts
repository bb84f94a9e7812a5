/** @jest-environment node */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { buildServer } from '../app';
import { REPO_ROOT, loadConfig } from '../config';
import { addKey } from '../live-set/deploy-keys';
import { startCanary } from './canary';
import { readFailureCounts } from '../shared-state/failure-counts';
import { appendToReleaseLog } from './release-log';
import { addServerEntries, liveFixture, publishMarkedCatalogue, type Fixture } from '../testing/fixtures';

/**
 * Two app servers on one builds folder, as behind a load balancer: a visitor's canary choice, an
 * override, and the counts the health monitor judges are the same whichever server answers.
 */
describe('several app servers on one builds folder', () => {
  let fx: Fixture;
  let other: string;
  let keysFile: string;
  let servers: ReturnType<typeof buildServer>[];

  beforeAll(async () => {
    fx = await liveFixture();
    await addServerEntries(fx);
    other = await publishMarkedCatalogue(fx, 'other');
    keysFile = path.join(fx.root, 'secrets', 'keys.json');
    const env = { BUILDS_DIR: fx.buildsDir, DEPLOY_KEYS_FILE: keysFile, SSR: 'off', HEALTH_MONITOR: 'off' };
    servers = [buildServer(loadConfig(env)), buildServer(loadConfig(env))];
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
    await fx.cleanup();
  });

  const catalogueOn = async (server: ReturnType<typeof buildServer>, cookie?: string) =>
    (await server.inject({ url: '/remotes.json', ...(cookie ? { headers: { cookie } } : {}) })).json<
      Record<string, { version: string }>
    >().catalogue?.version;

  it('serves a canary visitor the same version from either server', async () => {
    await startCanary(fx.buildsDir, 'catalogue', other, 50);
    const seen = new Set<string>();
    for (let visitor = 0; visitor < 40; visitor++) {
      const first = await servers[visitor % 2]!.inject({ url: '/remotes.json' });
      const cookie = String(first.headers['set-cookie']).split(';')[0]!;
      const version = first.json<Record<string, { version: string }>>().catalogue?.version;
      seen.add(version!);
      expect(await catalogueOn(servers[(visitor + 1) % 2]!, cookie)).toBe(version);
    }
    expect(seen).toEqual(new Set([fx.versions.catalogue, other]));
  });

  it('honours an override issued by one server on the other', async () => {
    const key = await addKey({ buildsDir: fx.buildsDir, keysFile }, 'catalogue', 'catalogue-team');
    await appendToReleaseLog(fx.buildsDir, {
      action: 'check',
      app: 'catalogue',
      version: other,
      previous: fx.versions.catalogue,
      gate: 'passed',
      forced: null,
      by: 'catalogue-team',
    });
    const issued = await servers[0]!.inject({
      method: 'POST',
      url: '/_/deploy/catalogue/override',
      headers: { authorization: `Bearer ${key}` },
      payload: { version: other },
    });
    const { cookie } = issued.json<{ cookie: { name: string; value: string } }>();
    // A cohort that the canary does not reach, so only the override can explain the version.
    const outsideCanary = `${cookie.name}=${cookie.value}; steel_cohort=9999`;
    expect(await catalogueOn(servers[1]!, outsideCanary)).toBe(other);
    expect(await catalogueOn(servers[1]!, 'steel_cohort=9999')).toBe(fx.versions.catalogue);
  });

  it('adds up failure counts written by several processes at once', async () => {
    // Two processes, each recording 200 failures in 20 flushes, racing on the one file.
    const script = path.join(fx.root, 'record.ts');
    await fs.writeFile(
      script,
      `import { createFailureRecorder } from ${JSON.stringify(path.join(REPO_ROOT, 'deploy/server/src/shared-state/failure-counts.ts'))};
(async () => {
  const recorder = createFailureRecorder(${JSON.stringify(fx.buildsDir)});
  for (let flush = 0; flush < 20; flush++) {
    for (let i = 0; i < 10; i++) recorder.record('blog', 'b-shared', 'mount');
    await recorder.flush();
  }
})();
`,
    );
    const tsx = path.join(REPO_ROOT, 'node_modules/.bin/tsx');
    await Promise.all([0, 1].map(() => promisify(execFile)(tsx, [script], { cwd: REPO_ROOT })));
    const minutes = (await readFailureCounts(fx.buildsDir))['blog@b-shared'] ?? {};
    expect(Object.values(minutes).reduce((sum, kinds) => sum + (kinds.mount ?? 0), 0)).toBe(400);
  }, 60_000);
});
