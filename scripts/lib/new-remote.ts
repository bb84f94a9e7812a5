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
import type { Verdaccio } from './verdaccio';

function npm(args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): Promise<number> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn('npm', args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve(Date.now() - started)
        : reject(new Error(`npm ${args.join(' ')} in ${cwd} exited with ${code}`)),
    );
  });
}

/**
 * `npm create @steel/remote <name>` in `parent`, writing `<parent>/<name>` with its lock file.
 * npm keeps what `npm create` ran in its cache by name and version; a cache of its own for this
 * step makes it run the scaffold just published, not one an earlier run left there.
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
      [
        'create',
        '--yes',
        `--@steel:registry=${registry.url}`,
        '@steel/remote',
        name,
        '--',
        '--title',
        title,
        '--registry',
        registry.url,
      ],
      parent,
      { npm_config_cache: cache },
    );
  } finally {
    fs.rmSync(cache, { recursive: true, force: true });
  }
}

export const installRemote = (folder: string) => npm(['install', '--no-audit', '--no-fund'], folder);
export const testRemote = (folder: string) => npm(['test'], folder);
export const buildRemote = (folder: string) => npm(['run', 'build'], folder);
