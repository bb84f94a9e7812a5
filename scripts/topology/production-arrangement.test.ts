/**
 * The production arrangement, tried as an operations team would: nginx, three app servers from a
 * production-only install, each with its own cache folder, Redis, the platform's state and the CMS
 * on PostgreSQL, the versions' files in the object store (scripts/lib/production-arrangement.ts).
 * Three servers rather than the default two: what one server's deploy does must reach the other
 * two, and one arrangement for all the tests keeps `npm test` short.
 * Run by `npm test` (node's test runner under tsx): `tsx --test scripts/topology/*.test.ts`.
 * Ports: TOPOLOGY_PORT (9600; the arrangement takes PORT+3 to PORT+24, its fourth server added by
 * a test the last), TOPOLOGY_CMS_PORT (1650).
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import { chromium } from 'playwright-core';
import { buildAndPublish } from '../build';
import { BROWSER_ACCEPT_ENCODING, CHROMIUM_PATH } from '../lib/chromium';
import { APPS, repoRoot } from '../lib/paths';
import { addAppServersOnSignal } from '../lib/joining-servers';
import { type Arrangement, startArrangement } from '../lib/production-arrangement';
import {
  blogDeployKey,
  liveBlogVersion,
  nextBlogBuild,
  publishBlogThroughNginx,
  readPagesUntilStopped,
} from './deploys-under-load';

const run = promisify(execFile);
const port = Number(process.env.TOPOLOGY_PORT ?? 9600);
const cmsPort = Number(process.env.TOPOLOGY_CMS_PORT ?? 1650);
const workDir = path.join(repoRoot, '.tmp', `topology-${port}`);
const buildsDir = path.join(workDir, 'builds');
const EDITOR_TOKEN = `topology-editor-token-${'x'.repeat(40)}`;
const arrangementOptions = {
  port,
  cmsPort,
  buildsDir,
  appServers: 3,
  stateDir: path.join(workDir, 'state'),
  // Production has no demo customer unless asked: the test signs in as it.
  cmsEnv: { CMS_EDITOR_TOKEN: EDITOR_TOKEN, DATABASE_NAME: 'steel_cms', SEED_DEMO_CUSTOMER: 'on' },
  // The test reader and autocannon come from one address: no per-client render rate limit here.
  serverEnv: { RENDER_RATE_LIMIT_PER_MINUTE: 'off', HEALTH_MONITOR: 'off' },
};
/** The JWT secret written in deploy/cms/config/plugins.js (src/utils/production-secrets.js): public. */
const REPOSITORY_JWT_SECRET = 'dev-jwt-secret-steel-cms';
let site: Arrangement;

const get = (url: string, headers: Record<string, string> = {}) => fetch(url, { headers, redirect: 'manual' });
const textOf = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

async function poll<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`${what}: still ${JSON.stringify(value).slice(0, 200)} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The last line of the Redis breaker (opened: «Redis unavailable», closed: «Redis answers again») in an app server's JSON log. */
function lastRedisBreakerLine(log: string): string | null {
  const lines = log
    .split('\n')
    .filter((line) => line.includes('"msg":"Redis unavailable') || line.includes('"msg":"Redis answers again'));
  return lines.at(-1) ?? null;
}

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** An HS256 JSON Web Token over `payload`, as anyone who knows `secret` can make one. */
function signToken(payload: object, secret: string): string {
  const unsigned = `${base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64url(JSON.stringify(payload))}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

/** The demo customer's access token from a real sign-in. */
async function signIn(): Promise<string> {
  const response = await fetch(`${site.cmsUrl}/api/auth/local`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier: 'demo', password: 'Demo1234!' }),
  });
  assert.equal(response.status, 200);
  return ((await response.json()) as { jwt: string }).jwt;
}

const me = (token: string) => fetch(`${site.cmsUrl}/api/users/me`, { headers: { authorization: `Bearer ${token}` } });

/** Whether Redis on `url` answers PING. */
function redisAnswers(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(Number(new URL(url).port), '127.0.0.1');
    socket.setTimeout(1_000, () => socket.destroy());
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (data) => {
      resolve(data.toString().startsWith('+PONG'));
      socket.destroy();
    });
    socket.on('error', () => resolve(false));
    socket.on('close', () => resolve(false));
  });
}

/** The supervisor's lines for one death by SIGKILL of `name` (pid `pid`) and its restart: the new pid. */
function loggedDeathAndRestart(name: string, pid: number): number {
  const log = fs.readFileSync(site.processLog, 'utf8');
  // The first death in a while: restarted after the shortest delay.
  assert.match(
    log,
    new RegExp(
      `\\[supervisor\\] ${name} \\(pid ${pid}\\) died: signal SIGKILL after [\\d.]+ s up; restarting in 0\\.5 s\\n`,
    ),
  );
  const restarted = new RegExp(`\\[supervisor\\] ${name} restarted \\(pid (\\d+), restart \\d+\\)\\n`).exec(
    log.slice(log.indexOf(`${name} (pid ${pid}) died`)),
  );
  assert.ok(restarted, `${name}'s restart is logged`);
  return Number(restarted[1]);
}

before(async () => {
  fs.rmSync(workDir, { recursive: true, force: true });
  fs.mkdirSync(workDir, { recursive: true });
  // The end-to-end run's builds when they are there (npm test runs it first), else `npm run
  // build`'s, else built now. Hidden entries are a running server's state in flux: not copied.
  const existing = [path.join(repoRoot, '.tmp/e2e-builds'), path.join(repoRoot, '.builds')].find((dir) =>
    fs.existsSync(path.join(dir, 'live.json')),
  );
  if (existing)
    fs.cpSync(existing, buildsDir, {
      recursive: true,
      filter: (source) => source === existing || !path.basename(source).startsWith('.'),
    });
  else await buildAndPublish(APPS, buildsDir);
  site = await startArrangement(arrangementOptions);
});

after(async () => {
  await site?.stop();
  // KEEP_TOPOLOGY=1 keeps the work folder (nginx's and each server's logs) to look into a failure.
  if (!process.env.KEEP_TOPOLOGY) fs.rmSync(workDir, { recursive: true, force: true });
});

test('nginx serves pages and the hashed files from the app servers, compressed and immutable', async () => {
  const home = await get(`${site.siteUrl}/`, { 'accept-encoding': 'br' });
  assert.equal(home.status, 200);
  assert.equal(home.headers.get('content-encoding'), 'br');
  const html = await home.text();
  const script = html.match(/\/builds\/shell\/[^"]+\.js/)?.[0];
  assert.ok(script, 'the page names the shell script');
  const asset = await get(`${site.siteUrl}${script}`, { 'accept-encoding': 'br, gzip' });
  assert.equal(asset.status, 200);
  assert.equal(asset.headers.get('server'), 'nginx');
  assert.equal(asset.headers.get('cache-control'), 'public, max-age=31536000, immutable');
  assert.equal(asset.headers.get('content-encoding'), 'br');
  assert.equal(asset.headers.get('access-control-allow-origin'), '*');
  // What sits beside the versions is not public, through nginx or the app servers.
  for (const hidden of ['/builds/live.json', '/builds/shell/x/.hidden', '/builds/failure-counts.json'])
    assert.equal((await get(`${site.siteUrl}${hidden}`)).status, 404, hidden);
  // Nor the server entry, the source maps or the build's records inside a version, though they are
  // on disk; the browser's files are served.
  const shellFolder = script.slice(0, script.lastIndexOf('/') + 1);
  const onDisk = path.join(buildsDir, shellFolder.replace(/^\/builds\//, ''));
  for (const file of [`${script}.map`, `${shellFolder}server/index.js`, `${shellFolder}app-manifest.json`]) {
    assert.ok(fs.existsSync(path.join(onDisk, file.slice(shellFolder.length))), `${file} is on disk`);
    for (const base of [site.siteUrl, ...site.appServerUrls])
      assert.equal((await get(`${base}${file}`, { 'accept-encoding': 'br, gzip' })).status, 404, `${base}${file}`);
  }
  const live = JSON.parse(fs.readFileSync(path.join(buildsDir, 'live.json'), 'utf8')) as Record<'catalogue', string>;
  for (const file of ['mf-manifest.json', 'remoteEntry.js'])
    assert.equal((await get(`${site.siteUrl}/builds/catalogue/${live.catalogue}/${file}`)).status, 200, file);
  // Every app server answers with the same live set.
  const ids = await Promise.all(
    site.appServerUrls.map(
      async (url) => ((await (await get(`${url}/builds/latest.json`)).json()) as { id: string }).id,
    ),
  );
  assert.equal(new Set(ids).size, 1);
  // Only a caller with the secret may turn pages stale: through nginx every caller is "loopback".
  const flush = await fetch(`${site.siteUrl}/_/content-changed`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  assert.equal(flush.status, 403);
});

test("a blog published and activated through app server 1's deploy API is served by servers 2 and 3 from their own folders", async () => {
  const key = await blogDeployKey(site);
  const dist = nextBlogBuild(buildsDir, path.join(workDir, 'blog-server-1'), 'published through app server 1 at');
  const { version } = await publishBlogThroughNginx(site, key, dist, site.appServerUrls[0]);
  const published = Date.now();
  for (const [index, url] of site.appServerUrls.entries()) {
    if (index === 0) continue;
    await poll(
      async () => ((await (await get(`${url}/remotes.json`)).json()) as { blog?: { version: string } }).blog?.version,
      (seen) => seen === version,
      5_000,
      `${url} names the new blog`,
    );
    assert.equal((await get(`${url}/builds/blog/${version}/remoteEntry.js`)).status, 200, url);
    // From its own cache folder, filled from the object store: no other server's disk.
    assert.ok(fs.existsSync(path.join(site.appServerCaches[index]!, 'blog', version, 'remoteEntry.js')), url);
  }
  console.log(`servers 2 and 3 served blog ${version} ${Date.now() - published} ms after server 1's CLI returned`);
  assert.equal((await get(`${site.siteUrl}/builds/blog/${version}/remoteEntry.js`)).status, 200);
});

test('a Chromium visitor whose requests go to the three app servers in turn opens the blog and an article with no error, all of one version', async () => {
  const live = await liveBlogVersion(site);
  // A page the test fulfils (below) came from no address Chromium saw, so its Local Network Access
  // checks count it as public and refuse its reads from the CMS on loopback ("Permission was denied
  // … `loopback` address space"), whenever the page reads the CMS itself. A visitor's page comes
  // from nginx's address: the checks are not what this test is about.
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--disable-features=LocalNetworkAccessChecks'],
  });
  try {
    const page = await browser.newPage();
    const problems: string[] = [];
    const answeredBy = new Map<string, number>();
    const blogFiles = new Set<string>();
    // Each request of the page (its HTML, scripts, manifests, data) to the next app server, as a
    // load balancer with no affinity would send them. The live-set stream never ends (a fetch of it
    // would never return): it goes through nginx as it is.
    let turn = 0;
    await page.route(`${site.siteUrl}/**`, async (route) => {
      const asked = new URL(route.request().url());
      if (asked.pathname === '/builds/events') return route.continue();
      const server = site.appServerUrls[turn++ % site.appServerUrls.length]!;
      const response = await route.fetch({ url: `${server}${asked.pathname}${asked.search}` });
      answeredBy.set(server, (answeredBy.get(server) ?? 0) + 1);
      const blogFile = /^\/builds\/blog\/([^/]+)\//.exec(asked.pathname);
      if (blogFile) blogFiles.add(blogFile[1]!);
      if (response.status() >= 400) problems.push(`${response.status()} ${asked.pathname} from ${server}`);
      await route.fulfill({ response });
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('console', (message) => message.type() === 'error' && problems.push(`console: ${message.text()}`));
    await page.goto(`${site.siteUrl}/blog`);
    await page.locator('main h1').waitFor();
    await page.locator('main a[href^="/blog/"]').first().click();
    await page.waitForURL(/\/blog\/.+/);
    await page.locator('main h1').waitFor();
    console.log(
      `a visitor across the servers: ${[...answeredBy.values()].join(' + ')} requests, blog files of ${[...blogFiles].join(', ')}`,
    );
    assert.deepEqual(problems, []);
    assert.equal(answeredBy.size, site.appServerUrls.length);
    assert.deepEqual([...blogFiles], [live]);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  } finally {
    await browser.close();
  }
});

/** What Prometheus's HTTP API answers for an instant query: one series per label set. */
async function prometheusQuery(
  query: string,
): Promise<Array<{ metric: Record<string, string>; value: [number, string] }>> {
  const response = await fetch(`${site.prometheusUrl}/api/v1/query?query=${encodeURIComponent(query)}`);
  assert.equal(response.status, 200, query);
  const body = (await response.json()) as {
    status: string;
    data: { result: Array<{ metric: Record<string, string>; value: [number, string] }> };
  };
  assert.equal(body.status, 'success');
  return body.data.result;
}

test('Prometheus scrapes every app server and nginx and answers for page requests by outcome; /metrics is not public', async () => {
  // Pages through nginx, which spreads them over every app server.
  for (let i = 0; i < 20; i++) assert.equal((await get(`${site.siteUrl}/`)).status, 200);
  // Not through nginx, however the path is written, nor for a request a proxy forwarded.
  for (const pathname of ['/metrics', '/metrics?x=1', '//metrics', '/%6Detrics'])
    assert.ok([403, 404].includes((await get(`${site.siteUrl}${pathname}`)).status), pathname);
  const forwarded = await get(`${site.appServerUrls[0]}/metrics`, { 'x-forwarded-for': '203.0.113.1' });
  assert.equal(forwarded.status, 403);
  // On the machine itself, each app server answers Prometheus's text format.
  for (const url of site.appServerUrls) {
    const own = await get(`${url}/metrics`);
    assert.equal(own.status, 200);
    assert.match(await own.text(), /^# TYPE steel_page_request_duration_seconds histogram$/m);
  }

  const instances = site.appServerUrls.map((url) => new URL(url).host);
  const series = await poll(
    () =>
      prometheusQuery(
        'sum by (instance, outcome) (steel_page_request_duration_seconds_count{job="steel-app-servers"})',
      ),
    (result) =>
      instances.every((instance) => result.some((one) => one.metric.instance === instance && Number(one.value[1]) > 0)),
    60_000,
    'page requests by outcome from every app server, in Prometheus',
  );
  const outcomes = new Set(series.map((one) => one.metric.outcome));
  assert.ok(
    [...outcomes].every((outcome) =>
      ['cache', 'server', 'partial', 'browser', 'stale', 'error', 'refused', 'redirect'].includes(outcome!),
    ),
    [...outcomes].join(' '),
  );
  assert.ok(outcomes.has('cache') || outcomes.has('server'), [...outcomes].join(' '));
  // Both share one Redis, each timing its commands there.
  const redis = await prometheusQuery('sum by (instance) (steel_redis_command_duration_seconds_count{outcome="ok"})');
  assert.deepEqual(redis.map((one) => one.metric.instance).sort(), [...instances].sort());
  // nginx's own counters, through Debian's exporter.
  await poll(
    () => prometheusQuery('nginx_connections_accepted{job="nginx"}'),
    (result) => result.length === 1 && Number(result[0]!.value[1]) > 0,
    30_000,
    "nginx's accepted connections, in Prometheus",
  );
  // The repository's rules are loaded, and none fails to evaluate.
  const rules = (await (await fetch(`${site.prometheusUrl}/api/v1/rules`)).json()) as {
    data: { groups: Array<{ rules: Array<{ name: string; health: string; lastError?: string }> }> };
  };
  const loaded = rules.data.groups.flatMap((group) => group.rules);
  assert.ok(loaded.some((rule) => rule.name === 'steel:page_requests:rate1m'));
  assert.deepEqual(
    loaded.filter((rule) => rule.health === 'err').map((rule) => `${rule.name}: ${rule.lastError}`),
    [],
  );
});

test("each request has nginx's id, whatever the client sent: on the response and on the app server's JSON log lines", async () => {
  const response = await get(`${site.siteUrl}/`, { 'x-request-id': 'chosen-by-the-client' });
  assert.equal(response.status, 200);
  const id = response.headers.get('x-request-id') ?? '';
  assert.match(id, /^[0-9a-f]{32}$/);
  const lines = await poll(
    async () =>
      site.appServerLogs
        .flatMap((file) => fs.readFileSync(file, 'utf8').split('\n'))
        .filter((line) => line.includes(id))
        .map((line) => JSON.parse(line) as { reqId?: string; msg?: string }),
    (found) => found.some((line) => line.msg === 'request completed'),
    10_000,
    `the app server's log lines of request ${id}`,
  );
  assert.ok(lines.every((line) => line.reqId === id));
  const messages = lines.map((line) => line.msg);
  assert.ok(messages.includes('incoming request') && messages.includes('request completed'), messages.join(', '));
});

test("production secrets of its own: a token signed with the repository's JWT secret is refused, a real sign-in works", async () => {
  // Made on the first start, readable by its owner only, none of them a repository default.
  assert.equal(fs.statSync(site.secretsFile).mode & 0o777, 0o600);
  const secrets = Object.fromEntries(
    fs
      .readFileSync(site.secretsFile, 'utf8')
      .split('\n')
      .filter((line) => /^[A-Z_]+=/.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
  for (const name of [
    'JWT_SECRET',
    'ADMIN_JWT_SECRET',
    'APP_KEYS',
    'API_TOKEN_SALT',
    'TRANSFER_TOKEN_SALT',
    'ENCRYPTION_KEY',
    'CONTENT_CHANGE_SECRET',
    'SITE_READ_SECRET',
  ]) {
    assert.match(secrets[name] ?? '', /^[0-9a-f]{32,}(,[0-9a-f]{32})*$/, name);
  }
  assert.equal(secrets['CONTENT_CHANGE_SECRET'], site.contentChangeSecret);
  const token = await signIn();
  const real = await me(token);
  assert.equal(real.status, 200);
  const user = (await real.json()) as { id: number; username: string };
  assert.equal(user.username, 'demo');
  // The same claims (user, session, type, times) signed with the secret written in the repository.
  const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as object;
  assert.equal((await me(signToken(claims, REPOSITORY_JWT_SECRET))).status, 401);
  const now = Math.floor(Date.now() / 1000);
  assert.equal((await me(signToken({ id: user.id, iat: now, exp: now + 600 }, REPOSITORY_JWT_SECRET))).status, 401);
});

/** The deploy API's calls in nginx's access log: method, path, status and seconds taken. */
function deployCallsLogged(): Array<{ call: string; status: number; seconds: number }> {
  const log = fs.readFileSync(path.join(workDir, 'state', 'nginx', 'access.log'), 'utf8');
  return [...log.matchAll(/"(\w+ \/_\/deploy\/\S+) HTTP\/[\d.]+" (\d{3}) .* ([\d.]+)$/gm)].map((match) => ({
    call: match[1]!,
    status: Number(match[2]),
    seconds: Number(match[3]),
  }));
}

test('a blog published through nginx under 64 connections: every call answers within 30 s, the job takes it live, a reader sees no error', async () => {
  const key = await blogDeployKey(site);
  const dist = nextBlogBuild(buildsDir, path.join(workDir, 'blog-next'), 'built for the topology test at');

  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH });
  const problems: string[] = [];
  let reading = true;
  const reader = (async () => {
    const page = await browser.newPage();
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on(
      'response',
      (response) => response.status() >= 500 && problems.push(`${response.status()} ${response.url()}`),
    );
    // A request the next navigation cancels (net::ERR_ABORTED) is the reader moving on, not a failure.
    page.on(
      'requestfailed',
      (request) =>
        request.failure()?.errorText !== 'net::ERR_ABORTED' &&
        problems.push(`failed ${request.url()} ${request.failure()?.errorText}`),
    );
    let visits = 0;
    // A page that never shows is a problem like the others, said at the end; the reader stops
    // there rather than leaving the test (and its browser) hanging on a rejected promise.
    try {
      while (reading || visits < 4) {
        await page.goto(`${site.siteUrl}/blog`);
        await page.locator('main h1').waitFor();
        await page.locator('main a[href^="/blog/"]').first().click();
        await page.waitForURL(/\/blog\/.+/);
        await page.locator('main h1').waitFor();
        visits += 1;
      }
    } catch (error) {
      problems.push(`the reader stopped: ${(error as Error).message.split('\n')[0]}`);
    }
    return visits;
  })();
  // 64 more readers, without a pause, through nginx: the load the operator's trial had.
  const load = readPagesUntilStopped(site.siteUrl, 64);

  try {
    const calledFrom = deployCallsLogged().length;
    const { version, jobId } = await publishBlogThroughNginx(site, key, dist);
    load.stop();
    const switched = Date.now();
    for (const url of site.appServerUrls) {
      await poll(
        async () => ((await (await get(`${url}/remotes.json`)).json()) as { blog?: { version: string } }).blog?.version,
        (seen) => seen === version,
        5_000,
        `${url} serves the new blog`,
      );
    }
    console.log(`every app server served blog ${version} ${Date.now() - switched} ms after the CLI returned`);
    // It went live by its job: the record says so, read through nginx as the console would.
    const job = (await (
      await get(`${site.siteUrl}/_/deploy/blog/jobs/${jobId}`, { authorization: `Bearer ${key}` })
    ).json()) as { state: string; done: string[] };
    assert.equal(job.state, 'succeeded');
    assert.deepEqual(job.done, [`published blog ${version}`, `blog ${version} live`]);
    // Every call the CLI made answered before nginx's 30 s limit for the deploy API (a 504 otherwise).
    await new Promise((resolve) => setTimeout(resolve, 2_500)); // nginx flushes its access log every 2 s
    const calls = deployCallsLogged().slice(calledFrom);
    console.log(
      `${calls.length} deploy calls through nginx, the longest ${Math.max(...calls.map((call) => call.seconds))} s`,
    );
    assert.ok(
      calls.some((call) => call.call.startsWith('POST /_/deploy/blog/versions')),
      'the upload went through nginx',
    );
    assert.deepEqual(
      calls.filter((call) => call.status >= 500 || call.seconds >= 30),
      [],
    );
    // The page the reader gets through nginx loads the new version.
    assert.match(await (await get(`${site.siteUrl}/blog`)).text(), new RegExp(`/builds/blog/${version}/`));
    // Views of it on either server add up in Redis, where the health monitor and status read them.
    for (const url of site.appServerUrls) for (let view = 0; view < 2; view++) await get(`${url}/blog`);
    const views = await poll(
      async () => {
        const { stdout: json } = await run(
          process.execPath,
          [site.cliFile, 'status', 'blog', '--json', '--server', site.siteUrl],
          { env: { ...process.env, DEPLOY_KEY: key } },
        );
        return (JSON.parse(json) as { apps: Array<{ live: string; failures: { views: number } }> }).apps[0];
      },
      (blog) => blog?.live === version && blog.failures.views >= 5,
      5_000,
      'status counts the views of both servers',
    );
    console.log(`status: ${views?.failures.views} views of blog ${version} counted by every app server`);
  } finally {
    load.stop();
    reading = false;
    const visits = await reader;
    await browser.close();
    const pages = await load.result;
    console.log(
      `the reader opened ${visits} articles during the deploy; 64 more connections read ${pages.requests.total} pages (${pages.non2xx} not 2xx)`,
    );
  }
  assert.deepEqual(problems, []);
});

test('a content change made in the CMS shows on pages from every app server', async () => {
  for (const url of site.appServerUrls) assert.equal((await get(`${url}/about-us`)).status, 200);
  const found = (await (await get(`${site.cmsUrl}/api/static-pages?filters[slug][$eq]=about-us`)).json()) as {
    data: Array<{ documentId: string }>;
  };
  const summary = `خلاصه ویرایش‌شده ${Date.now()}`;
  const edit = await fetch(`${site.cmsUrl}/api/static-pages/${found.data[0]!.documentId}?status=published`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${EDITOR_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ data: { summary } }),
  });
  assert.equal(edit.status, 200);
  for (const url of site.appServerUrls) {
    await poll(
      async () => textOf(await (await get(`${url}/about-us`)).text()).includes(summary),
      Boolean,
      5_000,
      `${url} shows the change`,
    );
  }
});

test('stopping one app server under 64 connections through nginx fails no GET', async () => {
  // Pages cached first, so the figures are about the servers, not first renders.
  const paths = ['/', '/rebar', '/blog', '/about-us'];
  for (const pagePath of paths) await get(`${site.siteUrl}${pagePath}`);
  const load = autocannon({
    url: site.siteUrl,
    connections: 64,
    duration: 8,
    requests: paths.map((pagePath) => ({ method: 'GET', path: pagePath })),
  });
  const stopped = new Promise<void>((resolve) => setTimeout(() => void site.stopAppServer(0).then(resolve), 2_000));
  try {
    const result = await load;
    await stopped;
    console.log(
      `${result.requests.total} GETs in 8 s with app server 1 stopped after 2 s: ${result.errors} errors, ${result.non2xx} not 2xx`,
    );
    assert.ok(result.requests.total > 100);
    assert.equal(result.errors, 0);
    assert.equal(result.non2xx, 0);
  } finally {
    await stopped;
    await site.startAppServer(0);
  }
  assert.equal((await get(`${site.appServerUrls[0]}/`)).status, 200);
});

test('an app server hung (SIGSTOP) under 64 connections through nginx: no visitor gives up, every GET is served', async () => {
  // A hung server is not a dead one: it still accepts connections (the kernel does), and nothing
  // comes back. nginx's page read time-out sends its pages to the other servers in time.
  const paths = ['/', '/rebar', '/blog', '/about-us'];
  for (const pagePath of paths) await get(`${site.siteUrl}${pagePath}`);
  const pid = site.pidOf('app-2');
  assert.ok(pid);
  const load = autocannon({
    url: site.siteUrl,
    connections: 64,
    duration: 15,
    timeout: 10,
    headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING },
    requests: paths.map((pagePath) => ({ method: 'GET', path: pagePath })),
  });
  const hang = setTimeout(() => process.kill(pid, 'SIGSTOP'), 2_000);
  try {
    const result = await load;
    console.log(
      `${result.requests.total} GETs in 15 s with app server 2 hung after 2 s: ${result.timeouts} client time-outs, ${result.errors} errors, ${result.non2xx} not 2xx, max ${result.latency.max} ms`,
    );
    assert.ok(result.requests.total > 100);
    assert.equal(result.timeouts, 0);
    assert.equal(result.errors, 0);
    assert.equal(result.non2xx, 0);
  } finally {
    clearTimeout(hang);
    process.kill(pid, 'SIGCONT');
  }
  // Resumed, it first works through what queued while it was stopped: its event loop late, it sheds
  // a page or two as busy (503) until it has caught up, then answers by itself.
  await poll(
    async () => (await get(`${site.appServerUrls[1]}/`)).status,
    (status) => status === 200,
    15_000,
    'app server 2 answering again after SIGCONT',
  );
});

test('a flood of 1024 connections on / through nginx: no client gives up; what is not served is the Persian busy page', async () => {
  await get(`${site.siteUrl}/`);
  // Browsers, as a crowd would come: each asks for compressed pages (Chromium's Accept-Encoding).
  // Plain pages are 6–7 times larger, and autocannon joins every body into a string in this one
  // process: a flood of plain pages measured mostly how late this test's own event loop was.
  const browsers = autocannon({
    url: `${site.siteUrl}/`,
    connections: 1024 - 16,
    duration: 10,
    timeout: 10,
    headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING },
  });
  // A few plain clients beside them read one refused page whole from the flood itself (a separate
  // probe after it can be starved of its turn on a busy machine and see only 200s): its status,
  // headers and words.
  let busy: { status: number; retryAfter: string | null; cacheControl: string | null; persian: boolean } | null = null;
  const plainClients = autocannon({
    url: `${site.siteUrl}/`,
    connections: 16,
    duration: 10,
    timeout: 10,
    requests: [
      {
        method: 'GET',
        path: '/',
        onResponse: (status, body, _context, headers) => {
          if (busy || status === 200) return;
          // autocannon passes the headers as sent (nginx writes Retry-After): looked up in any case.
          const header = (name: string) => {
            const sent = Object.entries(headers ?? {}).find(([key]) => key.toLowerCase() === name);
            return sent ? String(sent[1]) : null;
          };
          busy = {
            status,
            retryAfter: header('retry-after'),
            cacheControl: header('cache-control'),
            persian: body.includes('<h1>خطا ۵۰۳</h1><p>در این لحظه درخواست‌های زیادی به سایت می‌رسد'),
          };
        },
      },
    ],
  });
  const [browsersResult, plainResult] = await Promise.all([browsers, plainClients]);
  const timeouts = browsersResult.timeouts + plainResult.timeouts;
  const p97_5 = Math.max(browsersResult.latency.p97_5, plainResult.latency.p97_5);
  try {
    const statuses: Record<string, number> = {};
    for (const { statusCodeStats } of [browsersResult, plainResult]) {
      for (const [status, { count }] of Object.entries(statusCodeStats ?? {}))
        statuses[status] = (statuses[status] ?? 0) + (count ?? 0);
    }
    console.log(`1024 connections, 10 s: ${JSON.stringify(statuses)}, ${timeouts} client time-outs, p97.5 ${p97_5} ms`);
    assert.equal(timeouts, 0);
    assert.equal(browsersResult.errors + plainResult.errors, 0);
    assert.deepEqual(Object.keys(statuses).sort(), ['200', '503']);
    assert.deepEqual(busy, { status: 503, retryAfter: '5', cacheControl: 'no-store', persian: true });
    // The flood over, pages are served again.
    assert.equal((await get(`${site.siteUrl}/`)).status, 200);
  } finally {
    // Starved of CPU, Redis may have answered an app server late (over 100 ms): its breaker opened
    // and it served its own copy of the pages. Each one asks Redis again after the breaker's pause
    // (30 s at most) and is back on the shared cache, where an invalidation reaches every server at
    // once. Waited for even when the flood failed, so the tests after it start from a settled site.
    await poll(
      async () => {
        await Promise.all(site.appServerUrls.map((url) => get(`${url}/`)));
        return site.appServerLogs.map((file) => lastRedisBreakerLine(fs.readFileSync(file, 'utf8')));
      },
      (lines) => lines.every((line) => line === null || line.includes('Redis answers again')),
      40_000,
      'every app server back on Redis after the flood',
    );
  }
});

test('the object store stopped for 20 s under 32 connections: pages keep coming; a publish is refused in one line, leaves nothing, and goes live once the store is back', async () => {
  const key = await blogDeployKey(site);
  const dist = nextBlogBuild(buildsDir, path.join(workDir, 'blog-store-outage'), 'published during a store outage at');
  const liveBefore = await liveBlogVersion(site);
  const readers = readPagesUntilStopped(site.siteUrl, 32);
  await site.stopObjectStore();
  const outageEnds = Date.now() + 20_000;
  let refusal: { code: unknown; stdout: string; stderr: string };
  try {
    refusal = await run(
      process.execPath,
      [site.cliFile, 'publish', 'blog', dist, '--activate', '--server', site.siteUrl],
      {
        env: { ...process.env, DEPLOY_KEY: key },
        timeout: 120_000,
      },
    ).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code: unknown; stdout: string; stderr: string }) => error,
    );
    // Still down meanwhile: nothing of the version is served, the live blog is the one before.
    assert.equal(await liveBlogVersion(site), liveBefore);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, outageEnds - Date.now())));
  } finally {
    await site.startObjectStore();
  }
  readers.stop();
  const pages = await readers.result;
  console.log(
    `store stopped 20 s: ${pages.requests.total} GETs, ${pages.errors} errors, ${pages.non2xx} not 2xx; the publish meanwhile: exit ${String(refusal.code)}, stderr ${JSON.stringify(refusal.stderr)}`,
  );
  assert.equal(pages.errors, 0);
  assert.equal(pages.non2xx, 0);
  assert.notEqual(refusal.code, 0);
  const said = refusal.stderr.trim().split('\n');
  assert.equal(said.length, 1, refusal.stderr);
  assert.match(said[0]!, /store/i);
  // Back: the same build is taken whole, and every server serves it (each hears of it within seconds).
  const { version } = await publishBlogThroughNginx(site, key, dist);
  for (const url of site.appServerUrls) {
    await poll(
      async () => ((await (await get(`${url}/remotes.json`)).json()) as { blog?: { version: string } }).blog?.version,
      (seen) => seen === version,
      10_000,
      `${url} names the blog published after the outage`,
    );
    assert.equal((await get(`${url}/builds/blog/${version}/remoteEntry.js`)).status, 200, url);
  }
});

test('PostgreSQL stopped for 20 s under 32 connections: pages keep coming; back, the live set, its history and the CMS are as before', async () => {
  const key = await blogDeployKey(site);
  const history = async () => {
    const response = await fetch(`${site.siteUrl}/_/deploy/blog/history`, {
      headers: { authorization: `Bearer ${key}` },
    });
    assert.equal(response.status, 200);
    return response.text();
  };
  const liveBefore = await liveBlogVersion(site);
  const historyBefore = await history();
  // The readers' pages made first, on every server (a page never made needs the CMS, which needs
  // the database: it is the 503 page during the outage, as with the CMS stopped, below).
  for (const url of site.appServerUrls)
    for (const pagePath of ['/', '/rebar', '/blog', '/about-us'])
      assert.equal((await get(`${url}${pagePath}`)).status, 200, `${url}${pagePath}`);
  const readers = readPagesUntilStopped(site.siteUrl, 32);
  await site.stopPostgres();
  try {
    await new Promise((resolve) => setTimeout(resolve, 20_000));
    // The CMS and the platform's state are both out of reach; the pages already made are not.
    assert.equal(await liveBlogVersion(site), liveBefore);
  } finally {
    await site.startPostgres();
  }
  readers.stop();
  const pages = await readers.result;
  console.log(`PostgreSQL stopped 20 s: ${pages.requests.total} GETs, ${pages.errors} errors, ${pages.non2xx} not 2xx`);
  assert.equal(pages.errors, 0);
  assert.equal(pages.non2xx, 0);
  // Back: each keeps what it had, and reads and writes again once its connections are remade.
  await poll(
    async () => (await get(`${site.cmsUrl}/api/static-pages?filters[slug][$eq]=about-us`)).status,
    (status) => status === 200,
    60_000,
    'the CMS reads its database again',
  );
  assert.equal(await liveBlogVersion(site), liveBefore);
  assert.equal(await history(), historyBefore);
  await poll(
    async () =>
      (await fetch(`${site.siteUrl}/_/deploy/blog/status`, { headers: { authorization: `Bearer ${key}` } })).status,
    (status) => status === 200,
    30_000,
    'the deploy API reads the platform state again',
  );
});

test('with the CMS stopped, cached pages are served stale and uncached ones are the 503 page; restarted, pages are fresh', async () => {
  const articles = [
    ...new Set(
      [...(await (await get(`${site.siteUrl}/blog`)).text()).matchAll(/href="(\/blog\/[^"]+)"/g)].map(
        (match) => match[1]!,
      ),
    ),
  ];
  const uncached = articles[articles.length - 1]!;
  assert.equal((await get(`${site.siteUrl}/rebar`)).status, 200);
  const logBefore = fs.readFileSync(site.processLog, 'utf8');
  await site.stopCms();
  try {
    // Everything turns stale (as after a publish): the re-render fails, the last good render is served.
    const flush = await fetch(`${site.siteUrl}/_/content-changed`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-content-change-secret': site.contentChangeSecret },
      body: '{}',
    });
    assert.equal(flush.status, 200);
    for (const url of [site.siteUrl, ...site.appServerUrls]) {
      const cached = await get(`${url}/rebar`);
      assert.equal(cached.status, 200, url);
      assert.equal(cached.headers.get('x-render'), 'stale', url);
      assert.match(textOf(await cached.text()), /میلگرد/);
    }
    const never = await get(`${site.siteUrl}${uncached}`);
    assert.equal(never.status, 503);
    assert.match(await never.text(), /dir="rtl"/);
    // A deliberate stop is not a death: nothing restarted it (a restart comes 0.5 s after a death).
    assert.equal(site.pidOf('cms'), null);
    assert.equal(fs.readFileSync(site.processLog, 'utf8'), logBefore);
  } finally {
    await site.startCms();
  }
  const fresh = await poll(
    async () => (await get(`${site.siteUrl}${uncached}`)).status,
    (status) => status === 200,
    30_000,
    'the article after the CMS restart',
  );
  assert.equal(fresh, 200);
});

test('an app server, Redis and the CMS killed with SIGKILL come back by themselves, each death and restart logged', async () => {
  const appPid = site.pidOf('app-1')!;
  process.kill(appPid, 'SIGKILL');
  const appHealth = async () => {
    const response = await get(`${site.appServerUrls[0]}/api/health`).catch(() => null);
    return response?.ok ? ((await response.json()) as { pid: number }).pid : null;
  };
  const newAppPid = await poll(
    appHealth,
    (pid) => pid !== null && pid !== appPid,
    60_000,
    'app server 1 answers again',
  );
  assert.equal(loggedDeathAndRestart('app-1', appPid), newAppPid);
  // Dead again soon after its restart: the next restart waits twice as long (the back-off).
  process.kill(newAppPid!, 'SIGKILL');
  await poll(
    appHealth,
    (pid) => pid !== null && pid !== newAppPid,
    60_000,
    'app server 1 answers again after a second death',
  );
  assert.match(
    fs.readFileSync(site.processLog, 'utf8'),
    new RegExp(`app-1 \\(pid ${newAppPid}\\) died: signal SIGKILL after [\\d.]+ s up; restarting in 1\\.0 s\\n`),
  );

  const redisPid = site.pidOf('redis')!;
  process.kill(redisPid, 'SIGKILL');
  await poll(
    async () => site.pidOf('redis') !== redisPid && (await redisAnswers(site.redisUrl)),
    Boolean,
    30_000,
    'Redis answers again',
  );
  assert.equal(loggedDeathAndRestart('redis', redisPid), site.pidOf('redis'));
  // The site answers on, its app servers connected to the new Redis.
  await poll(
    async () => (await get(`${site.siteUrl}/rebar`)).status,
    (status) => status === 200,
    10_000,
    'pages after the Redis restart',
  );

  const cmsPid = site.pidOf('cms')!;
  process.kill(cmsPid, 'SIGKILL');
  await poll(
    async () => site.pidOf('cms') !== cmsPid && (await get(`${site.cmsUrl}/_health`).catch(() => null))?.status === 204,
    Boolean,
    240_000,
    'the CMS answers again',
  );
  assert.equal(loggedDeathAndRestart('cms', cmsPid), site.pidOf('cms'));
  assert.equal((await me(await signIn())).status, 200);
});

test('a fourth app server added under 32 connections with `npm run production:add-server` serves the live set at once from an empty cache; no GET is answered with an error or late', async () => {
  // The command signals the process that runs the arrangement, as `npm run start:production` listens.
  const stopListening = addAppServersOnSignal(() => site.addAppServer(), arrangementOptions.stateDir);
  const paths = ['/', '/rebar', '/blog', '/about-us'];
  for (const pagePath of paths) await get(`${site.siteUrl}${pagePath}`);
  const accessLog = path.join(workDir, 'state', 'nginx', 'access.log');
  const load = autocannon({
    url: site.siteUrl,
    connections: 32,
    // An app server starts in about 15 s on two loaded cores: the load goes on well past its join.
    duration: 45,
    timeout: 10,
    headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING },
    requests: paths.map((pagePath) => ({ method: 'GET', path: pagePath })),
  });
  // nginx's reload closes every kept-alive client connection once its request is answered (its old
  // workers exit); a request the client sends on one at that instant meets a closed socket. Browsers
  // send such a request again on a new connection (HTTP/1.1 allows it for a GET), autocannon
  // counts it as an error: each is noted, to tell those from any other failure.
  const clientErrors: string[] = [];
  // The promise is autocannon's tracker too (an event emitter), though its types say only the one.
  (load as unknown as autocannon.Instance).on('reqError', (error: NodeJS.ErrnoException) =>
    clientErrors.push(error.code ?? error.message),
  );
  try {
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const asked = Date.now();
    const { stdout } = await run('npm', ['run', 'production:add-server'], {
      cwd: repoRoot,
      env: { ...process.env, STATE_DIR: arrangementOptions.stateDir },
      timeout: 150_000,
    });
    console.log(`app-4 joined ${Date.now() - asked} ms after the command was run`);
    const added = `127.0.0.1:${port + 24}`;
    assert.match(stdout, new RegExp(`^app-4 joined at http://${added.replaceAll('.', '\\.')};`, 'm'));
    assert.equal(site.appServerUrls.length, 4);
    const url = site.appServerUrls[3]!;
    const joinedAt = fs.statSync(accessLog).size;
    // The live set at once, with no deploy: the same as server 1's, and every live app's entry
    // served from its own cache folder, which it filled from the object store.
    const live = async (base: string) =>
      (await (await get(`${base}/remotes.json`)).json()) as Record<string, { version: string }>;
    const expected = await live(site.appServerUrls[0]!);
    assert.deepEqual(await live(url), expected);
    for (const [app, { version }] of Object.entries(expected)) {
      assert.equal((await get(`${url}/builds/${app}/${version}/remoteEntry.js`)).status, 200, `${app} ${version}`);
      assert.ok(fs.existsSync(path.join(site.appServerCaches[3]!, app, version, 'remoteEntry.js')), app);
    }
    const home = await get(`${url}/`);
    assert.equal(home.status, 200);
    const html = await home.text();
    assert.match(html, /<html[^>]* dir="rtl"/);
    const shellScript = html.match(/\/builds\/shell\/[^"]+\.js/)?.[0];
    assert.ok(shellScript, 'its page names the shell script');
    assert.equal((await get(`${url}${shellScript}`)).status, 200, shellScript);
    const result = await load;
    console.log(
      `${result.requests.total} GETs in 45 s with app-4 asked for after 2 s: ${result.timeouts} client time-outs, ${result.non2xx} not 2xx, max ${result.latency.max} ms; ${result.errors} connections closed by nginx's reload under a request (${clientErrors.join(', ') || 'none'})`,
    );
    assert.ok(result.requests.total > 100);
    assert.equal(result.timeouts, 0);
    assert.equal(result.non2xx, 0);
    assert.deepEqual(
      clientErrors.filter((kind) => !/^(ECONNRESET|EPIPE)$|socket hang up/i.test(kind)),
      [],
      'no error but a connection closed under a request',
    );
    // At most once per connection: the reload closes each one once.
    assert.ok(result.errors <= 32, `${result.errors} errors`);
    // nginx gave it its share of the load (its access log names the server that answered).
    const answeredByIt = await poll(
      async () =>
        fs
          .readFileSync(accessLog)
          .subarray(joinedAt)
          .toString('utf8')
          .split('\n')
          .filter((line) => line.includes(` ${added} `)).length,
      (count) => count > 0,
      10_000,
      `nginx's requests to ${added}`,
    );
    console.log(`app-4 answered ${answeredByIt} requests through nginx after it joined`);
  } finally {
    stopListening();
    await load;
  }
  // Prometheus scrapes it too.
  await poll(
    () => prometheusQuery(`up{job="steel-app-servers",instance="127.0.0.1:${port + 24}"}`),
    (series) => series.some((one) => one.value[1] === '1'),
    60_000,
    'Prometheus scraping app-4',
  );
  // And one more command with nothing running says so in one line.
  const none = await run('npm', ['run', '--silent', 'production:add-server'], {
    cwd: repoRoot,
    env: { ...process.env, STATE_DIR: path.join(workDir, 'no-arrangement-here') },
  }).catch((error: { code: number; stderr: string }) => error);
  assert.ok('code' in none && none.code === 1);
  assert.match(
    none.stderr,
    /^No production arrangement runs from .*no-arrangement-here: start it with npm run start:production\n$/,
  );
});

test("app server 2's cache folder wiped under 32 connections: no GET fails, and it refills from the object store", async () => {
  const server = site.appServerUrls[1]!;
  const cache = site.appServerCaches[1]!;
  const live = (await (await get(`${server}/remotes.json`)).json()) as Record<string, { version: string }>;
  const shellScript = (await (await get(`${server}/`)).text()).match(/\/builds\/shell\/[^"]+\.js/)?.[0];
  assert.ok(shellScript, 'the page names the shell script');
  const files = [
    shellScript,
    ...Object.entries(live).map(([app, { version }]) => `/builds/${app}/${version}/remoteEntry.js`),
  ];
  const paths = ['/', '/rebar', '/blog', '/about-us', ...files];
  for (const pagePath of paths) assert.equal((await get(`${site.siteUrl}${pagePath}`)).status, 200, pagePath);
  const load = autocannon({
    url: site.siteUrl,
    connections: 32,
    duration: 15,
    timeout: 10,
    headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING },
    requests: paths.map((pagePath) => ({ method: 'GET', path: pagePath })),
  });
  const wipe = setTimeout(() => fs.rmSync(cache, { recursive: true, force: true }), 2_000);
  try {
    const result = await load;
    console.log(
      `${result.requests.total} GETs (pages and live files) in 15 s with app server 2's cache wiped after 2 s: ${result.timeouts} client time-outs, ${result.errors} errors, ${result.non2xx} not 2xx`,
    );
    assert.ok(result.requests.total > 100);
    assert.equal(result.timeouts, 0);
    assert.equal(result.errors, 0);
    assert.equal(result.non2xx, 0);
  } finally {
    clearTimeout(wipe);
  }
  // Refilled: each live file straight from server 2 again, from its own folder.
  for (const file of files) {
    assert.equal((await get(`${server}${file}`)).status, 200, file);
    assert.ok(fs.existsSync(path.join(cache, file.replace(/^\/builds\//, ''))), `${file} is in its cache again`);
  }
  assert.equal((await get(`${server}/weight_table`)).status, 200);
});

test('the secrets are kept across a restart of the whole arrangement: the same file, and a sign-in made before still works', async () => {
  const before = fs.readFileSync(site.secretsFile, 'utf8');
  const token = await signIn();
  await site.stop();
  site = await startArrangement(arrangementOptions);
  assert.equal(fs.readFileSync(site.secretsFile, 'utf8'), before);
  assert.equal(fs.statSync(site.secretsFile).mode & 0o777, 0o600);
  assert.equal((await me(token)).status, 200);
});

/** The visible text of a page's <main> through nginx, and its status. */
async function mainOf(pagePath: string): Promise<{ status: number; text: string }> {
  const response = await get(`${site.siteUrl}${pagePath}`);
  const html = await response.text();
  return { status: response.status, text: textOf(html.slice(html.indexOf('<main'), html.indexOf('</main>'))).trim() };
}

/** `npm run backup` or `npm run restore` for the arrangement in `stateDir` and `buildsDir`. */
const backupCommand = (script: 'backup' | 'restore', args: string[], dirs: { stateDir: string; buildsDir: string }) =>
  run(path.join(repoRoot, 'node_modules/.bin/tsx'), [`scripts/${script}.ts`, ...args], {
    cwd: repoRoot,
    env: {
      ...process.env,
      STATE_DIR: dirs.stateDir,
      BUILDS_DIR: dirs.buildsDir,
      CMS_PORT: String(cmsPort),
      BACKUP_PASSPHRASE_FILE: path.join(workDir, 'backup-passphrase'),
    },
    timeout: 600_000,
  });

test('restore drill: a backup put back onto a fresh arrangement serves the same pages, orders, live versions, keys and sign-ins', async () => {
  // What the running site holds: a new order, the demo customer's orders, what is live, pages
  // (one an editor changed), a deploy key, a sign-in.
  const token = await signIn();
  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const product = (
    (await (await get(`${site.cmsUrl}/api/products?fields[0]=slug&pagination[pageSize]=1`)).json()) as {
      data: Array<{ slug: string }>;
    }
  ).data[0]!.slug;
  const ordered = await fetch(`${site.cmsUrl}/api/orders`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({
      data: { items: [{ product_slug: product, quantity: 3 }], note: 'سفارش پیش از پشتیبان‌گیری' },
    }),
  });
  assert.equal(ordered.status, 201, await ordered.clone().text());
  const orders = async () =>
    (
      (await (await fetch(`${site.cmsUrl}/api/orders?sort[0]=number:asc`, { headers: auth })).json()) as {
        data: Array<{ number: string; status: string; note?: string }>;
      }
    ).data.map(({ number, status, note }) => ({ number, status, note }));
  const ordersBefore = await orders();
  assert.ok(ordersBefore.some((order) => order.note === 'سفارش پیش از پشتیبان‌گیری'));
  const remotes = async () =>
    (await (await get(`${site.siteUrl}/remotes.json`)).json()) as Record<string, { version: string } | undefined>;
  const remotesBefore = await remotes();
  const pages = ['/', '/rebar', '/about-us', '/blog'];
  const pagesBefore = await Promise.all(pages.map(mainOf));
  assert.ok(pagesBefore.every((page) => page.status === 200 && page.text.length > 100));
  // Into the platform's PostgreSQL, where the app servers read the keys.
  const { stdout: added } = await run(process.execPath, [site.cliFile, 'keys', 'add', 'blog', 'restore-drill'], {
    env: { ...process.env, ...site.platformEnv },
  });
  const deployKey = added.trim().split('\n').pop()!;

  fs.writeFileSync(path.join(workDir, 'backup-passphrase'), 'the restore drill passphrase, kept apart\n', {
    mode: 0o600,
  });
  const backups = path.join(workDir, 'backups');
  const made = await backupCommand('backup', ['--to', backups], arrangementOptions);
  console.log(made.stdout.trim());
  const [backup] = fs.readdirSync(backups);
  assert.match(backup ?? '', /^steel-backup-/);

  // A fresh arrangement: empty state and builds folders (an empty platform database and object
  // store), the same ports, the old one gone. Its start moves the restored builds folder in.
  await site.stop();
  const fresh = {
    ...arrangementOptions,
    stateDir: path.join(workDir, 'fresh-state'),
    buildsDir: path.join(workDir, 'fresh-builds'),
  };
  const restored = await backupCommand('restore', [path.join(backups, backup!)], fresh);
  console.log(restored.stdout.trim());
  site = await startArrangement(fresh);

  assert.deepEqual(await remotes(), remotesBefore);
  assert.deepEqual(await Promise.all(pages.map(mainOf)), pagesBefore);
  // The sign-in made before still works (the secrets and the sessions came back), and sees the same orders.
  assert.deepEqual(await orders(), ordersBefore);
  // The key made before still deploys.
  const status = await run(process.execPath, [site.cliFile, 'status', 'blog', '--json', '--server', site.siteUrl], {
    env: { ...process.env, DEPLOY_KEY: deployKey },
  });
  assert.equal(
    (JSON.parse(status.stdout) as { apps: Array<{ live: string }> }).apps[0]?.live,
    remotesBefore.blog?.version,
  );
});
