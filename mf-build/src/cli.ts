/**
 * `steel-build <app> [--root <folder>] [--no-typecheck]`: builds an app for production into
 * `<folder>/dist` (the current folder by default), ready for `deploy publish`.
 */
import path from 'node:path';
import { REMOTE_NAME_RE } from '@steel/contract';
import { buildApp } from './build-app';

export async function main(argv: string[]): Promise<number> {
  const positional: string[] = [];
  let root = process.cwd();
  let check = true;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--root') root = path.resolve(argv[++i] ?? '');
    else if (arg === '--no-typecheck') check = false;
    else positional.push(arg);
  }
  const [app, ...rest] = positional;
  // The shell, or a remote by the name the platform registered it under (any name the contract allows).
  if (!app || rest.length || !REMOTE_NAME_RE.test(app)) {
    console.error('Usage: steel-build <shell|remote name> [--root <folder>] [--no-typecheck]');
    return 2;
  }
  const ms = await buildApp(app, root, { typecheck: check });
  console.log(`Built ${app} in ${(ms / 1000).toFixed(1)} s into ${path.join(root, 'dist')}`);
  return 0;
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
