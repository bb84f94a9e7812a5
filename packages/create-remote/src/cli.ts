/**
 * `npm create @steel/remote <name> [-- --dir <folder>] [--title <Persian title>] [--registry <url>]`
 * (`create-remote`): a standalone repository for a new remote, in `./<name>` by default.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRemote } from './create-remote';

const USAGE = 'Usage: npm create @steel/remote <name> -- [--dir <folder>] [--title <Persian title>] [--registry <url>]';

/**
 * The registry serving `@steel/*`: the one named with `--registry`, else the one this scaffold was
 * published to (the platform team's publish writes it into `publishConfig.registry`, npm's own field
 * for where a private package lives), which is where `npm create … --@steel:registry=<url>` fetched
 * it from. The flag itself never reaches the scaffold (npm 10 and 11 alike): npm hands its settings
 * on as `npm_config_*` variables but none whose name starts with `@` (@npmcli/config, set-envs.js),
 * and it rewrites its own process title to hide its flags, so no command line shows it either.
 */
export function platformRegistry(
  options: Record<string, string>,
  manifestFile = path.join(__dirname, '../package.json'),
): string | undefined {
  if (options['registry']) return options['registry'];
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as { publishConfig?: { registry?: string } };
  return manifest.publishConfig?.registry;
}

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
  const registry = platformRegistry(options);
  const folderExisted = fs.existsSync(folder);
  // Only a folder that is absent or empty is written to (createRemote refuses any other): a failure
  // after that leaves it as it was, so the same command can simply be run again.
  const ours = !folderExisted || fs.readdirSync(folder).length === 0;
  const leaveNothing = () => {
    if (!ours) return;
    if (!folderExisted) fs.rmSync(folder, { recursive: true, force: true });
    else
      for (const entry of fs.readdirSync(folder)) fs.rmSync(path.join(folder, entry), { recursive: true, force: true });
  };
  const title = options['title'] ?? 'صفحهٔ تازه';
  try {
    createRemote({ name, folder, title, ...(registry ? { registry } : {}) });
  } catch (error) {
    leaveNothing();
    throw error;
  }
  // The lock file, resolved as `npm install` will resolve it: @steel/* from the company registry.
  // npm hands the folder it was run in to what it runs (npm_config_local_prefix: the nearest
  // package.json above, a monorepo's root say); the lock is the new folder's own.
  const { npm_config_local_prefix: _outerProject, ...env } = process.env;
  const lock = spawnSync('npm', ['install', '--package-lock-only', '--no-audit', '--no-fund', '--prefix', folder], {
    cwd: folder,
    env,
    stdio: 'inherit',
  });
  if (lock.status !== 0) {
    leaveNothing();
    console.error(
      `npm could not resolve the packages from ${registry ?? 'the registry your npm configuration names for @steel'}; ` +
        'nothing was written. Is it reachable? Name it with -- --registry <url> if the scaffold should use another.',
    );
    return 1;
  }
  console.log(
    `A remote "${name}" in ${folder}. Next: cd ${path.relative(process.cwd(), folder) || '.'} && npm install && npm test && npm run build`,
  );
  return 0;
}
