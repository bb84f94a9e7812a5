/**
 * `steel-build <app> [--root <folder>] [--no-typecheck]`: builds an app for production into
 * `<folder>/dist` (the current folder by default), ready for `deploy publish`.
 */
import path from 'node:path';
import { REMOTE_NAMES } from '@steel/shared/contract';
import { buildApp } from './build-app';
import type { AppName } from './create-app-config';

const APPS: readonly string[] = ['shell', ...REMOTE_NAMES];

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
  if (!app || rest.length || !APPS.includes(app)) {
    console.error(`Usage: steel-build <${APPS.join('|')}> [--root <folder>] [--no-typecheck]`);
    return 2;
  }
  const ms = await buildApp(app as AppName, root, { typecheck: check });
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
