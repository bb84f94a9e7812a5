/** @jest-environment node */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildServer } from '../app';
import { loadConfig } from '../config';
import { makeDist, publishAndActivate, tempDir } from '../testing/fixtures';
import { publish } from '../release/publish';
import { readLive } from '../live-set/builds-folder';
import { readReleaseLog } from '../release/release-log';
import { addKey, removeKey, storedKeys } from '../live-set/deploy-keys';
import { readGateReport } from '../release/gate/gate-report';
import { fileCountStore } from '../shared-state/failure-counts';
import { postSignIn, signIn as signInAs } from '../testing/console-sign-in';
import { CONSOLE_COOKIE, signSession } from './console-session';

const SITE = 'http://127.0.0.1:8080';

describe('deploy console: sessions and who sees what', () => {
  let root: string;
  let buildsDir: string;
  let keysFile: string;
  let server: FastifyInstance;
  const keys = {} as Record<'blog' | 'catalogue' | 'platform', string>;
  const versions = {} as Record<'blog' | 'blogNext' | 'catalogue', string>;

  beforeEach(async () => {
    root = await tempDir();
    buildsDir = path.join(root, 'builds');
    keysFile = path.join(root, 'secrets', 'deploy-keys.json');
    keys.blog = await addKey({ buildsDir, keysFile }, 'blog', 'blog-team');
    keys.catalogue = await addKey({ buildsDir, keysFile }, 'catalogue', 'catalogue-team');
    keys.platform = await addKey({ buildsDir, keysFile }, 'platform', 'on-call');
    await publishAndActivate(buildsDir, root, 'shell');
    versions.blog = await publishAndActivate(buildsDir, root, 'blog');
    versions.catalogue = await publishAndActivate(buildsDir, root, 'catalogue');
    versions.blogNext = (await publish(buildsDir, 'blog', await makeDist(root, 'blog', 'v2'))).version;
    server = buildServer(loadConfig({ BUILDS_DIR: buildsDir, DEPLOY_KEYS_FILE: keysFile, SITE_URL: SITE }));
  });
  afterEach(async () => {
    await server.close();
    await fs.rm(root, { recursive: true, force: true });
  });

  const signIn = (key: string) => signInAs(server, key, SITE);

  const get = (url: string, cookie?: string) =>
    server.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const act = (url: string, cookie: string, form: Record<string, string>, origin: string | null = SITE) =>
    server.inject({
      method: 'POST',
      url,
      headers: {
        cookie,
        'content-type': 'application/x-www-form-urlencoded',
        ...(origin ? { origin } : {}),
      },
      payload: new URLSearchParams(form).toString(),
    });

  it('exchanges a deploy key for a short httpOnly, SameSite=Strict session that never holds the key', async () => {
    const response = await postSignIn(server, keys.blog, SITE);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/_/console/apps/blog');
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(new RegExp(`^${CONSOLE_COOKIE}=`));
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Strict');
    expect(setCookie).toContain('Path=/_/console');
    // Ended by the signed expiry within (half an hour by default), which the server reads.
    const expires = Number(decodeURIComponent(setCookie.split(';')[0]!).split('~')[1]) * 1000;
    expect(expires - Date.now()).toBeGreaterThan(29 * 60_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(30 * 60_000);
    expect(setCookie).not.toContain(keys.blog);
    expect(setCookie).not.toContain(keys.blog.slice('steel_deploy_'.length, 30));

    const wrong = await postSignIn(server, 'steel_deploy_not-a-key', SITE);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['set-cookie']).toBeUndefined();
    expect(wrong.body).toContain('این کلید شناخته نشد');
  });

  it('sends every console page without a valid session to the sign-in page', async () => {
    for (const url of ['/_/console', '/_/console/apps/blog', '/_/console/apps/blog/events']) {
      const none = await get(url);
      expect([none.statusCode, none.headers.location]).toEqual([303, '/_/console/sign-in']);
    }
    const record = (await storedKeys({ buildsDir, keysFile })).find((key) => key.name === 'blog-team')!;
    const expired = `${CONSOLE_COOKIE}=${signSession(record, 60, Date.now() - 61_000)}`;
    const tampered = (await signIn(keys.blog)).replace(/~[^~]+$/, `~${'A'.repeat(43)}`);
    for (const cookie of [
      expired,
      tampered,
      `${CONSOLE_COOKIE}=blog-team~9999999999~xxxxxxxxxxxxxxxx~${'A'.repeat(43)}`,
    ]) {
      const response = await get('/_/console/apps/blog', cookie);
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe('/_/console/sign-in?expired=1');
      // The dead session is dropped from the browser.
      expect(String(response.headers['set-cookie'])).toMatch(/Max-Age=0/);
    }
    const signIn_ = await get('/_/console/sign-in?expired=1');
    expect(signIn_.statusCode).toBe(200);
    expect(signIn_.body).toContain('نشست شما پایان یافته است');

    // A removed key ends its sessions at once.
    const session = await signIn(keys.blog);
    expect((await get('/_/console/apps/blog', session)).statusCode).toBe(200);
    await removeKey({ buildsDir, keysFile }, 'blog-team');
    expect((await get('/_/console/apps/blog', session)).headers.location).toBe('/_/console/sign-in?expired=1');
  });

  it("shows a team its own app only: another team's pages, events and screenshots are refused", async () => {
    const blog = await signIn(keys.blog);
    const list = await get('/_/console', blog);
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain('/_/console/apps/blog');
    expect(list.body).not.toContain('/_/console/apps/catalogue');

    const own = await get('/_/console/apps/blog', blog);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toMatch(/^text\/html/);
    expect(own.body).toContain('dir="rtl"');
    expect(own.body).toContain(versions.blog);

    for (const url of [
      '/_/console/apps/catalogue',
      `/_/console/apps/catalogue?gate=${versions.catalogue}`,
      '/_/console/apps/catalogue/events',
      `/_/console/apps/catalogue/gate/${versions.catalogue}/0.png`,
    ]) {
      const response = await get(url, blog);
      expect([url, response.statusCode]).toEqual([url, 403]);
      expect(response.body).not.toContain(versions.catalogue);
    }
    expect((await get('/_/console/apps/nope', blog)).statusCode).toBe(404);

    const platform = await signIn(keys.platform);
    const all = await get('/_/console', platform);
    expect(all.body).toContain('/_/console/apps/blog');
    expect(all.body).toContain('/_/console/apps/catalogue');
    expect((await get('/_/console/apps/catalogue', platform)).body).toContain(versions.catalogue);
  });

  it("refuses a team's actions on another team's app, the platform key's actions, and posts from elsewhere", async () => {
    const blog = await signIn(keys.blog);
    const before = await readReleaseLog(buildsDir);
    const foreign = await act('/_/console/apps/catalogue/actions/abort', blog, { confirmed: 'yes' });
    expect(foreign.statusCode).toBe(403);
    const platform = await signIn(keys.platform);
    expect((await act('/_/console/apps/blog/actions/rollback', platform, { confirmed: 'yes' })).statusCode).toBe(403);
    for (const origin of [null, 'https://evil.example']) {
      const response = await act('/_/console/apps/blog/actions/rollback', blog, { confirmed: 'yes' }, origin);
      expect(response.statusCode).toBe(403);
    }
    const crossSiteSignIn = await postSignIn(server, keys.blog, 'https://evil.example');
    expect(crossSiteSignIn.statusCode).toBe(403);
    expect(await readReleaseLog(buildsDir)).toEqual(before);
    expect((await readLive(buildsDir))?.versions.blog).toBe(versions.blog);
  });

  it('asks first, then starts and aborts a canary as the deploy API would, recorded under the key name', async () => {
    const blog = await signIn(keys.blog);
    const form = { version: versions.blogNext, percent: '20', force: 'console test: fixture builds' };
    const asked = await act('/_/console/apps/blog/actions/canary', blog, form);
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain('name="confirmed" value="yes"');
    expect((await readLive(buildsDir))?.canary?.blog).toBeUndefined();

    // Confirmed, the action is a job: its page follows it to its end.
    const started = await act('/_/console/apps/blog/actions/canary', blog, { ...form, confirmed: 'yes' });
    expect(started.statusCode).toBe(303);
    expect(started.headers.location).toMatch(/^\/_\/console\/apps\/blog\/jobs\/[0-9a-z]+-[0-9a-f]{12}$/);
    const job = await jobEnd(String(started.headers.location), blog);
    expect(job).toMatch(/data-job-state="succeeded"/);
    expect(job).toContain('قناری آغاز شد');
    expect((await readLive(buildsDir))?.canary?.blog).toMatchObject({ version: versions.blogNext, percent: 20 });
    expect((await get('/_/console/apps/blog', blog)).body).toContain('data-testid="canary-figures"');

    // The gate ran (and refused the fixture build, forced past): its report is kept with the version.
    const report = await readGateReport(buildsDir, 'blog', versions.blogNext);
    expect(report?.rules.at(-1)).toMatchObject({ name: 'exposes', passed: false });
    expect((await get(`/_/console/apps/blog?gate=${versions.blogNext}`, blog)).body).toContain('exposes');

    const aborted = await act('/_/console/apps/blog/actions/abort', blog, { confirmed: 'yes' });
    expect(aborted.statusCode).toBe(303);
    expect(await jobEnd(String(aborted.headers.location), blog)).toMatch(/data-job-state="succeeded"/);
    expect((await readLive(buildsDir))?.canary?.blog).toBeUndefined();
    const lines = (await readReleaseLog(buildsDir, 'blog')).filter((entry) =>
      ['canary', 'abort'].includes(entry.action),
    );
    expect(lines.map((entry) => [entry.action, entry.version, entry.by])).toEqual([
      ['canary', versions.blogNext, 'blog-team'],
      ['abort', versions.blogNext, 'blog-team'],
    ]);
    expect(lines[0]!.forced).toBe('console test: fixture builds');

    // Nothing to abort now: the release's refusal, said on the job's page, nothing changed.
    const again = await act('/_/console/apps/blog/actions/abort', blog, { confirmed: 'yes' });
    const refused = await jobEnd(String(again.headers.location), blog);
    expect(refused).toMatch(/data-job-state="failed"/);
    expect(refused).toMatch(/انجام نشد: <bdi dir="ltr">blog has no canary/);
  });

  /** A job's page once the job has ended (asked again as its script would). */
  async function jobEnd(location: string, session: string): Promise<string> {
    for (;;) {
      const page = await get(location, session);
      expect(page.statusCode).toBe(200);
      if (!/data-job-state="(queued|running)"/.test(page.body)) return page.body;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it("streams a change to an open console only once the app's figures move", async () => {
    const blog = await signIn(keys.blog);
    const page = await get('/_/console/apps/blog', blog);
    const since = /data-fingerprint="([^"]+)"/.exec(page.body)?.[1];
    expect(since).toBeTruthy();
    const base = await server.listen({ port: 0, host: '127.0.0.1' });
    const abort = new AbortController();
    const response = await fetch(`${base}/_/console/apps/blog/events?since=${since}`, {
      headers: { cookie: blog },
      signal: abort.signal,
    });
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = response.body!.getReader();
    let received = '';
    const read = async () => {
      const { value } = await reader.read();
      received += new TextDecoder().decode(value);
    };
    await read();
    // Two checks pass with the figures the page was rendered with: nothing to say.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(received).not.toContain('event: change');
    // A view of the live blog, as an app server counts it: the next check tells the console.
    const minute = String(Math.floor(Date.now() / 60_000) * 60_000);
    await fileCountStore(buildsDir).add({ [`blog@${versions.blog}`]: { [minute]: { view: 1 } } });
    while (!received.includes('event: change')) await read();
    abort.abort();
  });
});
