/** @jest-environment node */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { REMOTE_FAILURE_REPORT_PATH } from '@steel/contract';
import { COHORT_COOKIE } from '../live-set/visitor-live-set';
import type { AppName } from '../live-set/builds-folder';
import { packDist } from '../release/deploy-api-client';
import { run } from '../release/cli';
import { makeDist, tempDir } from '../testing/fixtures';
import { buildsOfFolder } from '../build-files/builds-of-folder';
import { stateOfFolder } from '../platform-state/state-of-folder';
import { settled } from '../testing/deploy-jobs';
import { startTestRedis } from '../testing/redis-server';
import { addKey } from '../live-set/deploy-keys';
import { appendToReleaseLog } from '../release/release-log';
import { createFailureRecorder, readFailureCounts } from './failure-counts';
import {
  deployCall,
  eventually,
  type MachineServices,
  publishThrough,
  registryVersion,
  type Site,
  startMachineServices,
  newSiteStores,
  startSite,
} from '../testing/several-machines';

const BLOG_KEY = 'steel_test_blog_key_for_two_machines';

/**
 * Two app servers that share nothing but the network (docs/architecture.md, "N app servers"):
 * each with its own builds folder, one PostgreSQL and one object store between them
 * (testing/several-machines.ts).
 */
describe('app servers on several machines', () => {
  let services: MachineServices;
  let site: Site;
  let root: string;

  beforeAll(async () => {
    services = await startMachineServices();
  }, 120_000);
  afterAll(async () => {
    await services?.stop();
  });
  beforeEach(async () => {
    root = await tempDir();
  });
  afterEach(async () => {
    // The site's folders are under root: closing it removes them.
    await site?.close();
    await fs.rm(root, { recursive: true, force: true });
  });

  /** Servers on one database and one bucket, each with a folder of its own. */
  const startServers = async (count: number) => {
    site = await startSite(services, root, { blog: BLOG_KEY });
    for (let i = 0; i < count; i++) await site.addMachine();
    return site.machines.map((machine) => machine.app);
  };
  const call = (
    server: FastifyInstance,
    method: 'GET' | 'POST',
    url: string,
    payload?: Buffer | Record<string, unknown>,
  ) => deployCall(server, BLOG_KEY, method, url, payload);
  const publish = (server: FastifyInstance, app: AppName, tag: string) =>
    publishThrough(server, BLOG_KEY, root, app, tag);
  // Fixture builds expose no ./app, so the gate refuses them: forced, with a reason, as an operator would.
  const activate = async (server: FastifyInstance, app: AppName, version: string) => {
    const answer = await call(server, 'POST', `/_/deploy/${app}/activate`, { version, force: 'fixture builds' });
    expect(answer.statusCode).toBe(200);
  };

  /** The blog version a server's `/remotes.json` names for a visitor with `cookie`. */
  const registryWith = async (server: FastifyInstance, cookie: string) =>
    (await server.inject({ url: '/remotes.json', headers: { cookie } })).json<
      Record<string, { version: string } | undefined>
    >().blog?.version;
  const registryFor = (server: FastifyInstance, cohort: number) => registryWith(server, `${COHORT_COOKIE}=${cohort}`);

  it('serves a version published and activated through another server: its registry and its files, from the store', async () => {
    const [a, b] = await startServers(2);
    const version = await publish(a!, 'blog', 'v1');
    await activate(a!, 'blog', version);

    expect(await eventually(() => registryVersion(b!, 'blog'), version)).toBe(version);
    // B never had the files: it fetches them from the store before it answers.
    const entryFromA = await a!.inject(`/builds/blog/${version}/remoteEntry.js`);
    const entryFromB = await b!.inject(`/builds/blog/${version}/remoteEntry.js`);
    expect(entryFromB.statusCode).toBe(200);
    expect(entryFromB.body).toBe(entryFromA.body);
    expect((await b!.inject(`/builds/blog/${version}/mf-manifest.json`)).statusCode).toBe(200);
    // Server-only records stay private on every server.
    expect((await b!.inject(`/builds/blog/${version}/app-manifest.json`)).statusCode).toBe(404);
    expect((await b!.inject(`/builds/blog/000000000000/remoteEntry.js`)).statusCode).toBe(404);

    // Status and the release log read the same through either server.
    const statusA = (await call(a!, 'GET', '/_/deploy/blog/status')).json();
    const statusB = (await call(b!, 'GET', '/_/deploy/blog/status')).json();
    expect(statusB).toEqual(statusA);
    expect(JSON.stringify(statusB)).toContain(version);
  });

  it('fetches a version another server published into its own cache before it is activated, over the shared Redis', async () => {
    const redis = await startTestRedis();
    try {
      site = await startSite(services, root, { blog: BLOG_KEY }, { REDIS_URL: redis.url });
      const a = (await site.addMachine()).app;
      const b = (await site.addMachine()).app;
      const version = await publish(a, 'blog', 'v1');
      // Not live anywhere: only the published-version notice brings it to B, whose activation
      // then has nothing left to fetch.
      const onB = path.join(site.machines[1]!.buildsDir, 'blog', version, 'remoteEntry.js');
      const fetched = () =>
        fs.access(onB).then(
          () => true,
          () => false,
        );
      expect(await eventually(fetched, true)).toBe(true);
      expect(await registryVersion(b, 'blog')).not.toBe(version);
    } finally {
      await site.close();
      await redis.stop();
    }
  });

  it('follows and cancels through one server a deploy job another server runs', async () => {
    const [a, b] = await startServers(2);
    const version = await publish(a!, 'blog', 'v1');
    // Another deploy holds the platform's lock (a gate run): the activation waits its turn on A.
    let release!: () => void;
    const held = stateOfFolder(site.machines[1]!.buildsDir).withDeployLock(
      () => new Promise<void>((resolve) => (release = resolve)),
    );
    const headers = { authorization: `Bearer ${BLOG_KEY}` };
    const started = await a!.inject({
      method: 'POST',
      url: '/_/deploy/blog/activate',
      headers,
      payload: { version, force: 'fixture builds' },
    });
    expect(started.statusCode).toBe(202);
    const job = started.json<{ job: { id: string; url: string } }>().job;
    // A load balancer sends the follow-up and the cancel to B: B reads the record A writes.
    const followed = await b!.inject({ method: 'GET', url: job.url, headers });
    expect(followed.statusCode).toBe(200);
    expect(followed.json<{ id: string; state: string }>()).toMatchObject({ id: job.id });
    const cancel = await b!.inject({ method: 'POST', url: `${job.url}/cancel`, headers });
    expect(cancel.statusCode).toBe(200);
    release();
    await held;
    // A, running it, read B's cancel before its point of no return: nothing changed.
    const ended = await settled(b!, started, BLOG_KEY);
    expect(ended.statusCode).toBe(409);
    expect(ended.json<{ error: string }>().error).toMatch(/^Cancelled/);
    expect(await registryVersion(a!, 'blog')).not.toBe(version);
    const listed = (await b!.inject({ method: 'GET', url: '/_/deploy/blog/jobs', headers })).json<{
      jobs: Array<{ id: string; state: string }>;
    }>();
    expect(listed.jobs.find((record) => record.id === job.id)?.state).toBe('cancelled');
  });

  it('takes a later activation through the second server back to the first, and refills a wiped cache', async () => {
    const [a, b] = await startServers(2);
    const first = await publish(a!, 'blog', 'v1');
    await activate(a!, 'blog', first);
    const second = await publish(b!, 'blog', 'v2');
    await activate(b!, 'blog', second);
    expect(await eventually(() => registryVersion(a!, 'blog'), second)).toBe(second);
    expect((await a!.inject(`/builds/blog/${second}/remoteEntry.js`)).body).toContain('"v2"');

    // Server A's cache folder is wiped: the next request for a live file fetches it again.
    await fs.rm(path.join(site.machines[0]!.buildsDir, 'blog'), { recursive: true, force: true });
    const refilled = await a!.inject(`/builds/blog/${second}/remoteEntry.js`);
    expect(refilled.statusCode).toBe(200);
    expect(refilled.body).toContain('"v2"');
  });

  it('drops from its cache, as it starts, a version another server removed from the store', async () => {
    const [a] = await startServers(1);
    const version = await publish(a!, 'blog', 'v1');
    // A server whose folder still holds that version from before (it served it), while server A
    // removes it from the store (prune).
    const kept = path.join(root, 'machine-2', 'builds', 'blog', version);
    await fs.cp(path.join(site.machines[0]!.buildsDir, 'blog', version), kept, { recursive: true });
    await buildsOfFolder(site.machines[0]!.buildsDir).remove('blog', version);

    await site.addMachine();
    const there = () =>
      fs.access(kept).then(
        () => true,
        () => false,
      );
    expect(await eventually(there, false)).toBe(false);
  });

  it('serves the live set from its first request when a server joins, with no deploy', async () => {
    const [a] = await startServers(1);
    const version = await publish(a!, 'blog', 'v1');
    await activate(a!, 'blog', version);

    const joined = (await site.addMachine()).app;
    // Its first live set is fetched before it answers: no eventually here.
    expect(await registryVersion(joined, 'blog')).toBe(version);
    expect((await joined.inject(`/builds/blog/${version}/remoteEntry.js`)).body).toContain('"v1"');
  });

  it('gives a canary started through one server to the same visitors on the other, with its files', async () => {
    const [a, b] = await startServers(2);
    const stable = await publish(a!, 'blog', 'v1');
    await activate(a!, 'blog', stable);
    const canary = await publish(a!, 'blog', 'v2');
    const started = await call(a!, 'POST', '/_/deploy/blog/canary', {
      version: canary,
      percent: 50,
      force: 'fixture builds',
    });
    expect(started.statusCode).toBe(200);

    // A visitor's cohort (0–9999) decides: below 5000 the canary, on whichever server they reach.
    expect(await eventually(() => registryFor(b!, 10), canary)).toBe(canary);
    expect(await registryFor(b!, 9000)).toBe(stable);
    expect(await registryFor(a!, 10)).toBe(canary);
    // B fetched the canary's files when it took the live set up.
    expect(await fs.stat(path.join(site.machines[1]!.buildsDir, 'blog', canary)).then(() => true)).toBe(true);
    expect((await b!.inject(`/builds/blog/${canary}/remoteEntry.js`)).body).toContain('"v2"');

    // Aborted through B: A hears it and everyone is back on the live version.
    expect((await call(b!, 'POST', '/_/deploy/blog/canary/abort')).statusCode).toBe(200);
    expect(await eventually(() => registryFor(a!, 10), stable)).toBe(stable);
  });

  it('keeps serving what it has while the store is out of reach, and refuses a publish then', async () => {
    const [a, b] = await startServers(2);
    const version = await publish(a!, 'blog', 'v1');
    await activate(a!, 'blog', version);
    expect(await eventually(() => registryVersion(b!, 'blog'), version)).toBe(version);
    // B fetched the live version when it took up the live set.
    expect((await b!.inject(`/builds/blog/${version}/remoteEntry.js`)).statusCode).toBe(200);

    await services.objects.stopEndpoint();
    try {
      expect((await b!.inject(`/builds/blog/${version}/remoteEntry.js`)).statusCode).toBe(200);
      expect(await registryVersion(b!, 'blog')).toBe(version);
      const refused = await call(
        a!,
        'POST',
        '/_/deploy/blog/versions',
        await packDist(await makeDist(root, 'blog', 'v2')),
      );
      expect(refused.statusCode).toBe(503);
      expect(refused.json<{ error: string }>().error).toMatch(/object store/);
    } finally {
      await services.objects.startEndpoint();
    }
    // Nothing half-written: the store lists the one version, through either server.
    const { published } = (await call(b!, 'GET', '/_/deploy/blog/status')).json<{
      published: Array<{ version: string }>;
    }>();
    expect(published.map((entry) => entry.version)).toEqual([version]);
  });

  it('keeps the deploy keys in the shared state: a key made or revoked anywhere counts on every server', async () => {
    const stores = await newSiteStores(services);
    site = await startSite(services, root, {}, {}, stores);
    const a = (await site.addMachine()).app;
    const b = (await site.addMachine()).app;
    // The operator's CLI on a machine of its own, given the site's PostgreSQL as the servers are.
    const operator = path.join(root, 'operator');
    const cliEnv = {
      PLATFORM_STATE_URL: stores.platformStateUrl,
      BUILDS_DIR: path.join(operator, 'builds'),
      DEPLOY_KEYS_FILE: path.join(operator, 'keys.json'),
    };
    const said: string[] = [];
    const keys = (...args: string[]) => run(['keys', ...args], (line) => said.push(line), cliEnv);
    const newKey = async (app: string, name: string) => {
      said.length = 0;
      await keys('add', app, name);
      return said[1]!;
    };
    const whoami = async (server: FastifyInstance, key: string) => {
      const answer = await deployCall(server, key, 'GET', '/_/deploy/whoami');
      return answer.statusCode === 200 ? answer.json<{ name: string }>().name : answer.statusCode;
    };

    // No key yet: the deploy API is off on both; the first platform key is made with the CLI.
    expect((await a.inject('/_/deploy/whoami')).statusCode).toBe(404);
    const platformKey = await newKey('platform', 'platform-team');
    expect(said[0]).toMatch(/only its hash is kept in the platform state in PostgreSQL/);
    const blogKey = await newKey('blog', 'blog-team');
    expect(await whoami(a, platformKey)).toBe('platform-team');
    expect(await whoami(b, platformKey)).toBe('platform-team');
    expect(await whoami(b, blogKey)).toBe('blog-team');
    said.length = 0;
    await keys('list');
    expect(said.map((line) => line.split(/\s+/).slice(0, 2))).toEqual([
      ['platform-team', 'platform'],
      ['blog-team', 'blog'],
    ]);
    // Nothing went to the operator's keys file: the servers would never read it, nor is one taken.
    await expect(fs.access(cliEnv.DEPLOY_KEYS_FILE)).rejects.toThrow();
    await expect(keys('list', '--keys-file', cliEnv.DEPLOY_KEYS_FILE)).rejects.toThrow(/keys are in PostgreSQL/);
    // The CLI's other local commands still go through a server of the shared platform.
    await expect(run(['apps', 'list'], () => {}, cliEnv)).rejects.toThrow(/deploy through a server of that platform/);

    await keys('remove', 'blog-team');
    expect(await whoami(a, blogKey)).toBe(401);
    expect(await whoami(b, blogKey)).toBe(401);

    // An app registered through A, its key made with the CLI, the app removed through B: the key
    // is revoked for every server.
    const platform = (server: FastifyInstance, url: string, payload: Record<string, unknown>) =>
      deployCall(server, platformKey, 'POST', url, payload);
    expect((await platform(a, '/_/deploy/apps', { name: 'guides', paths: ['/guides/**'] })).statusCode).toBe(200);
    const guidesKey = await newKey('guides', 'guides-team');
    expect(await whoami(a, guidesKey)).toBe('guides-team');
    const removed = await platform(b, '/_/deploy/apps/guides/remove', {});
    expect(removed.statusCode).toBe(200);
    expect(removed.json<{ keysRevoked: string[] }>().keysRevoked).toEqual(['guides-team']);
    expect(await whoami(a, guidesKey)).toBe(401);
    expect(await whoami(b, guidesKey)).toBe(401);
    expect(await whoami(a, platformKey)).toBe('platform-team');
  });

  it('honours on one server an override issued through another, with a key kept in the shared state', async () => {
    site = await startSite(services, root, {});
    const a = (await site.addMachine()).app;
    const b = (await site.addMachine()).app;
    // Made on A's machine, kept in PostgreSQL: B knows it only from there (no DEPLOY_KEYS on either).
    const key = await addKey(
      { buildsDir: site.machines[0]!.buildsDir, keysFile: path.join(root, 'no-keys-file.json') },
      'blog',
      'blog-team',
    );
    const stable = await publishThrough(a, key, root, 'blog', 'v1');
    const activated = await deployCall(a, key, 'POST', '/_/deploy/blog/activate', {
      version: stable,
      force: 'fixture builds',
    });
    expect(activated.statusCode).toBe(200);
    const tried = await publishThrough(a, key, root, 'blog', 'v2');
    // An override is refused to a version that has not passed the gate, and fixture builds cannot
    // pass it (no ./app): their check's line, as a passing gate writes it, in the shared release log.
    await appendToReleaseLog(site.machines[0]!.buildsDir, {
      action: 'check',
      app: 'blog',
      version: tried,
      previous: stable,
      gate: 'passed',
      forced: null,
      by: 'blog-team',
    });
    const issued = await deployCall(a, key, 'POST', '/_/deploy/blog/override', { version: tried });
    expect(issued.statusCode).toBe(200);
    const { cookie } = issued.json<{ cookie: { name: string; value: string } }>();

    // B never had the tried version: it is in the store only.
    const triedOnB = path.join(site.machines[1]!.buildsDir, 'blog', tried);
    await expect(fs.access(triedOnB)).rejects.toThrow();
    // A cohort the canary could not explain: only the override, verified with the shared key, does.
    const withOverride = `${cookie.name}=${cookie.value}; ${COHORT_COOKIE}=9999`;
    expect(await registryWith(b, withOverride)).toBe(tried);
    expect(await registryFor(b, 9999)).toBe(stable);
    const entry = await b.inject({ url: `/builds/blog/${tried}/remoteEntry.js`, headers: { cookie: withOverride } });
    expect(entry.statusCode).toBe(200);
    expect(entry.body).toContain('"v2"');
    // The override's line, written through A, read through B.
    const log = (await deployCall(b, key, 'GET', '/_/deploy/blog/log')).json<{
      entries: Array<{ action: string; version: string; by: string }>;
    }>();
    expect(log.entries.at(-1)).toMatchObject({ action: 'override', version: tried, by: 'blog-team' });
  });

  it("obeys on every server the health monitor's abort of a canary failing in browsers served by both", async () => {
    site = await startSite(services, root, { blog: BLOG_KEY });
    // The monitor runs on B alone, judging every 100 ms rather than every 5 s, so that its abort
    // comes within `eventually`'s wait; A, where the canary starts, only hears of the abort.
    const a = (await site.addMachine({ HEALTH_MONITOR: 'off' })).app;
    const b = (await site.addMachine({ HEALTH_CHECK_MS: '100' })).app;
    const stable = await publish(a, 'blog', 'v1');
    await activate(a, 'blog', stable);
    const canary = await publish(a, 'blog', 'v2');
    const started = await call(a, 'POST', '/_/deploy/blog/canary', {
      version: canary,
      percent: 50,
      force: 'fixture builds',
    });
    expect(started.statusCode).toBe(200);
    expect(await eventually(() => registryFor(b, 10), canary)).toBe(canary);

    // The views each version had: the page route counts one per page it renders, and fixture builds
    // have no server render, so they are added as it adds them, to the shared counts.
    const views = createFailureRecorder(site.machines[0]!.buildsDir);
    for (let i = 0; i < 100; i++) {
      views.record('blog', stable, 'view');
      views.record('blog', canary, 'view');
    }
    await views.flush();
    // A canary visitor's browser reports failures, 4 to each server: 4 in 100 views is within the
    // 5-point margin, so only the two servers' counts added up (8 %) end the canary.
    const report = (server: FastifyInstance) =>
      server.inject({
        method: 'POST',
        url: REMOTE_FAILURE_REPORT_PATH,
        headers: { cookie: `${COHORT_COOKIE}=10` },
        payload: { app: 'blog', version: canary, kind: 'mount', route: '/blog' },
      });
    for (const server of [a, b, a, b, a, b, a, b]) expect((await report(server)).statusCode).toBe(204);

    expect(await eventually(() => registryFor(a, 10), stable)).toBe(stable);
    const counted = (await readFailureCounts(site.machines[0]!.buildsDir))[`blog@${canary}`] ?? {};
    expect(Object.values(counted).reduce((sum, kinds) => sum + (kinds.mount ?? 0), 0)).toBe(8);
    // A serves the stable version's files to that visitor, and its release log says why.
    expect((await a.inject(`/builds/blog/${stable}/remoteEntry.js`)).body).toContain('"v1"');
    // The live set changes before the monitor's line is appended: A may see the first a moment earlier.
    const lastLine = async () =>
      (await call(a, 'GET', '/_/deploy/blog/log'))
        .json<{ entries: Array<{ action: string; version: string; by: string; gate: string }> }>()
        .entries.at(-1);
    expect(await eventually(async () => (await lastLine())?.action, 'auto-abort')).toBe('auto-abort');
    expect(await lastLine()).toMatchObject({
      action: 'auto-abort',
      version: canary,
      by: 'health monitor',
      gate: expect.stringContaining('canary 8.0% (8 failures in 100 views)'),
    });
  });
});
