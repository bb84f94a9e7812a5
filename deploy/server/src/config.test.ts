/** @jest-environment node */
import path from 'node:path';
import { ConfigError, REPO_ROOT, loadConfig } from './config';

describe('loadConfig', () => {
  it('works with no environment at all', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      buildsDir: path.join(REPO_ROOT, '.builds'),
      cmsPublicUrl: 'http://127.0.0.1:1337/api',
      cmsInternalUrl: 'http://127.0.0.1:1337/api',
      siteReadSecret: null,
      siteUrl: 'http://localhost:8080',
    });
    expect(config.runtime).toEqual({
      cmsUrl: 'http://127.0.0.1:1337/api',
      siteUrl: 'http://localhost:8080',
      cookie: {
        tokenName: 'user_token',
        userName: 'user_data',
        options: { path: '/', sameSite: 'lax', secure: false, expires: 30 },
      },
      analytics: null,
      chat: null,
      tagManager: null,
      versionCheckIntervalMs: 3_600_000,
      remoteLoadTimeoutMs: 8000,
      pageDataTimeoutMs: 5000,
      failureReportSampleRate: 1,
    });
    expect(path.basename(REPO_ROOT)).not.toBe('deploy');
  });

  it('reads every setting from the environment', () => {
    const config = loadConfig({
      PORT: '3000',
      HOST: '0.0.0.0',
      BUILDS_DIR: '/srv/builds',
      CMS_PUBLIC_URL: 'https://cms.example.ir/api/',
      CMS_INTERNAL_URL: 'http://cms:1337/api',
      SITE_URL: 'https://example.ir/',
      VERSION_CHECK_INTERVAL_MS: '5000',
      COOKIE_SECURE: 'true',
      ANALYTICS_KEY: 'phc_123',
      ANALYTICS_HOST: 'https://ph.example.ir',
      ANALYTICS_DEBUG: '1',
      ANALYTICS_CLIENT_CONFIG: '{"autocapture":false}',
      CHAT_SRC: 'https://chat.example/widget.js',
      CHAT_DELAY_MS: '100',
      GTM_ID: 'GTM-ABC',
    });
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      buildsDir: '/srv/builds',
      cmsPublicUrl: 'https://cms.example.ir/api',
      cmsInternalUrl: 'http://cms:1337/api',
      siteReadSecret: null,
      siteUrl: 'https://example.ir',
    });
    expect(config.runtime).toMatchObject({
      cmsUrl: 'https://cms.example.ir/api',
      siteUrl: 'https://example.ir',
      versionCheckIntervalMs: 5000,
      analytics: { key: 'phc_123', host: 'https://ph.example.ir', clientConfig: { autocapture: false }, debug: true },
      chat: { src: 'https://chat.example/widget.js', delayMs: 100 },
      tagManager: { id: 'GTM-ABC' },
    });
    expect(config.runtime.cookie.options.secure).toBe(true);
  });

  it('reads the deploy API settings, with the keys file outside the builds folder by default', () => {
    expect(loadConfig({}).deploy).toMatchObject({
      keysFile: path.join(REPO_ROOT, '.deploy-keys.json'),
      keys: [],
      uploadLimitBytes: 50 * 1024 * 1024,
      unpackedLimitBytes: 500 * 1024 * 1024,
      keyFailures: { perAddress: 10, overall: 100 },
    });
    const hash = `sha256:${'a'.repeat(64)}`;
    const config = loadConfig({
      DEPLOY_KEYS_FILE: 'keys.json',
      INIT_CWD: '/etc/steel',
      DEPLOY_KEYS: JSON.stringify([{ name: 'blog-team', app: 'blog', hash }]),
      DEPLOY_UPLOAD_LIMIT_MB: '10',
      DEPLOY_UPLOAD_TMP_DIR: '/var/tmp',
      DEPLOY_KEY_FAILURES_PER_ADDRESS: '5',
      DEPLOY_KEY_FAILURES_OVERALL: '50',
    });
    expect(config.deploy).toEqual({
      // The keys are the platform state's of the server's builds folder, and DEPLOY_KEYS's.
      buildsDir: config.buildsDir,
      keysFile: '/etc/steel/keys.json',
      keys: [{ name: 'blog-team', app: 'blog', hash }],
      uploadLimitBytes: 10 * 1024 * 1024,
      unpackedLimitBytes: 500 * 1024 * 1024,
      uploadTmpDir: '/var/tmp',
      keyFailures: { perAddress: 5, overall: 50 },
    });
  });

  it('bounds the page cache in pages and in megabytes of HTML', () => {
    expect(loadConfig({}).rendering).toMatchObject({
      cacheEntries: 1000,
      cacheBytes: 128 * 1024 * 1024,
      staleRetryMs: 10_000,
    });
    expect(
      loadConfig({ SSR_CACHE_ENTRIES: '50', SSR_CACHE_MB: '16', SSR_STALE_RETRY_MS: '2000' }).rendering,
    ).toMatchObject({ cacheEntries: 50, cacheBytes: 16 * 1024 * 1024, staleRetryMs: 2000 });
  });

  it('resolves a relative BUILDS_DIR from where the command was typed', () => {
    expect(loadConfig({ BUILDS_DIR: 'out/builds', INIT_CWD: '/home/dev/repo' }).buildsDir).toBe(
      '/home/dev/repo/out/builds',
    );
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ VERSION_CHECK_INTERVAL_MS: '-1' }, /VERSION_CHECK_INTERVAL_MS/],
    [{ COOKIE_SECURE: 'maybe' }, /COOKIE_SECURE/],
    [{ ANALYTICS_KEY: 'k', ANALYTICS_CLIENT_CONFIG: '[1]' }, /ANALYTICS_CLIENT_CONFIG/],
    [
      { BUILDS_DIR: '/srv/builds', DEPLOY_KEYS_FILE: '/srv/builds/keys.json' },
      /DEPLOY_KEYS_FILE must be outside BUILDS_DIR/,
    ],
    [
      { DEPLOY_KEYS: '[{"name":"blog-team","app":"Admin","hash":"sha256:00"}]' },
      /DEPLOY_KEYS\[0\]: unknown app "Admin"/,
    ],
    [{ DEPLOY_KEYS: 'blog:secret' }, /DEPLOY_KEYS is not JSON/],
    [{ DEPLOY_UPLOAD_LIMIT_MB: '0' }, /DEPLOY_UPLOAD_LIMIT_MB/],
  ])('refuses a bad value %p', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
