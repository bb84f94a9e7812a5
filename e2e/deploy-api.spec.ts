import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from './support/test';
import { SPEC_PORTS } from './support/environment';
import { startAppServer } from './support/app-server';
import { copyRunBuilds } from './support/crafted-versions';
import { run } from '@steel/server/deploy-cli';
import { addKey } from '@steel/server/deploy-keys';
import { readReleaseLog } from '@steel/server/release-log';

/**
 * The deploy API (docs/architecture.md, "Deploying a remote") on a running app server, as a team
 * uses it: the CLI's remote mode with the blog team's key uploads a real blog build, the real gate
 * (server render and Chromium mount) passes it, and the running site serves it at once; the same
 * key cannot touch the catalogue.
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });

let workDir: string;
let buildsDir: string;
let server: Awaited<ReturnType<typeof startAppServer>>;
const keys = { blog: '', catalogue: '' };

const liveVersion = (app: string) =>
  (JSON.parse(fs.readFileSync(path.join(buildsDir, 'live.json'), 'utf8')) as Record<string, string>)[app]!;

test.beforeAll(async () => {
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'steel-deploy-api-'));
  buildsDir = path.join(workDir, 'builds');
  copyRunBuilds(buildsDir);
  const keysFile = path.join(workDir, 'deploy-keys.json');
  keys.blog = await addKey({ buildsDir, keysFile }, 'blog', 'blog-team');
  keys.catalogue = await addKey({ buildsDir, keysFile }, 'catalogue', 'catalogue-team');
  server = await startAppServer({
    port: SPEC_PORTS.deployApi,
    buildsDir,
    env: { DEPLOY_KEYS_FILE: keysFile, DEPLOY_GATE_PORT: String(SPEC_PORTS.deployApiGate) },
  });
});

test.afterAll(async () => {
  await server?.stop();
  fs.rmSync(workDir, { recursive: true, force: true });
});

test('the blog team publishes and activates a build over HTTP; the gate passes it and the site serves it', async () => {
  // A new build of the blog: the live one with one more file (a new content hash).
  const dist = path.join(workDir, 'blog-dist');
  fs.cpSync(path.join(buildsDir, 'blog', liveVersion('blog')), dist, {
    recursive: true,
    filter: (source) => !/\.(br|gz)$/.test(source),
  });
  fs.writeFileSync(path.join(dist, 'release-note.txt'), `deployed by the blog team at ${new Date().toISOString()}\n`);
  const previous = liveVersion('blog');

  const lines: string[] = [];
  await run(['--server', server.url, 'publish', 'blog', dist, '--activate'], (line) => lines.push(line), {
    DEPLOY_KEY: keys.blog,
  });
  // One job, followed to its end: its address and steps first, then what the CLI says of it.
  expect(lines[0]).toMatch(/^job \S+ \(publish blog\): follow it with `deploy job blog \S+`/);
  const said = lines.filter((line) => !line.startsWith('job ') && !/^ {2}[…•] /.test(line));
  const version = /Published blog ([0-9a-f]{12})/.exec(said[0] ?? '')?.[1];
  expect(version, lines.join('\n')).toBeTruthy();
  expect(said[1]).toMatch(new RegExp(`^Activated blog ${version} \\(was ${previous}; gate \\d+\\.\\d s\\)$`));

  // Live at once on the running server, with no restart.
  const health = (await (await fetch(`${server.url}/api/health`)).json()) as { builds: Record<string, string> };
  expect(health.builds.blog).toBe(version);
  const note = await fetch(`${server.url}/builds/blog/${version}/release-note.txt`);
  expect(note.status).toBe(200);

  expect((await readReleaseLog(buildsDir, 'blog')).slice(-2)).toEqual([
    expect.objectContaining({ action: 'publish', version, by: 'blog-team' }),
    expect.objectContaining({ action: 'activate', version, previous, gate: 'passed', forced: null, by: 'blog-team' }),
  ]);
});

test('the blog key cannot touch the catalogue, and an unknown key nothing', async () => {
  const before = fs.readFileSync(path.join(buildsDir, 'live.json'), 'utf8');
  const asBlog = await fetch(`${server.url}/_/deploy/catalogue/rollback`, {
    method: 'POST',
    headers: { authorization: `Bearer ${keys.blog}` },
  });
  expect([asBlog.status, await asBlog.json()]).toEqual([
    403,
    { error: 'The key "blog-team" is for blog, not catalogue' },
  ]);
  const unknown = await fetch(`${server.url}/_/deploy/blog/status`, {
    headers: { authorization: 'Bearer steel_deploy_guess' },
  });
  expect(unknown.status).toBe(401);
  const own = await fetch(`${server.url}/_/deploy/catalogue/status`, {
    headers: { authorization: `Bearer ${keys.catalogue}` },
  });
  expect(((await own.json()) as { live: string }).live).toBe(liveVersion('catalogue'));
  expect(fs.readFileSync(path.join(buildsDir, 'live.json'), 'utf8')).toBe(before);
});
