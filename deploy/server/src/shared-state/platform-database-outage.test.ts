/** @jest-environment node */
import fs from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import type { AppName } from '../live-set/builds-folder';
import { packDist } from '../release/deploy-api-client';
import { makeDist, tempDir } from '../testing/fixtures';
import {
  deployCall,
  eventually,
  type MachineServices,
  publishThrough,
  registryVersion,
  type Site,
  startMachineServices,
  startSite,
} from '../testing/several-machines';

const KEYS = { shell: 'steel_test_shell_key_for_an_outage', blog: 'steel_test_blog_key_for_an_outage' };

/**
 * Two app servers on one PostgreSQL and one object store (testing/several-machines.ts) while the
 * database is out of reach (docs/architecture.md, "N app servers"): stopped as an operator stops
 * it, or hung (its processes stopped: connections stay open and nothing answers, which is worse).
 * The servers go on serving what they have, refuse a deploy with a line saying why, and take up
 * the database again when it is back, without a restart.
 */
describe('app servers on several machines while PostgreSQL is out of reach', () => {
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
    await site?.close();
    await fs.rm(root, { recursive: true, force: true });
  });

  const call = (
    server: FastifyInstance,
    app: AppName,
    method: 'GET' | 'POST',
    url: string,
    payload?: Buffer | Record<string, unknown>,
  ) => deployCall(server, KEYS[app as keyof typeof KEYS], method, url, payload);
  const publish = (server: FastifyInstance, app: AppName, tag: string) =>
    publishThrough(server, KEYS[app as keyof typeof KEYS], root, app, tag);
  // Fixture builds expose no ./app, so the gate refuses them: forced, with a reason, as an operator would.
  const activation = (server: FastifyInstance, app: AppName, version: string) =>
    call(server, app, 'POST', `/_/deploy/${app}/activate`, { version, force: 'fixture builds' });
  const history = async (server: FastifyInstance, app: AppName) =>
    (await call(server, app, 'GET', `/_/deploy/${app}/log`)).json<{
      entries: Array<{ action: string; version?: string }>;
    }>().entries;

  it.each([
    ['stopped', () => services.postgres.halt()],
    ['hung', () => services.postgres.pause()],
  ])(
    'serves pages through every server while PostgreSQL is %s, refuses deploys, and takes it up again',
    async (_kind, outage) => {
      site = await startSite(services, root, KEYS);
      const [a, b] = [(await site.addMachine()).app, (await site.addMachine()).app];
      const shell = await publish(a, 'shell', 'v1');
      expect((await activation(a, 'shell', shell)).statusCode).toBe(200);
      const first = await publish(a, 'blog', 'v1');
      expect((await activation(a, 'blog', first)).statusCode).toBe(200);
      const second = await publish(a, 'blog', 'v2');
      expect(await eventually(() => registryVersion(b, 'blog'), first)).toBe(first);
      const historyBefore = await history(b, 'blog');
      const pageBefore = await b.inject('/');

      await outage();
      try {
        // Visitors keep coming to both servers: the page, the registry, a live file, the health check.
        const asked = await Promise.all(
          [a, b].flatMap((server) =>
            [1, 2, 3].flatMap(() =>
              ['/', '/remotes.json', `/builds/blog/${first}/remoteEntry.js`, '/api/health'].map(async (url) => {
                const answer = await server.inject(url);
                return `${url} ${answer.statusCode}`;
              }),
            ),
          ),
        );
        expect(asked.filter((line) => !/ 200$/.test(line))).toEqual([]);
        expect((await b.inject('/')).body).toBe(pageBefore.body);
        expect(await registryVersion(a, 'blog')).toBe(first);
        expect(await registryVersion(b, 'blog')).toBe(first);

        // A deploy is refused with one line, and may be tried again later.
        const refused = await activation(b, 'blog', second);
        expect(refused.statusCode).toBe(503);
        expect(refused.json<{ error: string }>().error).toMatch(/platform database/);
        const refusedPublish = await call(
          a,
          'blog',
          'POST',
          '/_/deploy/blog/versions',
          await packDist(await makeDist(root, 'blog', 'v3')),
        );
        expect(refusedPublish.statusCode).toBe(503);
        expect(refusedPublish.json<{ error: string }>().error).toMatch(/platform database/);
      } finally {
        await services.postgres.resume();
      }

      // Back: nothing acknowledged before was lost, and an activation through A reaches B.
      expect(await history(a, 'blog')).toEqual(historyBefore);
      expect((await activation(a, 'blog', second)).statusCode).toBe(200);
      expect(await eventually(() => registryVersion(b, 'blog'), second)).toBe(second);
      expect((await b.inject(`/builds/blog/${second}/remoteEntry.js`)).body).toContain('"v2"');
      const historyAfter = await history(b, 'blog');
      expect(historyAfter.slice(0, historyBefore.length)).toEqual(historyBefore);
      expect(historyAfter.slice(historyBefore.length).map((entry) => [entry.action, entry.version])).toEqual([
        ['activate', second],
      ]);
    },
    180_000,
  );
});
