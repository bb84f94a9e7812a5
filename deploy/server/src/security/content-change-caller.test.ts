/** @jest-environment node */
import { buildServer } from '../app';
import { loadConfig } from '../config';
import { liveFixture, type Fixture } from '../testing/fixtures';

/** The attack as it was run: a caller anywhere names itself 127.0.0.1 to empty the page cache. */
describe('who may report a content change', () => {
  let fx: Fixture;
  beforeAll(async () => {
    fx = await liveFixture();
  });
  afterAll(() => fx.cleanup());

  const post = async (env: Record<string, string>, options: { from: string; headers?: Record<string, string> }) => {
    const app = buildServer(loadConfig({ BUILDS_DIR: fx.buildsDir, SSR: 'off', ...env }));
    const response = await app.inject({
      method: 'POST',
      url: '/_/content-changed',
      payload: {},
      remoteAddress: options.from,
      headers: options.headers ?? {},
    });
    await app.close();
    return response.statusCode;
  };

  it('refuses a forged X-Forwarded-For, whatever it names', async () => {
    expect(await post({}, { from: '203.0.113.7', headers: { 'x-forwarded-for': '127.0.0.1' } })).toBe(403);
    expect(await post({}, { from: '203.0.113.7', headers: { 'x-forwarded-for': '127.0.0.1, 10.9.9.9' } })).toBe(403);
    expect(
      await post({ TRUSTED_PROXIES: '10.0.0.1' }, { from: '203.0.113.7', headers: { 'x-forwarded-for': '127.0.0.1' } }),
    ).toBe(403);
  });

  it('hears the server’s own machine while it listens on loopback only', async () => {
    expect(await post({}, { from: '127.0.0.1' })).toBe(200);
    expect(await post({ HOST: '0.0.0.0' }, { from: '127.0.0.1' })).toBe(403);
  });

  it('with a secret, hears only the caller that knows it', async () => {
    const env = { CONTENT_CHANGE_SECRET: 'cms-and-server-share-this', HOST: '0.0.0.0' };
    expect(await post(env, { from: '127.0.0.1' })).toBe(403);
    expect(
      await post(env, { from: '198.51.100.2', headers: { 'x-content-change-secret': 'cms-and-server-share-thix' } }),
    ).toBe(403);
    expect(
      await post(env, { from: '198.51.100.2', headers: { 'x-content-change-secret': 'cms-and-server-share-this' } }),
    ).toBe(200);
  });

  it('believes X-Forwarded-For only from a configured proxy', async () => {
    const ipSeen = async (env: Record<string, string>, from: string) => {
      const app = buildServer(loadConfig({ BUILDS_DIR: fx.buildsDir, SSR: 'off', ...env }));
      app.get('/_/test-ip', async (request) => request.ip);
      const response = await app.inject({
        url: '/_/test-ip',
        remoteAddress: from,
        headers: { 'x-forwarded-for': '192.0.2.44' },
      });
      await app.close();
      return response.body;
    };
    expect(await ipSeen({}, '203.0.113.7')).toBe('203.0.113.7');
    expect(await ipSeen({ TRUSTED_PROXIES: '127.0.0.1' }, '127.0.0.1')).toBe('192.0.2.44');
    expect(await ipSeen({ TRUSTED_PROXIES: '127.0.0.1' }, '203.0.113.7')).toBe('203.0.113.7');
  });
});
