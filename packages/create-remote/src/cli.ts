/**
 * `npm create @steel/remote <name> [-- --dir <folder>] [--title <Persian title>] [--registry <url>]`
 * (`create-remote`): a standalone repository for a new remote, in `./<name>` by default.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { createRemote } from './create-remote';

const USAGE = 'Usage: npm create @steel/remote <name> -- [--dir <folder>] [--title <Persian title>] [--registry <url>]';

export function main(argv: string[]): number {
  const positional: string[] = [];
  const options: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg.startsWith('--')) options[arg.slice(2)] = argv[++i] ?? '';
    else positional.push(arg);
  }
  const [name, ...rest] = positional;
  if (!name || rest.length) {
    console.error(USAGE);
    return 2;
  }
  const folder = path.resolve(options['dir'] ?? name);
  // npm hands the scoped registry it was run with to the scaffold, which writes it to .npmrc.
  const registry = options['registry'] ?? process.env['npm_config_@steel:registry'];
  createRemote({ name, folder, title: options['title'] ?? 'صفحهٔ تازه', ...(registry ? { registry } : {}) });
  // The lock file, resolved as `npm install` will resolve it: @steel/* from the company registry.
  const lock = spawnSync('npm', ['install', '--package-lock-only', '--no-audit', '--no-fund'], {
    cwd: folder,
    stdio: 'inherit',
  });
  if (lock.status !== 0) {
    console.error(
      `The files are written, but npm could not resolve the packages: is ${registry ?? '@steel:registry'} reachable?`,
    );
    return 1;
  }
  console.log(
    `A remote "${name}" in ${folder}. Next: cd ${path.relative(process.cwd(), folder) || '.'} && npm install && npm test && npm run build`,
  );
  return 0;
}
