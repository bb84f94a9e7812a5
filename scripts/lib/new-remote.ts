/**
 * A new team's path from nothing to a built remote, as the team takes it: `npm create @steel/remote`
 * against the company registry (scripts/lib/verdaccio.ts), `npm install`, `npm test`, `npm run build`.
 * Each step is the real npm command in the new repository's folder; each resolves with its time in ms.
 * Used by the scaffold's test and the bench.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from './paths';
import type { Verdaccio } from './verdaccio';

/**
 * The environment npm has in the team's own folder: none of the settings an outer `npm test` exports
 * (workspace, prefix, package) may make it act on this repository, no bin folder of this repository
 * on the PATH may stand in for the team's own, and NODE_ENV (the e2e builds set it to production,
 * which would make npm skip devDependencies) is the team's default; the npm cache and registry stay.
 */
export function teamNpmEnv(): NodeJS.ProcessEnv {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) =>
        !/^npm_(package_|lifecycle_|config_(local_prefix|prefix|workspaces?|include_workspace_root|global)$)/i.test(
          name,
        ) && !['INIT_CWD', 'NODE_ENV'].includes(name),
    ),
  );
  env['PATH'] = (process.env['PATH'] ?? '')
    .split(path.delimiter)
    .filter((entry) => !path.resolve(entry).startsWith(repoRoot + path.sep))
    .join(path.delimiter);
  return env;
}

/** npm in the team's folder: resolves with its output and time, or fails with the output's end. */
export function teamNpm(
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv = {},
): Promise<{ output: string; ms: number }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn('npm', args, { cwd, env: { ...teamNpmEnv(), ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve({ output, ms: Date.now() - started })
        : reject(new Error(`npm ${args.join(' ')} in ${cwd} exited with ${code}:\n${output.slice(-4000)}`)),
    );
  });
}
const npm = async (args: string[], cwd: string, env: NodeJS.ProcessEnv = {}) => (await teamNpm(args, cwd, env)).ms;

/**
 * `npm create @steel/remote <name> --@steel:registry=<url> -- --title <title>` in `parent`, exactly
 * the command the team's guide gives, writing `<parent>/<name>` with its lock file and `.npmrc`.
 * npm keeps what `npm create` ran in its cache by name and version; a cache of its own for this
 * step makes it run the scaffold just published, not one an earlier run left there. npm asks before
 * it installs the scaffold; `npm_config_yes` answers as a person at a terminal would.
 */
export async function scaffoldRemote(
  registry: Verdaccio,
  parent: string,
  name: string,
  title: string,
): Promise<number> {
  const cache = fs.mkdtempSync(path.join(os.tmpdir(), 'steel-npx-cache-'));
  try {
    return await npm(
      ['create', '@steel/remote', name, `--@steel:registry=${registry.url}`, '--', '--title', title],
      parent,
      { npm_config_cache: cache, npm_config_yes: 'true' },
    );
  } finally {
    fs.rmSync(cache, { recursive: true, force: true });
  }
}

export const installRemote = (folder: string) => npm(['install', '--no-audit', '--no-fund'], folder);
export const testRemote = (folder: string) => npm(['test'], folder);
export const buildRemote = (folder: string) => npm(['run', 'build'], folder);
