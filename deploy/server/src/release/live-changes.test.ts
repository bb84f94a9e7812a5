/** @jest-environment node */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { LOCAL_BUILD_REASON, publishAndActivate } from '../../../../scripts/lib/publish';
import { buildServer } from '../app';
import { REPO_ROOT, loadConfig } from '../config';
import { createSharedState } from '../shared-state/create-shared-state';
import type { SharedState } from '../shared-state/shared-state';
import { makeDist } from '../testing/fixtures';
import { foldersPerTest } from '../testing/builds-dir';
import { startTestRedis, type TestRedis } from '../testing/redis-server';
import { addKey } from '../live-set/deploy-keys';
import { readLive } from '../live-set/builds-folder';
import { run } from './cli';
import { passedGate, readReleaseLog } from './release-log';
import { changeLive } from './change-live';
import { publishVersion } from './publish';
import { settled } from '../testing/deploy-jobs';

/**
 * One way to change what is live (change-live.ts, `changeLive`): whoever asks — the deploy API, the
 * CLI, the health monitor, `npm run build` — gets the same rules, one release-log line per change, one
 * notice to the app servers per change, and nothing at all for a change that changes nothing.
 */
describe('changing the live set', () => {
  const folders = foldersPerTest();

  const published = async (tag: string) =>
    (await publishVersion(folders.buildsDir, 'blog', await makeDist(folders.root, 'blog', tag))).version;
  const until = async (condition: () => boolean) => {
    for (let i = 0; i < 400 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 25));
  };

  describe('through the deploy API, with the app servers on one Redis', () => {
    let redis: TestRedis;
    let server: FastifyInstance;
    let otherServer: SharedState;
    let notices: number;
    let key: string;

    beforeEach(async () => {
      redis = await startTestRedis();
      const env = {
        BUILDS_DIR: folders.buildsDir,
        DEPLOY_KEYS_FILE: path.join(folders.root, 'keys.json'),
        REDIS_URL: redis.url,
        HEALTH_MONITOR: 'off',
        SSR: 'off',
      };
      key = await addKey({ buildsDir: folders.buildsDir, keysFile: env.DEPLOY_KEYS_FILE }, 'blog', 'blog-team');
      server = buildServer(loadConfig(env));
      // What another app server hears: the notices that make it reread live.json and tell its tabs.
      otherServer = createSharedState(loadConfig(env));
      notices = 0;
      otherServer.onNotice((notice) => {
        if (notice.kind === 'live') notices += 1;
      });
      await server.ready();
    });
    afterEach(async () => {
      await server.close();
      await otherServer.close();
      await redis.stop();
    });

    // Each call as its client sees it once its job has ended.
    const post = async (url: string, payload: Record<string, unknown>) =>
      settled(
        server,
        await server.inject({
          method: 'POST',
          url: `/_/deploy/blog/${url}`,
          headers: { authorization: `Bearer ${key}` },
          payload,
        }),
        key,
      );

    it('a replayed activation or canary changes nothing: no gate, no release-log line, no notice', async () => {
      const [a, b] = [await published('a'), await published('b')];
      expect((await post('activate', { version: a, force: 'fixture builds' })).json()).toMatchObject({ changed: true });
      await until(() => notices >= 1);
      const liveFile = await fs.readFile(path.join(folders.buildsDir, 'live.json'), 'utf8');
      const lines = (await readReleaseLog(folders.buildsDir)).length;

      // Unforced: had the gate run, the fixture build would be refused (422 and a `refused` line).
      const replay = await post('activate', { version: a });
      expect([replay.statusCode, replay.json()]).toEqual([
        200,
        {
          app: 'blog',
          version: a,
          previous: a,
          changed: false,
          gate: 'not run (already live)',
          forced: null,
          gateMs: 0,
        },
      ]);
      // The local CLI replaying it: the same.
      const said: string[] = [];
      await run(['activate', 'blog', a, '--builds-dir', folders.buildsDir], (line) => said.push(line));
      expect(said).toEqual([`blog ${a} was already live`]);
      expect(await fs.readFile(path.join(folders.buildsDir, 'live.json'), 'utf8')).toBe(liveFile);
      expect(await readReleaseLog(folders.buildsDir)).toHaveLength(lines);

      // A canary, then the same canary again: the second changes nothing either.
      expect((await post('canary', { version: b, percent: 10, force: 'fixture builds' })).json()).toMatchObject({
        changed: true,
        live: a,
      });
      const canaryFile = await fs.readFile(path.join(folders.buildsDir, 'live.json'), 'utf8');
      expect((await post('canary', { version: b, percent: 10 })).json()).toMatchObject({
        changed: false,
        gate: 'not run (already the canary)',
      });
      expect(await fs.readFile(path.join(folders.buildsDir, 'live.json'), 'utf8')).toBe(canaryFile);
      expect((await readReleaseLog(folders.buildsDir)).map((entry) => entry.action).slice(lines)).toEqual(['canary']);

      // Notices arrive in the order they were sent: by the time the abort's arrives, a notice for
      // either replay would have arrived too.
      expect((await post('canary/abort', {})).statusCode).toBe(200);
      await until(() => notices >= 3);
      expect(notices).toBe(3);
    });
  });

  it("npm run build's publishing makes a build live with its release-log lines, recorded as a local build; the same build again adds none", async () => {
    const warnings = jest.spyOn(console, 'warn').mockImplementation(() => {});
    const one = await makeDist(folders.root, 'blog', 'one');
    const first = await publishAndActivate(folders.buildsDir, 'blog', one);
    expect((await readLive(folders.buildsDir))?.versions.blog).toBe(first);
    // A fixture build fails the static rules (it exposes no ./app): recorded, and live anyway.
    expect(await readReleaseLog(folders.buildsDir)).toEqual([
      expect.objectContaining({ action: 'publish', app: 'blog', version: first }),
      expect.objectContaining({
        action: 'activate',
        app: 'blog',
        version: first,
        previous: null,
        gate: expect.stringMatching(/^exposes: blog does not expose/),
        forced: LOCAL_BUILD_REASON,
      }),
    ]);

    expect(await publishAndActivate(folders.buildsDir, 'blog', one)).toBe(first);
    expect(await readReleaseLog(folders.buildsDir)).toHaveLength(2);

    const second = await publishAndActivate(folders.buildsDir, 'blog', await makeDist(folders.root, 'blog', 'two'));
    expect((await readReleaseLog(folders.buildsDir)).at(-1)).toMatchObject({
      action: 'activate',
      version: second,
      previous: first,
      forced: LOCAL_BUILD_REASON,
    });
    // No local build reads as having passed the gate: an override still needs a `deploy check`.
    expect(await passedGate(folders.buildsDir, 'blog', second)).toBe(false);
    // The developer is told of the refusal too.
    expect(warnings.mock.calls.map(([line]) => String(line))).toEqual([
      expect.stringContaining(`blog ${first}: the gate's static rules refuse it (exposes:`),
      expect.stringContaining(`blog ${second}:`),
    ]);
    warnings.mockRestore();
  });

  it('release-log lines read the right way round for every action', async () => {
    const [a, b, c] = [await published('a'), await published('b'), await published('c')];
    const cli = (...args: string[]) => run([...args, '--builds-dir', folders.buildsDir], () => {});
    await cli('activate', 'blog', a, '--force', 'fixture builds');
    await cli('canary', 'blog', b, '20', '--force', 'fixture builds');
    await cli('promote', 'blog');
    await cli('canary', 'blog', c, '20', '--force', 'fixture builds');
    await cli('abort', 'blog');
    await cli('rollback', 'blog');
    // The health monitor's moves, as it makes them.
    await cli('activate', 'blog', b, '--force', 'fixture builds');
    await cli('canary', 'blog', c, '20', '--force', 'fixture builds');
    await changeLive(
      folders.buildsDir,
      'blog',
      { action: 'abort', expectedVersion: c, why: 'health: canary worse' },
      { by: 'health monitor' },
    );
    await changeLive(
      folders.buildsDir,
      'blog',
      { action: 'rollback', expectedVersion: b, why: 'health: new worse' },
      { by: 'health monitor' },
    );

    const lines: string[] = [];
    await run(['log', 'blog', '--builds-dir', folders.buildsDir], (line) => lines.push(line));
    const said = lines
      .filter((line) => !/ publish /.test(line))
      .map((line) => /^\S+\s+(\S+)\s+blog\s+(.*?) {2}by /.exec(line)?.slice(1).join(' '));
    expect(said).toEqual([
      `activate ${a} live (was nothing)`,
      `canary ${b} as a canary (${a} stays live for the rest)`,
      `promote ${b} live (was ${a})`,
      `canary ${c} as a canary (${b} stays live for the rest)`,
      `abort canary ${c} aborted (${b} stays live)`,
      `rollback ${a} live (was ${b})`,
      `activate ${b} live (was ${a})`,
      `canary ${c} as a canary (${b} stays live for the rest)`,
      `auto-abort canary ${c} aborted (${b} stays live)`,
      `auto-rollback ${a} live (was ${b})`,
    ]);
  });

  describe('the CLI with its output piped into a reader that closes early (`deploy status | head`)', () => {
    /** The CLI as a process whose stdout's reader is gone before it writes a line. */
    function cliIntoClosedPipe(args: string[]): Promise<{ code: number | null; stderr: string }> {
      const child = spawn(
        path.join(REPO_ROOT, 'node_modules/.bin/tsx'),
        ['deploy/server/src/release/cli.ts', ...args, '--builds-dir', folders.buildsDir],
        { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      child.stdout.destroy();
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      return new Promise((resolve) => child.once('close', (code) => resolve({ code, stderr })));
    }

    it('ends quietly with exit 0', async () => {
      await run(
        ['activate', 'blog', await published('a'), '--force', 'fixture builds', '--builds-dir', folders.buildsDir],
        () => {},
      );
      const { code, stderr } = await cliIntoClosedPipe(['status']);
      expect(stderr).not.toMatch(/EPIPE|Error/);
      expect(code).toBe(0);
    }, 30_000);

    it('still finishes what it was asked: a publish with --activate is live', async () => {
      const { code, stderr } = await cliIntoClosedPipe([
        'publish',
        'blog',
        await makeDist(folders.root, 'blog', 'a'),
        '--activate',
        '--force',
        'fixture builds',
      ]);
      expect([code, stderr]).toEqual([0, '']);
      expect((await readReleaseLog(folders.buildsDir)).map((entry) => entry.action)).toEqual(['publish', 'activate']);
      expect((await readLive(folders.buildsDir))?.versions.blog).toMatch(/^[0-9a-f]{12}$/);
    }, 30_000);
  });
});
