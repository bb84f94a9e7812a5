/**
 * The app server as production runs it: compiled JavaScript (deploy/server/build-server.mjs) beside
 * a production-only install of its `dependencies`, in a folder of its own, outside the workspaces.
 * Nothing there can reach tsx, a devDependency or a workspace's TypeScript sources, so a server
 * started from it proves none is needed at run time.
 *
 *   targetDir/package.json   the server's production dependencies, exact versions, nothing else
 *   targetDir/node_modules/  `npm install --omit=dev` of them (sharp's binary from @img/* packages)
 *   targetDir/dist/          main.js, render-worker.js, cli.js (+ source maps)
 */
import { createHash } from 'node:crypto';
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { repoRoot } from './paths';

const run = promisify(execFile);
const SERVER_DIR = path.join(repoRoot, 'deploy/server');
const BUILD_SCRIPT = path.join(SERVER_DIR, 'build-server.mjs');
const STAMP = '.install-stamp';

/** The server's production dependencies, as deploy/server/package.json pins them. */
export function serverDependencies(): Record<string, string> {
  const pkg = JSON.parse(readFileSync(path.join(SERVER_DIR, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  return pkg.dependencies ?? {};
}

/**
 * What an install depends on: the dependency list and the Node ABI and platform (sharp's binary
 * and any other native module differ by them). Equal hash, same node_modules.
 */
export function serverDependencyHash(): string {
  const key = JSON.stringify({
    dependencies: serverDependencies(),
    abi: process.versions.modules,
    platform: process.platform,
    arch: process.arch,
  });
  return createHash('sha256').update(key).digest('hex').slice(0, 16);
}

export async function prepareServerRelease(targetDir: string): Promise<{ mainFile: string; cliFile: string }> {
  const target = path.resolve(targetDir);
  mkdirSync(target, { recursive: true });
  await compileInto(target);
  await installDependencies(target);
  return { mainFile: path.join(target, 'dist/main.js'), cliFile: path.join(target, 'dist/cli.js') };
}

/** Compiles the app server into `outDir` (default deploy/server/dist); the build's duration in ms. */
export async function compileServer(outDir = path.join(SERVER_DIR, 'dist')): Promise<number> {
  const started = Date.now();
  await run(process.execPath, [BUILD_SCRIPT, outDir], { cwd: SERVER_DIR });
  return Date.now() - started;
}

/**
 * Compiles every time (esbuild takes well under a second, cheaper than deciding whether the
 * sources changed), into a fresh folder: dist/ is replaced only when the output differs, and then
 * in one rename, so a server already running from it never finds its worker file half written.
 */
async function compileInto(target: string): Promise<void> {
  const dist = path.join(target, 'dist');
  const fresh = path.join(target, `dist.${process.pid}.${Date.now()}`);
  try {
    await compileServer(fresh);
    if (sameFiles(dist, fresh)) return;
    rmSync(dist, { recursive: true, force: true });
    renameSync(fresh, dist);
  } finally {
    rmSync(fresh, { recursive: true, force: true });
  }
}

function sameFiles(a: string, b: string): boolean {
  if (!existsSync(a)) return false;
  const names = readdirSync(b).sort();
  if (names.join('\n') !== readdirSync(a).sort().join('\n')) return false;
  return names.every((name) => readFileSync(path.join(a, name)).equals(readFileSync(path.join(b, name))));
}

/**
 * `npm install --omit=dev` from a package.json holding only the server's dependencies. Not
 * `npm ci`: the monorepo's lock describes the workspaces, not this folder, and a second lock
 * would have to be kept in step by hand; the direct dependencies are exact versions anyway.
 * Skipped when the stamp written after the last install holds the same dependency hash.
 */
async function installDependencies(target: string): Promise<void> {
  const hash = serverDependencyHash();
  const stampFile = path.join(target, STAMP);
  if (
    existsSync(path.join(target, 'node_modules')) &&
    existsSync(stampFile) &&
    readFileSync(stampFile, 'utf8').trim() === hash
  )
    return;
  rmSync(stampFile, { force: true });
  const pkg = {
    name: 'steel-app-server-release',
    private: true,
    description: 'The compiled app server (dist/) and its production dependencies.',
    dependencies: serverDependencies(),
  };
  writeFileSync(path.join(target, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);
  // npm_config_* from a surrounding `npm run` (workspace, include=dev…) must not leak into this install.
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)));
  await run('npm', ['install', '--omit=dev', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: target,
    env,
    maxBuffer: 16 * 1024 * 1024,
  });
  writeFileSync(stampFile, `${hash}\n`);
}

if (require.main === module) {
  const target = process.argv[2];
  if (!target) {
    console.error('Usage: tsx scripts/lib/server-release.ts <targetDir>');
    process.exit(2);
  }
  const started = Date.now();
  prepareServerRelease(target).then(
    ({ mainFile }) => console.log(`Ready in ${((Date.now() - started) / 1000).toFixed(1)} s: node ${mainFile}`),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
