/** @jest-environment node */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildServer } from '../app';
import { loadConfig } from '../config';
import { addKey, hashKey, PLATFORM, removeKey, storedKeys } from '../live-set/deploy-keys';
import { readLive } from '../live-set/builds-folder';
import { fileCountStore } from '../shared-state/failure-counts';
import { startCanary } from '../release/canary';
import { appendToReleaseLog, readReleaseLog } from '../release/release-log';
import { publish } from '../release/publish';
import { run } from '../release/cli';
import { makeDist, publishAndActivate } from '../testing/fixtures';
import { foldersPerTest } from '../testing/builds-dir';
import { startTestRedis, type TestRedis } from '../testing/redis-server';
import { settled } from '../testing/deploy-jobs';
import { postSignIn, signIn as signInAs } from '../testing/console-sign-in';

const SITE = 'http://127.0.0.1:8080';

/** An open console's event stream, read as the browser's EventSource would. */
async function openStream(base: string, app: string, cookie: string) {
  const abort = new AbortController();
  const response = await fetch(`${base}/_/console/apps/${app}/events`, { headers: { cookie }, signal: abort.signal });
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const reader = response.body!.getReader();
  const stream = {
    received: '',
    closed: false,
    /** Reads until `text` arrived (true) or the server closed the stream (false). */
    async until(text: string): Promise<boolean> {
      while (!stream.received.includes(text)) {
        if (stream.closed) return false;
        const { value, done } = await reader.read();
        if (done) stream.closed = true;
        else stream.received += new TextDecoder().decode(value);
      }
      return true;
    },
    stop: () => abort.abort(),
  };
  return stream;
}

/**
 * A revoked key ends everything it opened at once, on every app server: the console's event
 * streams close (saying why, so the page goes to the sign-in) and its sessions stop working; an
 * app's removal revokes the app's keys, so registering its name again brings none of them back,
 * and writes a line for the canary and each override it ended.
 */
describe('a revoked key ends everything at once', () => {
  let servers: FastifyInstance[] = [];
  // Declared before the test's folders: the servers close (and write what they keep) before those go.
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });
  const folders = foldersPerTest();
  let keysFile: string;
  const keys = {} as Record<'blog' | 'catalogue' | 'platform', string>;
  const versions = {} as Record<'blog' | 'blogNext', string>;

  beforeEach(async () => {
    keysFile = path.join(folders.root, 'secrets', 'deploy-keys.json');
    keys.blog = await addKey({ buildsDir: folders.buildsDir, keysFile }, 'blog', 'blog-team');
    keys.catalogue = await addKey({ buildsDir: folders.buildsDir, keysFile }, 'catalogue', 'catalogue-team');
    keys.platform = await addKey({ buildsDir: folders.buildsDir, keysFile }, PLATFORM, 'on-call');
    for (const app of ['shell', 'catalogue', 'panel']) await publishAndActivate(folders.buildsDir, folders.root, app);
    versions.blog = await publishAndActivate(folders.buildsDir, folders.root, 'blog');
    versions.blogNext = (
      await publish(folders.buildsDir, 'blog', await makeDist(folders.root, 'blog', 'next'))
    ).version;
    servers = [];
  });

  const env = (extra: Record<string, string> = {}) => ({
    BUILDS_DIR: folders.buildsDir,
    DEPLOY_KEYS_FILE: keysFile,
    SITE_URL: SITE,
    SSR: 'off',
    HEALTH_MONITOR: 'off',
    ...extra,
  });
  async function startServer(
    settings: Record<string, string> = {},
  ): Promise<{ server: FastifyInstance; base: string }> {
    const server = buildServer(loadConfig(env(settings)));
    servers.push(server);
    return { server, base: await server.listen({ port: 0, host: '127.0.0.1' }) };
  }
  const signIn = (server: FastifyInstance, key: string) => signInAs(server, key, SITE);
  /** A platform team's call to the deploy API, as its client sees it once its job has ended. */
  const asPlatform = async (server: FastifyInstance, url: string, payload: Record<string, unknown>) =>
    settled(
      server,
      await server.inject({ method: 'POST', url, headers: { authorization: `Bearer ${keys.platform}` }, payload }),
      keys.platform,
    );
  const removeBlogThroughTheApi = (server: FastifyInstance) =>
    asPlatform(server, '/_/deploy/apps/blog/remove', { force: 'the blog moves out' });
  const registerBlog = (server: FastifyInstance) =>
    asPlatform(server, '/_/deploy/apps', { name: 'blog', paths: ['/blog/**'] });

  describe('with two app servers on one Redis', () => {
    let redis: TestRedis;
    beforeEach(async () => {
      redis = await startTestRedis();
    });
    afterEach(async () => {
      await Promise.all(servers.splice(0).map((server) => server.close()));
      await redis.stop();
    });

    it("closes a stream on the other server at the shared state's notice when the app is removed on one", async () => {
      const one = await startServer({ REDIS_URL: redis.url });
      // The other server's own check of its keys file comes once an hour: only the notice can close its stream.
      const other = await startServer({ REDIS_URL: redis.url, CONSOLE_KEY_CHECK_MS: String(60 * 60 * 1000) });
      const session = await signIn(other.server, keys.blog);
      const stream = await openStream(other.base, 'blog', session);
      const catalogueStream = await openStream(other.base, 'catalogue', await signIn(other.server, keys.catalogue));

      expect((await removeBlogThroughTheApi(one.server)).json()).toMatchObject({ keysRevoked: ['blog-team'] });
      expect(await stream.until('event: ended')).toBe(true);
      expect(stream.received).toContain('data: {"why":"revoked"}');
      expect(await stream.until('never sent')).toBe(false);
      // Its session is refused on both servers, as a bad one is.
      for (const server of [one.server, other.server]) {
        const page = await server.inject({ url: '/_/console/apps/blog', headers: { cookie: session } });
        expect([page.statusCode, page.headers.location]).toEqual([303, '/_/console/sign-in?expired=1']);
      }
      // Another team's console stays open: it still hears its app's figures change.
      const minute = String(Math.floor(Date.now() / 60_000) * 60_000);
      const catalogue = (await readLive(folders.buildsDir))!.versions.catalogue!;
      await fileCountStore(folders.buildsDir).add({ [`catalogue@${catalogue}`]: { [minute]: { view: 1 } } });
      expect(await catalogueStream.until('event: change')).toBe(true);
      expect(catalogueStream.received).not.toContain('event: ended');
      catalogueStream.stop();
    });
  });

  it('closes the streams of a key removed with the local CLI, with no Redis (one process)', async () => {
    const { server, base } = await startServer();
    const session = await signIn(server, keys.blog);
    const stream = await openStream(base, 'blog', session);
    await run(['keys', 'remove', 'blog-team', '--keys-file', keysFile], () => {});
    expect(await stream.until('event: ended')).toBe(true);
    expect(stream.received).toContain('data: {"why":"revoked"}');
    expect(await stream.until('never sent')).toBe(false);
    const page = await server.inject({ url: '/_/console/apps/blog', headers: { cookie: session } });
    expect(page.headers.location).toBe('/_/console/sign-in?expired=1');
    // The page the stream sends the browser to says why.
    const signInPage = await server.inject({ url: '/_/console/sign-in?revoked=1' });
    expect(signInPage.body).toContain('کلید این نشست باطل شده است');
  });

  it('apps remove --force during a canary: its keys are revoked for good, and its canary and overrides are release-log lines', async () => {
    const { server } = await startServer();
    await startCanary(folders.buildsDir, 'blog', versions.blogNext, 20);
    // An override of a gate-passed version, issued to the blog team and still running.
    await appendToReleaseLog(folders.buildsDir, {
      action: 'check',
      app: 'blog',
      version: versions.blogNext,
      previous: versions.blog,
      gate: 'passed',
      forced: null,
      by: 'blog-team',
    });
    const override = await server.inject({
      method: 'POST',
      url: '/_/deploy/blog/override',
      headers: { authorization: `Bearer ${keys.blog}` },
      payload: { version: versions.blogNext },
    });
    expect(override.statusCode).toBe(200);
    const { cookie } = override.json<{ cookie: { name: string; value: string } }>();
    const remotes = (overrideCookie?: string) =>
      server.inject({ url: '/remotes.json', headers: overrideCookie ? { cookie: overrideCookie } : {} });
    expect((await remotes(`${cookie.name}=${cookie.value}`)).json<Record<string, { version: string }>>().blog).toEqual(
      expect.objectContaining({ version: versions.blogNext }),
    );
    const session = await signIn(server, keys.blog);

    const removed = await removeBlogThroughTheApi(server);
    expect(removed.json()).toMatchObject({ wasLive: versions.blog, keysRevoked: ['blog-team'], keysInEnvironment: [] });
    expect((await registerBlog(server)).statusCode).toBe(200);

    // Registered again: the old team key, its session and its override open nothing.
    const whoami = await server.inject({ url: '/_/deploy/whoami', headers: { authorization: `Bearer ${keys.blog}` } });
    expect(whoami.statusCode).toBe(401);
    expect((await postSignIn(server, keys.blog, SITE)).statusCode).toBe(401);
    expect((await server.inject({ url: '/_/console/apps/blog', headers: { cookie: session } })).statusCode).toBe(303);
    expect((await remotes(`${cookie.name}=${cookie.value}`)).json<Record<string, unknown>>().blog).toBeUndefined();
    expect((await storedKeys({ buildsDir: folders.buildsDir, keysFile })).map((key) => key.name)).toEqual([
      'catalogue-team',
      'on-call',
    ]);

    // The removal, then one line for each thing it ended besides the live version.
    const lines = (await readReleaseLog(folders.buildsDir, 'blog')).filter((entry) => entry.by === 'on-call');
    expect(lines.map(({ action, version, previous, gate }) => ({ action, version, previous, gate }))).toEqual([
      { action: 'app-remove', version: versions.blog, previous: versions.blog, gate: 'not run (an app removed)' },
      { action: 'abort', version: versions.blogNext, previous: null, gate: 'not run (the app was removed)' },
      { action: 'override-end', version: versions.blogNext, previous: null, gate: 'not run (the app was removed)' },
      { action: 'app-add', version: '', previous: null, gate: 'not run (an app registered)' },
    ]);
  });

  it('a key in DEPLOY_KEYS cannot be revoked by the removal: the name is not registered again while it is there', async () => {
    const inEnvironment = 'steel_deploy_kept-in-the-environment';
    const { server } = await startServer({
      DEPLOY_KEYS: JSON.stringify([{ name: 'blog-ci', app: 'blog', hash: hashKey(inEnvironment) }]),
    });
    const removed = await removeBlogThroughTheApi(server);
    expect(removed.json()).toMatchObject({ keysRevoked: ['blog-team'], keysInEnvironment: ['blog-ci'] });
    const again = await registerBlog(server);
    expect([again.statusCode, again.json()]).toEqual([
      409,
      {
        error:
          'blog still has keys from an earlier registration (blog-ci): remove them first (keys remove, or from DEPLOY_KEYS), or they would work again',
      },
    ]);
    expect(await removeKey({ buildsDir: folders.buildsDir, keysFile }, 'blog-team')).toBe(false);
  });
});
