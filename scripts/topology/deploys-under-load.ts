/**
 * Publishing a new blog build to the production arrangement the way a team does it — the deploy
 * CLI of the release through nginx, `publish --activate` — while readers load the site's pages,
 * for the arrangement's test and the bench (scripts/bench-topology.ts). The build is the live
 * blog's files with a note that makes it a version of its own.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import type { Arrangement } from '../lib/production-arrangement';

const run = promisify(execFile);

/**
 * A blog team's deploy key on the arrangement (added the way an operator adds one: `keys add`,
 * into the platform's PostgreSQL the app servers read).
 */
export async function blogDeployKey(site: Arrangement): Promise<string> {
  const { stdout } = await run(
    process.execPath,
    [site.cliFile, 'keys', 'add', 'blog', `blog-team-${Date.now().toString(36)}`],
    {
      env: { ...process.env, ...site.platformEnv },
    },
  );
  return stdout.trim().split('\n').pop()!;
}

/** A build of the blog that is a new version: the live one's files and a note of its own. */
export function nextBlogBuild(buildsDir: string, into: string, note: string): string {
  const live = JSON.parse(fs.readFileSync(path.join(buildsDir, 'live.json'), 'utf8')) as { blog: string };
  fs.rmSync(into, { recursive: true, force: true });
  fs.cpSync(path.join(buildsDir, 'blog', live.blog), into, { recursive: true });
  fs.writeFileSync(path.join(into, 'build-note.txt'), `${note} ${new Date().toISOString()}\n`);
  return into;
}

export interface BlogDeploy {
  version: string;
  /** The id of the publish job the CLI followed. */
  jobId: string;
  /** What the CLI printed. */
  stdout: string;
}

/**
 * `deploy publish blog <dist> --activate --server <site>` (or `server`, one app server's own
 * address), followed by the CLI to its end.
 */
export async function publishBlogThroughNginx(
  site: Arrangement,
  key: string,
  dist: string,
  server = site.siteUrl,
): Promise<BlogDeploy> {
  const { stdout } = await run(
    process.execPath,
    [site.cliFile, 'publish', 'blog', dist, '--activate', '--server', server],
    { env: { ...process.env, DEPLOY_KEY: key }, timeout: 300_000 },
  );
  const version = /Published blog (\S+)/.exec(stdout)?.[1];
  const jobId = /^job (\S+) \(publish blog\)/m.exec(stdout)?.[1];
  if (!version || !jobId || !/Activated blog/.test(stdout)) throw new Error(`The publish did not go live:\n${stdout}`);
  return { version, jobId, stdout };
}

/** The blog version `/remotes.json` names through nginx (what a visitor's browser loads next). */
export async function liveBlogVersion(site: Arrangement): Promise<string | undefined> {
  const registry = (await (await fetch(`${site.siteUrl}/remotes.json`)).json()) as { blog?: { version: string } };
  return registry.blog?.version;
}

/** `connections` readers of the site's pages (cached ones: the figures are about the servers) until `stop()`. */
export function readPagesUntilStopped(siteUrl: string, connections: number) {
  let instance: autocannon.Instance;
  const result = new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon(
      {
        url: siteUrl,
        connections,
        duration: 3600,
        requests: ['/', '/rebar', '/blog', '/about-us'].map((pagePath) => ({ method: 'GET', path: pagePath })),
      },
      (error, done) => (error ? reject(error as Error) : resolve(done)),
    );
  });
  return { result, stop: () => instance.stop() };
}
