/**
 * `steel-build [<app>] [--root <folder>] [--no-typecheck]`: builds an app for production into
 * `<folder>/dist` (the current folder by default), ready for `deploy publish`. The app's name is its
 * package's (`@steel/guides` → `guides`), as its browser and server entries take it; a name given
 * here must be that one.
 */
import fs from 'node:fs';
import path from 'node:path';
import { appNameOfPackage } from '@steel/contract';
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
  const [named, ...rest] = positional;
  if (rest.length) {
    console.error('Usage: steel-build [<app>] [--root <folder>] [--no-typecheck]');
    return 2;
  }
  // The shell, or a remote by the name the platform registered it under: its package's.
  const { name: packageName } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    name: string;
  };
  const app = appNameOfPackage(packageName);
  if (named !== undefined && named !== app) {
    console.error(`${packageName} is the app ${app}, not ${named}: an app's name is its package's`);
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
