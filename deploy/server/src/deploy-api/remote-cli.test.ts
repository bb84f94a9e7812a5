/** @jest-environment node */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildServer } from '../app';
import { loadConfig, REPO_ROOT } from '../config';
import { makeDist, tempDir } from '../testing/fixtures';
import { readLive } from '../live-set/builds-folder';
import { run } from '../release/cli';
import { readReleaseLog } from '../release/release-log';
import { GateRefusal } from '../release/change-live';
import { RemoteError } from '../release/deploy-api-client';
import { storedKeys } from '../live-set/deploy-keys';

describe('deploy CLI, remote mode (--server) against a listening app server', () => {
  let root: string;
  let buildsDir: string;
  let keysFile: string;
  let server: FastifyInstance;
  let url: string;
  let lines: string[];
  const log = (line: string) => lines.push(line);

  beforeAll(async () => {
    root = await tempDir();
    buildsDir = path.join(root, 'builds');
    keysFile = path.join(root, 'keys.json');
    server = buildServer(loadConfig({ BUILDS_DIR: buildsDir, DEPLOY_KEYS_FILE: keysFile }));
    await server.listen({ port: 0, host: '127.0.0.1' });
    const address = server.server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await server.close();
    await fs.rm(root, { recursive: true, force: true });
  });
  beforeEach(() => {
    lines = [];
  });
  /** What the CLI said, without the steps of the jobs it followed. */
  const said = () => lines.filter((line) => !line.startsWith('job ') && !/^ {2}[…•] /.test(line));

  /** `deploy keys add`, as the platform team runs it on the server's machine: the key's one showing. */
  async function newKey(app: string, name: string): Promise<string> {
    await run(['keys', 'add', app, name, '--keys-file', keysFile], log);
    const key = lines.at(-1)!;
    lines = [];
    return key;
  }

  it('creates a key that is stored hashed and printed once', async () => {
    const key = await newKey('panel', 'panel-team');
    expect(key).toMatch(/^steel_deploy_[A-Za-z0-9_-]{43}$/);
    const stored = await fs.readFile(keysFile, 'utf8');
    expect(stored).not.toContain(key);
    expect(await storedKeys({ buildsDir, keysFile })).toEqual([
      {
        name: 'panel-team',
        app: 'panel',
        hash: expect.stringMatching(/^sha256:[0-9a-f]{64}$/),
        createdAt: expect.any(String),
      },
    ]);
    expect((await fs.stat(keysFile)).mode & 0o077).toBe(0);
    await expect(run(['keys', 'add', 'blog', 'panel-team', '--keys-file', keysFile], log)).rejects.toThrow(
      /already exists/,
    );
  });

  it('publishes, activates, checks, reads the release log and status, and rolls back over HTTP', async () => {
    const key = await newKey('blog', 'blog-team');
    const env = { DEPLOY_KEY: key };
    const remote = ['--server', url];
    await run(
      [...remote, 'publish', 'blog', await makeDist(root, 'blog', 'one'), '--activate', '--force', 'fixture builds'],
      log,
      env,
    );
    await run(
      [...remote, 'publish', 'blog', await makeDist(root, 'blog', 'two'), '--activate', '--force', 'fixture builds'],
      log,
      env,
    );
    // Each publish a job the CLI followed to its end, saying so.
    expect(
      lines.filter((line) => /^job \S+ \(publish blog\): follow it with `deploy job blog \S+`/.test(line)),
    ).toHaveLength(2);
    expect(said().join('\n')).toMatch(
      /^Published blog [0-9a-f]{12} \(on http:\/\/127\.0\.0\.1:\d+\)\nThe gate refused blog [0-9a-f]{12}: exposes: .*\nForced live: fixture builds\nActivated blog [0-9a-f]{12} \(was none; gate/,
    );
    const live = await readLive(buildsDir);
    const [one, two] = [live!.rollbackStack!.blog![0]!, live!.versions.blog!];

    // The gate runs remotely too: refused without --force, with the gate's line.
    await expect(run([...remote, 'activate', 'blog', one], log, env)).rejects.toThrow(
      new GateRefusal(
        `The gate refused blog ${one}: exposes: blog does not expose ./app; expose './app': './src/app/lifecycles.tsx' (the single-spa lifecycles)`,
      ),
    );
    await expect(run([...remote, 'check', 'blog', one], log, env)).rejects.toBeInstanceOf(GateRefusal);
    // A version the gate refused is not overridden to either, and locally there is no key to sign with.
    await expect(run([...remote, 'override', 'blog', one], log, env)).rejects.toThrow(
      /409: blog .* has not passed the gate/,
    );
    await expect(run(['override', 'blog', one, '--builds-dir', buildsDir], log, {})).rejects.toThrow(
      /goes through the deploy API/,
    );

    lines = [];
    await run([...remote, 'log'], log, env);
    expect(said().map((line) => line.split(/\s+/)[1])).toEqual([
      'publish',
      'activate',
      'publish',
      'activate',
      'refused',
      'check',
    ]);
    expect(said().every((line) => line.includes('by blog-team'))).toBe(true);

    lines = [];
    await run([...remote, 'status', '--json'], log, env);
    expect(JSON.parse(lines.join('\n'))).toMatchObject({ apps: [{ app: 'blog', live: two, rollbackStack: [one] }] });

    await run([...remote, 'rollback', 'blog'], log, env);
    expect((await readLive(buildsDir))?.versions.blog).toBe(one);
    expect((await readReleaseLog(buildsDir, 'blog')).at(-1)).toMatchObject({
      action: 'rollback',
      version: one,
      previous: two,
      by: 'blog-team',
    });

    // Publishing the same build again stores nothing new.
    lines = [];
    await run([...remote, 'publish', 'blog', await makeDist(root, 'blog', 'one')], log, env);
    expect(said()).toEqual([`Already published blog ${one} (on ${url})`]);
  });

  it('refuses a wrong key, another app, and local-only commands', async () => {
    const key = await newKey('catalogue', 'catalogue-team');
    const dist = await makeDist(root, 'blog', 'three');
    await expect(run(['--server', url, 'publish', 'blog', dist], log, { DEPLOY_KEY: key })).rejects.toThrow(
      new RemoteError(403, '403: The key "catalogue-team" is for catalogue, not blog'),
    );
    await expect(run(['--server', url, '--key', 'steel_deploy_nope', 'status', 'blog'], log, {})).rejects.toThrow(
      /^401: Unknown deploy key/,
    );
    await expect(run(['--server', url, 'status'], log, {})).rejects.toThrow(/needs a key: DEPLOY_KEY/);
    await expect(run(['--server', url, 'prune'], log, { DEPLOY_KEY: key })).rejects.toThrow(/server's machine only/);
    await expect(
      run(['--server', url, 'publish', 'catalogue', path.join(root, 'missing')], log, { DEPLOY_KEY: key }),
    ).rejects.toThrow(/is not a directory/);
  });

  it('a follower that gives up cancels its job before the point of no return: nothing goes live, and it says so', async () => {
    const key = await newKey('blog', 'blog-impatient');
    const env = { DEPLOY_KEY: key };
    const remote = ['--server', url];
    await run([...remote, 'publish', 'blog', await makeDist(root, 'blog', 'patience')], log, env);
    const version = /Published blog (\S+)/.exec(said().join('\n'))![1]!;
    const liveBefore = await readLive(buildsDir);
    // Another process runs a gate meanwhile: the activation waits its turn behind the deploy lock.
    const holder = spawn(
      path.join(REPO_ROOT, 'node_modules/.bin/tsx'),
      [path.join(__dirname, '../testing/hold-deploy-lock.ts'), buildsDir, '20000', path.join(root, 'released')],
      { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const exited = new Promise((resolve) => holder.once('exit', resolve));
    await new Promise<void>((resolve) =>
      holder.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('held') && resolve()),
    );
    // The user gives up (Ctrl+C) once the CLI says the job waits its turn.
    const givingUp = new AbortController();
    lines = [];
    const asked = run(
      [...remote, 'activate', 'blog', version, '--force', 'fixture builds'],
      (line) => {
        lines.push(line);
        if (line.includes('waiting its turn')) givingUp.abort();
      },
      env,
      givingUp.signal,
    );
    await expect(asked).rejects.toThrow(/^Gave up: job \S+ is cancelled before its point of no return/);
    const jobId = /^job (\S+) \(activate blog\)/.exec(lines[0]!)![1]!;
    holder.kill('SIGTERM');
    await exited;
    // Its turn comes (the holder's lock is stale once it died): the job ends there, cancelled, having changed nothing.
    await expect(run([...remote, 'job', 'blog', jobId], log, env)).rejects.toThrow(
      /^409: Cancelled: cancelled before it changed anything/,
    );
    expect(await readLive(buildsDir)).toEqual(liveBefore);
    expect(
      (await readReleaseLog(buildsDir, 'blog'))
        .filter((entry) => entry.version === version)
        .map((entry) => entry.action),
    ).toEqual(['publish']);
  }, 60_000);
});
