/** @jest-environment node */
import { activate } from './live-file-writes';
import { startCanary } from './canary';
import { readLive } from '../live-set/builds-folder';
import { createFailureRecorder } from '../shared-state/failure-counts';
import type { HealthRules } from '../config';
import { judgeReleases, startHealthMonitor } from './health-monitor';
import { readReleaseLog } from './release-log';
import { publish } from './publish';
import { type Fixture, liveFixture, makeDist } from '../testing/fixtures';

const rules: HealthRules = { checkMs: 50, minViews: 20, margin: 0.05, rollbackWindowMs: 60_000 };

describe('release health', () => {
  let fx: Fixture;
  let v2: string;
  beforeEach(async () => {
    fx = await liveFixture();
    v2 = (await publish(fx.buildsDir, 'catalogue', await makeDist(fx.root, 'catalogue', 'v2'))).version;
  });
  afterEach(() => fx.cleanup());

  async function count(version: string, views: number, failures: number) {
    const recorder = createFailureRecorder(fx.buildsDir);
    for (let i = 0; i < views; i++) recorder.record('catalogue', version, 'view');
    for (let i = 0; i < failures; i++) recorder.record('catalogue', version, 'mount');
    await recorder.flush();
  }

  it('aborts a canary failing more than the live version by the margin, once it has enough views', async () => {
    await startCanary(fx.buildsDir, 'catalogue', v2, 20);
    await count(fx.versions.catalogue, 200, 2);
    await count(v2, 19, 10);
    expect(await judgeReleases(fx.buildsDir, rules)).toEqual([]);
    await count(v2, 31, 0);
    const [verdict] = await judgeReleases(fx.buildsDir, rules);
    expect(verdict).toEqual({
      app: 'catalogue',
      action: 'abort',
      version: v2,
      why: expect.stringContaining('canary 20.0% (10 failures in 50 views)'),
    });
    expect(verdict!.why).toContain(`live ${fx.versions.catalogue} 1.0% (2 failures in 200 views)`);
  });

  it('leaves a canary alone while it fails no more than the live version plus the margin', async () => {
    await startCanary(fx.buildsDir, 'catalogue', v2, 20);
    await count(fx.versions.catalogue, 200, 10);
    await count(v2, 100, 9);
    expect(await judgeReleases(fx.buildsDir, rules)).toEqual([]);
  });

  it('rolls back a fresh activation failing more than its predecessor, only within the window', async () => {
    await count(fx.versions.catalogue, 100, 1);
    await activate(fx.buildsDir, 'catalogue', v2);
    await count(v2, 30, 9);
    expect(await judgeReleases(fx.buildsDir, rules)).toEqual([
      {
        app: 'catalogue',
        action: 'rollback',
        version: v2,
        why: expect.stringContaining('new 30.0% (9 failures in 30 views)'),
      },
    ]);
    expect(await judgeReleases(fx.buildsDir, rules, Date.now() + rules.rollbackWindowMs + 1)).toEqual([]);
  });

  it('the monitor acts by itself and records the figures in the release log', async () => {
    await startCanary(fx.buildsDir, 'catalogue', v2, 20);
    await count(v2, 40, 20);
    const warnings: object[] = [];
    let notices = 0;
    const stop = startHealthMonitor(
      fx.buildsDir,
      rules,
      { warn: (details) => warnings.push(details), error: () => {} },
      () => void (notices += 1),
    );
    try {
      for (let i = 0; i < 100 && (await readLive(fx.buildsDir))?.canary?.catalogue; i++)
        await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      stop();
    }
    expect((await readLive(fx.buildsDir))?.canary?.catalogue).toBeUndefined();
    expect((await readLive(fx.buildsDir))?.versions.catalogue).toBe(fx.versions.catalogue);
    const last = (await readReleaseLog(fx.buildsDir, 'catalogue')).at(-1);
    expect(last).toMatchObject({
      action: 'auto-abort',
      version: v2,
      previous: fx.versions.catalogue,
      by: 'health monitor',
      gate: expect.stringContaining('canary 50.0% (20 failures in 40 views)'),
    });
    expect(warnings).toHaveLength(1);
    // One change, one notice to the app servers (every server's monitor judges; only one acts).
    expect(notices).toBe(1);
  });
});
