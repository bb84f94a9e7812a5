/**
 * What every implementation of the platform's state must do (platform-state/platform-state.ts),
 * as one suite each implementation's test file runs: two instances on one backing store (two app
 * servers, or a server and the CLI) — what one writes the other reads, hears of and waits for.
 */
import { LockTimeout, type GateReport, type LiveState, type PlatformState } from '../platform-state/platform-state';
import { seededApps } from '../platform-state/documents';
import { newJobId, type JobRecord } from '../platform-state/job-store';
import { waitFor } from './redis-states';

export interface StatePair {
  a: PlatformState;
  b: PlatformState;
}

/**
 * `open` gives two fresh instances on one new, empty backing store; `lockWaitMs` makes a deploy
 * lock give up that soon (for the wait's own test).
 */
export type OpenStates = (options?: { lockWaitMs?: number }) => Promise<StatePair>;

export function platformStateContract(open: OpenStates): void {
  let pair: StatePair;
  const opened: StatePair[] = [];
  const fresh = async (options?: { lockWaitMs?: number }) => {
    const next = await open(options);
    opened.push(next);
    return next;
  };
  beforeEach(async () => {
    pair = await fresh();
  });
  afterEach(async () => {
    for (const { a, b } of opened.splice(0)) {
      await a.close();
      await b.close();
    }
  });

  const live: LiveState = {
    versions: { shell: 'shell111', blog: 'blog2222' },
    updatedAt: 1_700_000_000_000,
    rollbackStack: { blog: ['blog0000', 'blog1111'] },
    activatedAt: { shell: 1_699_000_000_000, blog: 1_700_000_000_000 },
    canary: { blog: { version: 'blog3333', percent: 10, startedAt: 1_700_000_100_000 } },
  };

  it('starts with the seeded apps and no live set', async () => {
    expect(await pair.a.apps.read()).toEqual(seededApps());
    expect(await pair.b.live.read()).toBeNull();
    expect(await pair.a.releaseLog.read()).toEqual([]);
    expect(await pair.a.keys.read()).toEqual([]);
  });

  it('reads through one instance the live set and apps the other wrote, and hears of the change', async () => {
    const heard: string[] = [];
    pair.b.onChange(() => heard.push('b'));
    const before = await pair.b.changeMark();
    await pair.a.live.write(live);
    expect(await pair.b.live.read()).toEqual(live);
    await waitFor(async () => heard.length > 0 && (await pair.b.changeMark()) !== before);

    const apps = [
      ...seededApps(),
      {
        name: 'guides',
        paths: ['/guides/**'],
        owner: 'guides-team',
        addedAt: '2026-11-29T08:00:00.000Z',
        addedBy: 'ops',
      },
    ];
    const seen = heard.length;
    const mark = await pair.b.changeMark();
    await pair.a.apps.write(apps);
    expect(await pair.b.apps.read()).toEqual(apps);
    await waitFor(async () => heard.length > seen && (await pair.b.changeMark()) !== mark);
  });

  it('keeps deploy keys by name: one of a name, removed once', async () => {
    const key = {
      name: 'blog-team',
      app: 'blog',
      hash: `sha256:${'a'.repeat(64)}`,
      createdAt: '2026-11-29T08:00:00.000Z',
    };
    expect(await pair.a.keys.add(key)).toBe(true);
    expect(await pair.b.keys.add({ ...key, hash: `sha256:${'b'.repeat(64)}` })).toBe(false);
    expect(await pair.b.keys.add({ name: 'platform', app: 'platform', hash: `sha256:${'c'.repeat(64)}` })).toBe(true);
    expect(await pair.b.keys.read()).toEqual([
      key,
      { name: 'platform', app: 'platform', hash: `sha256:${'c'.repeat(64)}` },
    ]);
    expect(await pair.b.keys.remove('blog-team')).toBe(true);
    expect(await pair.a.keys.remove('blog-team')).toBe(false);
    expect((await pair.a.keys.read()).map((record) => record.name)).toEqual(['platform']);
  });

  it('keeps every release-log line both instances append, in order per writer, filtered by app', async () => {
    const line = (app: string, version: string, by: string) => ({
      action: 'publish' as const,
      app,
      version,
      previous: null,
      gate: 'not run (a publish)',
      forced: null,
      by,
    });
    await Promise.all(
      [pair.a, pair.b].map(async (state, writer) => {
        for (let i = 0; i < 15; i++)
          await state.releaseLog.append(line(i % 2 ? 'blog' : 'shell', `v${writer}-${i}`, `w${writer}`));
      }),
    );
    const all = await pair.a.releaseLog.read();
    expect(all).toHaveLength(30);
    for (const writer of ['w0', 'w1'])
      expect(all.filter((entry) => entry.by === writer).map((entry) => entry.version)).toEqual(
        Array.from({ length: 15 }, (_, i) => `v${writer.slice(1)}-${i}`),
      );
    expect((await pair.b.releaseLog.read('blog')).every((entry) => entry.app === 'blog')).toBe(true);
    expect(await pair.b.releaseLog.read('blog')).toHaveLength(14);
    const given = { ...line('blog', 'vgiven', 'ops'), at: '2026-01-02T03:04:05.000Z' };
    await pair.b.releaseLog.append(given);
    expect((await pair.a.releaseLog.read('blog')).at(-1)).toEqual(given);
  });

  it('adds the counts of both instances into one total and forgets minutes older than a day', async () => {
    const minute = Math.floor(Date.now() / 60_000) * 60_000;
    await Promise.all([
      pair.a.counts.add({ 'blog@v1': { [minute]: { view: 3, load: 1 } } }),
      pair.b.counts.add({ 'blog@v1': { [minute]: { view: 2 } }, 'shell@s1': { [minute]: { view: 1 } } }),
    ]);
    await pair.a.counts.add({ 'blog@v1': { [minute - 2 * 24 * 60 * 60_000]: { view: 7 } } });
    expect(await pair.b.counts.read()).toEqual({
      'blog@v1': { [minute]: { view: 5, load: 1 } },
      'shell@s1': { [minute]: { view: 1 } },
    });
  });

  it('keeps the latest time a page pinned each version', async () => {
    await pair.a.servedVersions.record({ 'blog@v1': 2000, 'shell@s1': 1000 });
    await pair.b.servedVersions.record({ 'blog@v1': 1500, 'shell@s1': 3000 });
    expect(await pair.a.servedVersions.read()).toEqual({ 'blog@v1': 2000, 'shell@s1': 3000 });
  });

  it("replaces a version's gate report and screenshots, keeps its figures, and forgets both", async () => {
    const report: GateReport = {
      at: '2026-11-29T08:00:00.000Z',
      rules: [{ name: 'schema', passed: true }],
      pages: [
        { kind: 'render', url: '/blog', shot: false },
        { kind: 'mount', url: '/blog', shot: true },
      ],
    };
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3]);
    await pair.a.gate.writeReport('blog', 'v1', report, new Map([[1, png]]));
    expect(await pair.b.gate.readReport('blog', 'v1')).toEqual(report);
    expect(await pair.b.gate.readShot('blog', 'v1', 1)).toEqual(png);
    const again: GateReport = { ...report, pages: [{ kind: 'mount', url: '/blog/a', shot: true }] };
    await pair.b.gate.writeReport('blog', 'v1', again, new Map([[0, png]]));
    expect(await pair.a.gate.readReport('blog', 'v1')).toEqual(again);
    expect(await pair.a.gate.readShot('blog', 'v1', 1)).toBeNull();
    expect(await pair.a.gate.readShot('blog', 'v1', 0)).toEqual(png);

    await pair.a.gate.writeFigures('blog', 'v1', { '/blog': { blockingMs: 120 } });
    expect(await pair.b.gate.readFigures('blog', 'v1')).toEqual({ '/blog': { blockingMs: 120 } });
    expect(await pair.b.gate.readFigures('blog', 'v2')).toBeNull();
    // Listed whether it has a report, figures or both.
    await pair.a.gate.writeFigures('shell', 's1', { '/': { blockingMs: 40 } });
    await pair.b.gate.writeReport('blog', 'v0', report, new Map());
    expect(await pair.a.gate.list()).toEqual([
      { app: 'blog', version: 'v0' },
      { app: 'blog', version: 'v1' },
      { app: 'shell', version: 's1' },
    ]);
    await pair.b.gate.forget('blog', 'v1');
    expect(await pair.b.gate.list()).toEqual([
      { app: 'blog', version: 'v0' },
      { app: 'shell', version: 's1' },
    ]);
    expect(await pair.a.gate.readReport('blog', 'v1')).toBeNull();
    expect(await pair.a.gate.readShot('blog', 'v1', 0)).toBeNull();
    expect(await pair.a.gate.readFigures('blog', 'v1')).toBeNull();
  });

  const job = (app: string, overrides: Partial<JobRecord> = {}): JobRecord => ({
    id: newJobId(),
    kind: 'publish',
    app,
    by: 'blog-team',
    request: { activate: true },
    state: 'running',
    step: 'started',
    revision: 1,
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
    finishedAt: null,
    committing: false,
    done: [],
    cancelRequested: false,
    result: null,
    error: null,
    runner: '1@server-a',
    heartbeatAt: Date.now(),
    ...overrides,
  });

  it("follows through one instance a job the other runs, and the runner reads the other's cancel", async () => {
    const started = job('blog');
    await pair.a.jobs.create(started);
    expect(await pair.b.jobs.read(started.id)).toEqual(started);
    // A cancel asked through server b while server a writes its steps: both changes stay.
    await Promise.all([
      ...Array.from({ length: 10 }, (_, step) =>
        pair.a.jobs.update(started.id, (record) => ({
          ...record,
          revision: record.revision + 1,
          step: `step ${step}`,
        })),
      ),
      pair.b.jobs.update(started.id, (record) => ({ ...record, revision: record.revision + 1, cancelRequested: true })),
    ]);
    const seen = await pair.a.jobs.read(started.id);
    expect(seen).toMatchObject({ revision: 12, cancelRequested: true });
    expect(await pair.b.jobs.read(started.id)).toEqual(seen);
    await expect(pair.b.jobs.update('mx0000-000000000000', (record) => record)).rejects.toThrow('No job');
    expect(await pair.a.jobs.read('../not-an-id')).toBeNull();
  });

  it("lists an app's jobs newest first and forgets only finished ones older than asked", async () => {
    const long = new Date(Date.now() - 3_600_000).toISOString();
    const old = job('blog', {
      id: `${(Date.now() - 3_000).toString(36)}-${'a'.repeat(12)}`,
      state: 'succeeded',
      updatedAt: long,
    });
    const oldRunning = job('blog', { id: `${(Date.now() - 2_000).toString(36)}-${'b'.repeat(12)}`, updatedAt: long });
    const recent = job('blog', { id: `${(Date.now() - 1_000).toString(36)}-${'c'.repeat(12)}`, state: 'failed' });
    const other = job('panel');
    for (const record of [old, oldRunning, recent, other]) await pair.a.jobs.create(record);
    expect((await pair.b.jobs.list('blog', 10)).map((record) => record.id)).toEqual([recent.id, oldRunning.id, old.id]);
    expect((await pair.b.jobs.list('blog', 1)).map((record) => record.id)).toEqual([recent.id]);
    await pair.b.jobs.forget(Date.now() - 60_000);
    expect(await pair.a.jobs.read(old.id)).toBeNull();
    expect((await pair.a.jobs.list('blog', 10)).map((record) => record.id)).toEqual([recent.id, oldRunning.id]);
    expect((await pair.a.jobs.list('panel', 10)).map((record) => record.id)).toEqual([other.id]);
  });

  it('lets one instance at a time hold the deploy lock, in the order asked, and frees it when the holder throws', async () => {
    const events: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const first = pair.a.withDeployLock(async () => {
      events.push('a in');
      await held;
      events.push('a out');
    });
    await waitFor(async () => events.includes('a in'));
    const second = pair.b.withDeployLock(async () => {
      events.push('b in');
      throw new Error('the holder failed');
    });
    const third = pair.b.withDeployLock(async () => {
      events.push('b again');
      return 'done';
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(events).toEqual(['a in']);
    release();
    await first;
    await expect(second).rejects.toThrow('the holder failed');
    await expect(third).resolves.toBe('done');
    expect(events).toEqual(['a in', 'a out', 'b in', 'b again']);
    await expect(pair.a.withDeployLock(async () => 'free again')).resolves.toBe('free again');
  });

  it('gives up waiting for a deploy lock another instance holds past the wait', async () => {
    const short = await fresh({ lockWaitMs: 300 });
    let release!: () => void;
    const held = short.a.withDeployLock(() => new Promise<void>((resolve) => (release = resolve)));
    await new Promise((resolve) => setTimeout(resolve, 100));
    await expect(short.b.withDeployLock(async () => 'never')).rejects.toBeInstanceOf(LockTimeout);
    release();
    await held;
  });
}
