/** @jest-environment node */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { buildServer } from '../app';
import { loadConfig } from '../config';
import { addKey, PLATFORM } from '../live-set/deploy-keys';
import { foldersPerTest } from '../testing/builds-dir';
import { freePort } from '../testing/free-port';
import { startTestRedis, type TestRedis } from '../testing/redis-server';
import { waitFor } from '../testing/redis-states';
import { KEY_GUESS_WINDOW_MS, UNDER_ATTACK_PER_ADDRESS } from './key-guesses';

const WRONG_KEY = 'steel_deploy_guessed-by-someone-who-does-not-have-it';
const SITE = 'http://localhost:8080';

/** The attacker's address, and a team's at another. */
const GUESSER = '203.0.113.7';
const TEAM = '198.51.100.20';

describe('guessing deploy keys is limited, per address and overall, never a valid key from elsewhere', () => {
  const folders = foldersPerTest();
  let keys: { blog: string; platform: string };
  const servers: FastifyInstance[] = [];

  async function server(env: Record<string, string> = {}): Promise<FastifyInstance> {
    const keysFile = path.join(folders.root, 'keys.json');
    const built = buildServer(
      loadConfig({ BUILDS_DIR: folders.buildsDir, DEPLOY_KEYS_FILE: keysFile, HEALTH_MONITOR: 'off', ...env }),
    );
    servers.push(built);
    await built.ready();
    return built;
  }
  beforeEach(async () => {
    const keysFile = path.join(folders.root, 'keys.json');
    keys = {
      blog: await addKey({ buildsDir: folders.buildsDir, keysFile }, 'blog', 'blog-team'),
      platform: await addKey({ buildsDir: folders.buildsDir, keysFile }, PLATFORM, 'platform-team'),
    };
  });
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((built) => built.close()));
  });

  const whoami = (app: FastifyInstance, key: string, from: string) =>
    app.inject({ url: '/_/deploy/whoami', headers: { authorization: `Bearer ${key}` }, remoteAddress: from });
  const signIn = (app: FastifyInstance, key: string, from: string) =>
    app.inject({
      method: 'POST',
      url: '/_/console/sign-in',
      headers: { origin: SITE, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ key }).toString(),
      remoteAddress: from,
    });
  const retryAfterOf = (response: { headers: Record<string, unknown> }) => Number(response.headers['retry-after']);

  it('the deploy API: ten wrong keys from an address are 401, then 429 in Persian with Retry-After, even for its right key', async () => {
    const app = await server();
    for (let attempt = 0; attempt < 10; attempt++) expect((await whoami(app, WRONG_KEY, GUESSER)).statusCode).toBe(401);

    const refused = await whoami(app, WRONG_KEY, GUESSER);
    expect(refused.statusCode).toBe(429);
    expect(retryAfterOf(refused)).toBeGreaterThan(0);
    expect(retryAfterOf(refused)).toBeLessThanOrEqual(KEY_GUESS_WINDOW_MS / 1000);
    expect(refused.json()).toEqual({
      error: expect.stringMatching(/^Too many wrong deploy keys from this address: try again in 15 min/),
      message: 'از این نشانی کلیدهای نادرست زیادی فرستاده شد؛ ۱۵ دقیقهٔ دیگر دوباره تلاش کنید.',
    });
    // Refused whatever it sends: a guess that happens to be right tells nothing either.
    expect((await whoami(app, keys.blog, GUESSER)).statusCode).toBe(429);
    // Every route that takes a key, the platform's included.
    const upload = await app.inject({
      method: 'POST',
      url: '/_/deploy/apps',
      headers: { authorization: `Bearer ${keys.platform}` },
      payload: { name: 'guides', paths: ['/guides/**'] },
      remoteAddress: GUESSER,
    });
    expect(upload.statusCode).toBe(429);

    // The team at another address is not locked out.
    const team = await whoami(app, keys.blog, TEAM);
    expect([team.statusCode, team.json()]).toEqual([200, { name: 'blog-team', app: 'blog' }]);
  });

  it('a burst of guesses sent at once gets ten answers, not one per request', async () => {
    const app = await server();
    const answers = await Promise.all(Array.from({ length: 50 }, () => whoami(app, WRONG_KEY, GUESSER)));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(40);
  });

  it('the console sign-in: the same count, a Persian page with Retry-After, and the team signs in from elsewhere', async () => {
    const app = await server();
    // Guesses at the API and at the console are one count.
    for (let attempt = 0; attempt < 5; attempt++) expect((await whoami(app, WRONG_KEY, GUESSER)).statusCode).toBe(401);
    for (let attempt = 0; attempt < 5; attempt++) {
      const wrong = await signIn(app, WRONG_KEY, GUESSER);
      expect(wrong.statusCode).toBe(401);
      expect(wrong.body).toContain('این کلید شناخته نشد.');
    }

    const refused = await signIn(app, keys.blog, GUESSER);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toMatch(/^text\/html/);
    expect(retryAfterOf(refused)).toBeGreaterThan(0);
    expect(refused.body).toContain('از این نشانی کلیدهای نادرست زیادی فرستاده شد؛ ۱۵ دقیقهٔ دیگر دوباره تلاش کنید.');
    expect(refused.headers['set-cookie']).toBeUndefined();

    const team = await signIn(app, keys.blog, TEAM);
    expect(team.statusCode).toBe(303);
    expect(team.headers.location).toBe('/_/console/apps/blog');
    expect(team.headers['set-cookie']).toBeDefined();
  });

  it('many addresses guessing hold every address to a few wrong keys, yet a valid key from a fresh one gets in', async () => {
    const app = await server({ DEPLOY_KEY_FAILURES_OVERALL: '30' });
    // 30 addresses, one wrong key each: no address reaches its own limit.
    for (let host = 1; host <= 30; host++)
      expect((await whoami(app, WRONG_KEY, `192.0.2.${host}`)).statusCode).toBe(401);

    // Past the site-wide limit a new guesser gets UNDER_ATTACK_PER_ADDRESS tries, not ten.
    for (let attempt = 0; attempt < UNDER_ATTACK_PER_ADDRESS; attempt++)
      expect((await whoami(app, WRONG_KEY, '192.0.2.100')).statusCode).toBe(401);
    expect((await whoami(app, WRONG_KEY, '192.0.2.100')).statusCode).toBe(429);
    // An address that tried once before (a typo) still has its key looked at.
    expect((await whoami(app, keys.blog, '192.0.2.1')).statusCode).toBe(200);
    // And the team from its own address, never refused for others' guesses.
    expect((await whoami(app, keys.blog, TEAM)).statusCode).toBe(200);
    expect((await signIn(app, keys.blog, TEAM)).statusCode).toBe(303);
  });

  it('asking without a key, or with a valid one, counts nothing', async () => {
    const app = await server();
    for (let attempt = 0; attempt < 30; attempt++) {
      expect((await app.inject({ url: '/_/deploy/whoami', remoteAddress: GUESSER })).statusCode).toBe(401);
      expect((await whoami(app, keys.blog, GUESSER)).statusCode).toBe(200);
    }
  });

  it('the operators see wrong and refused keys in the metrics', async () => {
    const app = await server();
    for (let attempt = 0; attempt < 12; attempt++) await whoami(app, WRONG_KEY, GUESSER);
    const metrics = (await app.inject({ url: '/metrics' })).body;
    expect(metrics).toContain('steel_deploy_key_failures_total{outcome="wrong"} 10');
    expect(metrics).toContain('steel_deploy_key_failures_total{outcome="refused"} 2');
  });

  describe('with several app servers on one Redis (REDIS_URL)', () => {
    let redis: TestRedis;
    beforeEach(async () => {
      redis = await startTestRedis();
    });
    afterEach(async () => {
      await Promise.all(servers.splice(0).map((built) => built.close()));
      await redis.stop();
    });

    /** Both servers' shared states are connected: each has its two connections (commands, notices). */
    async function connected(count: number) {
      const probe = new Redis(redis.url);
      try {
        await waitFor(async () => ((await probe.client('LIST')) as string).trim().split('\n').length > count * 2);
      } finally {
        probe.disconnect();
      }
    }

    it('one count for all of them: guesses spread over the servers are refused on each; a valid key from elsewhere is not', async () => {
      const env = { REDIS_URL: redis.url, REDIS_PREFIX: 'key-guesses-test:' };
      const [first, second] = [await server(env), await server(env)];
      await connected(2);
      for (let attempt = 0; attempt < 10; attempt++)
        expect((await whoami(attempt % 2 ? first : second, WRONG_KEY, GUESSER)).statusCode).toBe(401);
      expect((await whoami(first, WRONG_KEY, GUESSER)).statusCode).toBe(429);
      expect((await signIn(second, WRONG_KEY, GUESSER)).statusCode).toBe(429);
      expect((await whoami(second, keys.blog, TEAM)).statusCode).toBe(200);
    });

    it('a burst sent at once to both servers gets ten answers between them', async () => {
      const env = { REDIS_URL: redis.url, REDIS_PREFIX: 'key-guesses-burst:' };
      const [first, second] = [await server(env), await server(env)];
      await connected(2);
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, index) => whoami(index % 2 ? first : second, WRONG_KEY, GUESSER)),
      );
      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses.filter((status) => status === 401)).toHaveLength(10);
      expect(statuses.filter((status) => status === 429)).toHaveLength(40);
    });

    it('a server that cannot reach Redis still limits by its own count', async () => {
      const app = await server({ REDIS_URL: `redis://127.0.0.1:${await freePort()}/0` });
      for (let attempt = 0; attempt < 10; attempt++)
        expect((await whoami(app, WRONG_KEY, GUESSER)).statusCode).toBe(401);
      expect((await whoami(app, WRONG_KEY, GUESSER)).statusCode).toBe(429);
      expect((await whoami(app, keys.blog, TEAM)).statusCode).toBe(200);
    });
  });
});
