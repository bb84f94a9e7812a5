import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from './support/test';
import { CONTRACT_VERSION } from '@steel/contract';
import { run as deployCli } from '@steel/server/deploy-cli';
import { readReleaseLog } from '@steel/server/release-log';
import { SPEC_PORTS, repoRoot } from './support/environment';
import { startAppServer } from './support/app-server';
import { copyRunBuilds } from './support/crafted-versions';
import { teamNpm } from '../scripts/lib/new-remote';

/**
 * A remote built and deployed without the monorepo (docs/guide-joining-as-a-team.md, "What you get, and building without a registry"), as
 * the blog team does it: @steel/shared and @steel/build are packed (`npm pack`, at the contract
 * version), mf-blog alone is copied into an empty folder outside the repository with its
 * dependencies pointed at the two tarballs, installed with npm, built with `npm run build`, and
 * deployed over plain HTTP with a blog key the site's operator created with `deploy keys add`.
 * The gate passes it and the running site serves it.
 *
 * npm runs with --prefer-offline: the packages are those the monorepo's own install put in the
 * npm cache, so only what is missing there is fetched from the registry.
 */
test.describe.configure({ mode: 'serial', timeout: 600_000 });

let workDir: string;
let buildsDir: string;
let keysFile: string;
let server: Awaited<ReturnType<typeof startAppServer>>;

/** npm as the team runs it in their own folder (scripts/lib/new-remote.ts); resolves with its output. */
const npm = async (args: string[], cwd: string) => (await teamNpm(args, cwd)).output;

/** `npm pack` of a workspace package into `destination`; resolves with the tarball's path. */
async function pack(folder: string, destination: string): Promise<string> {
  const output = await npm(['pack', '--json', '--pack-destination', destination], path.join(repoRoot, folder));
  const [packed] = JSON.parse(output.slice(output.indexOf('['))) as Array<{ filename: string }>;
  if (!packed) throw new Error(`npm pack in ${folder} reported no tarball:\n${output}`);
  return path.join(destination, packed.filename);
}

test.beforeAll(async () => {
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'steel-standalone-'));
  buildsDir = path.join(workDir, 'builds');
  copyRunBuilds(buildsDir);
  keysFile = path.join(workDir, 'deploy-keys.json');
  server = await startAppServer({
    port: SPEC_PORTS.standaloneRemote,
    buildsDir,
    env: { DEPLOY_KEYS_FILE: keysFile, DEPLOY_GATE_PORT: String(SPEC_PORTS.standaloneRemoteGate) },
  });
});

test.afterAll(async () => {
  await server?.stop();
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
});

test('the blog, built in a folder of its own from the packed @steel/shared, deploys with its key and goes live', async ({
  page,
}) => {
  const timings: string[] = [];
  const step = async <T>(label: string, work: () => Promise<T>): Promise<T> => {
    const started = Date.now();
    const result = await work();
    timings.push(`${label} ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return result;
  };

  // The packages the team is handed: the contract they speak, the kit and the build, versioned alike today.
  const packs = path.join(workDir, 'packs');
  fs.mkdirSync(packs);
  const [contractTarball, sharedTarball, buildTarball] = await step('pack', () =>
    Promise.all([pack('mf-contract', packs), pack('mf-shared', packs), pack('mf-build', packs)]),
  );
  expect(path.basename(contractTarball)).toBe(`steel-contract-${CONTRACT_VERSION}.tgz`);
  expect(path.basename(sharedTarball)).toBe(`steel-shared-${CONTRACT_VERSION}.tgz`);
  expect(path.basename(buildTarball)).toBe(`steel-build-${CONTRACT_VERSION}.tgz`);

  // mf-blog alone, in an empty folder with no monorepo above it.
  const blog = path.join(workDir, 'team', 'blog');
  fs.cpSync(path.join(repoRoot, 'mf-blog'), blog, {
    recursive: true,
    filter: (source) => !/[\\/](node_modules|dist|\.tmp)$/.test(source),
  });
  const packageFile = path.join(blog, 'package.json');
  const packageJson = JSON.parse(fs.readFileSync(packageFile, 'utf8')) as {
    dependencies: Record<string, string>;
    devDependencies: Record<string, string>;
    overrides?: Record<string, string>;
  };
  expect(packageJson.dependencies['@steel/shared']).toBe(CONTRACT_VERSION);
  expect(packageJson.devDependencies['@steel/build']).toBe(CONTRACT_VERSION);
  packageJson.dependencies['@steel/shared'] = `file:${sharedTarball}`;
  packageJson.devDependencies['@steel/build'] = `file:${buildTarball}`;
  // The kit and the build require the contract by version; here it comes from its tarball too.
  packageJson.dependencies['@steel/contract'] = `file:${contractTarball}`;
  packageJson.overrides = { '@steel/contract': '$@steel/contract' };
  fs.writeFileSync(packageFile, `${JSON.stringify(packageJson, null, 2)}\n`);

  await step('npm install', () => npm(['install', '--prefer-offline', '--no-audit', '--no-fund'], blog));
  // Its build resolves the kernel and the tooling from its own node_modules, not from the monorepo.
  for (const name of ['@steel/contract', '@steel/shared', '@steel/build'])
    expect(fs.realpathSync(path.join(blog, 'node_modules', name))).toBe(
      fs.realpathSync(blog) + `/node_modules/${name}`,
    );
  expect(fs.existsSync(path.join(blog, 'node_modules/.bin/steel-build'))).toBe(true);
  await step('npm run build', () => npm(['run', 'build'], blog));
  const manifest = JSON.parse(fs.readFileSync(path.join(blog, 'dist/app-manifest.json'), 'utf8')) as {
    app: string;
    contract: string;
  };
  expect(manifest).toMatchObject({ app: 'blog', contract: CONTRACT_VERSION });

  // The site's operator gives the team a key (on the server's machine); the team deploys with it.
  const keyLines: string[] = [];
  await deployCli(['keys', 'add', 'blog', 'blog-team', '--keys-file', keysFile], (line) => keyLines.push(line));
  const key = keyLines.at(-1)!;
  expect(key).toMatch(/^steel_deploy_/);

  // Plain HTTP, as documented for a team without the monorepo: upload the dist folder as a .tar.gz, then activate.
  const previous = ((await (await fetch(`${server.url}/remotes.json`)).json()) as Record<string, { version: string }>)[
    'blog'
  ]?.version;
  const tarball = path.join(workDir, 'blog.tgz');
  await new Promise<void>((resolve, reject) =>
    spawn('tar', ['-czf', tarball, '-C', path.join(blog, 'dist'), '.'], { stdio: 'inherit' }).on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`tar exited ${code}`)),
    ),
  );
  const auth = { authorization: `Bearer ${key}` };
  interface Job {
    url: string;
    revision: number;
    state: string;
    result: Record<string, unknown> | null;
    error: { status: number; message: string } | null;
  }
  /** A call answered 202 with its job, followed as the README's curl loop does: `GET <job>?after=&wait=`. */
  const followed = async (answer: Response): Promise<Job> => {
    expect(answer.status).toBe(202);
    let job = ((await answer.json()) as { job: Job }).job;
    expect(answer.headers.get('location')).toBe(job.url);
    while (job.state === 'queued' || job.state === 'running')
      job = (await (
        await fetch(`${server.url}${job.url}?after=${job.revision}&wait=20`, { headers: auth })
      ).json()) as Job;
    return job;
  };
  const { version, activation } = await step('publish + gate + activate', async () => {
    const published = await followed(
      await fetch(`${server.url}/_/deploy/blog/versions`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/gzip' },
        body: fs.readFileSync(tarball),
      }),
    );
    expect(published, JSON.stringify(published)).toMatchObject({ state: 'succeeded', result: { created: true } });
    const publishedVersion = String(published.result!.version);
    const activated = await followed(
      await fetch(`${server.url}/_/deploy/blog/activate`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ version: publishedVersion }),
      }),
    );
    return { version: publishedVersion, activation: activated };
  });
  expect(activation, JSON.stringify(activation)).toMatchObject({
    state: 'succeeded',
    result: { version, previous, gate: 'passed' },
  });
  expect(version).not.toBe(previous);

  // The running site serves it at once: the registry the shell reads, the server render, the browser.
  const remotes = (await (await fetch(`${server.url}/remotes.json`)).json()) as Record<
    string,
    { version: string; entry: string }
  >;
  expect(remotes['blog']?.version).toBe(version);
  const html = await (await fetch(`${server.url}/blog`)).text();
  expect(html).toContain(`/builds/blog/${version}/`);
  const entryLoaded = page.waitForResponse(
    (response) => response.url().includes(`/builds/blog/${version}/`) && response.ok(),
  );
  await page.goto(`${server.url}/blog`);
  await entryLoaded;
  await expect(page.locator('#app-blog h1')).toHaveText('اخبار و مقالات');
  expect((await readReleaseLog(buildsDir, 'blog')).at(-1)).toMatchObject({
    action: 'activate',
    version,
    previous,
    gate: 'passed',
    by: 'blog-team',
  });
  console.log(`standalone blog: ${timings.join(', ')}`);
});
