/** @jest-environment node */
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import Fastify from 'fastify';
import { tempDir } from '../testing/fixtures';
import { fileJobStore } from '../platform-state/folder-jobs';
import { createJobs, JobNotCancellable } from '../release/jobs/jobs';
import { deployJobs } from './deploy-jobs';

describe('deploy jobs', () => {
  let root: string;
  beforeEach(async () => {
    root = await tempDir();
  });
  afterEach(async () => {
    await fs.rm(root, { recursive: true, force: true });
  });

  const asked = { kind: 'activate' as const, app: 'blog', by: 'blog-team', request: { version: 'abcdef012345' } };

  it('starts no job for a client that left before it was told of it', async () => {
    const service = deployJobs({
      buildsDir: root,
      keys: { buildsDir: root, keysFile: path.join(root, 'keys.json'), keys: [] },
      announceLiveChange: async () => {},
      announceKeysRevoked: async () => {},
      announceStored: async () => {},
      log: Fastify({ logger: false }).log,
    });
    let ran = false;
    // Resolved by the server itself, so a loaded machine that is slow to take the request in cannot
    // make the test read a job that was never created.
    let jobCreated!: () => void;
    const created = new Promise<void>((resolve) => (jobCreated = resolve));
    let server!: http.Server;
    const recorded = new Promise<string>((resolveRecorded, rejectRecorded) => {
      server = http.createServer((request, response) => {
        (async () => {
          const { record } = await service.jobs.create(asked);
          jobCreated();
          // The client is gone before the answer could reach it (a proxy that gave up, a cut line).
          if (!request.socket.destroyed) await new Promise((resolve) => request.socket.once('close', resolve));
          service.startWhenTold(response, record, async () => {
            ran = true;
            return {};
          });
          response.end('{}');
          return record.id;
        })().then(resolveRecorded, rejectRecorded);
      });
    });
    try {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as { port: number };
      const client = http.request({ port, host: '127.0.0.1', method: 'POST', path: '/' });
      client.on('error', () => {});
      client.end();
      await created;
      client.destroy();
      const id = await recorded;
      for (let tries = 0; tries < 500 && (await service.jobs.read(id))?.state === 'queued'; tries++)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await service.jobs.read(id)).toMatchObject({
        state: 'cancelled',
        done: [],
        error: { status: 499, message: expect.stringMatching(/^The client left before it was told of the job/) },
      });
      expect(ran).toBe(false);
    } finally {
      // Closed whatever happened above: a server left listening keeps jest from exiting.
      service.stop();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('a cancel before the point of no return ends the job there; after it, the cancel is refused and the change stands', async () => {
    const jobs = createJobs({ store: fileJobStore(root), describeFailure: () => null });
    const written: string[] = [];

    // Cancelled while it waits: its write never happens.
    const first = (await jobs.create(asked)).record;
    let letGo!: () => void;
    const waiting = new Promise<void>((resolve) => (letGo = resolve));
    const running = jobs.run(first.id, async (context) => {
      await context.step('waiting its turn');
      await waiting;
      await context.commit('blog abcdef012345 live', async () => written.push('first'));
      return {};
    });
    await jobs.cancel(first.id, 'blog-team');
    letGo();
    expect(await running).toMatchObject({ state: 'cancelled', done: [], error: { status: 409 } });
    expect(written).toEqual([]);

    // Cancelled while it writes: refused, and the job ends as it would have.
    const second = (await jobs.create({ ...asked, request: { version: '0123456789ab' } })).record;
    let cancelled: unknown = null;
    const done = await jobs.run(second.id, async (context) => {
      await context.commit('blog 0123456789ab live', async () => {
        cancelled = await jobs.cancel(second.id, 'blog-team').catch((error: unknown) => error);
        written.push('second');
      });
      return { version: '0123456789ab' };
    });
    expect(cancelled).toBeInstanceOf(JobNotCancellable);
    expect(String((cancelled as Error).message)).toMatch(/^Too late to cancel/);
    expect(done).toMatchObject({
      state: 'succeeded',
      done: ['blog 0123456789ab live'],
      result: { version: '0123456789ab' },
    });
    expect(written).toEqual(['second']);
    jobs.stop();
  });

  it('settles a job whose server died: nothing changed unless it had passed its point of no return, and says which', async () => {
    const store = fileJobStore(root);
    const dead = createJobs({ store, describeFailure: () => null });
    const waiting = (await dead.create(asked)).record;
    const writing = (await dead.create({ ...asked, request: { version: '0123456789ab' } })).record;
    dead.stop();
    // Another server reads them after their runner stopped saying it was alive.
    const silent = Date.now() - 60_000;
    await store.update(waiting.id, (record) => ({ ...record, state: 'running', heartbeatAt: silent }));
    await store.update(writing.id, (record) => ({
      ...record,
      state: 'running',
      committing: true,
      step: 'writing: blog 0123456789ab live',
      heartbeatAt: silent,
    }));
    const other = createJobs({ store, describeFailure: () => null });
    expect(await other.read(waiting.id)).toMatchObject({
      state: 'failed',
      error: { status: 503, message: expect.stringMatching(/stopped before it changed anything: ask again$/) },
    });
    expect(await other.read(writing.id)).toMatchObject({
      state: 'failed',
      error: {
        message: expect.stringMatching(
          /stopped while it was writing \(writing: blog 0123456789ab live\): see `deploy status blog`/,
        ),
      },
    });
    other.stop();
    expect((await fs.readdir(path.join(root, '.jobs'))).filter((name) => name.endsWith('.json'))).toHaveLength(2);
  });
});
