/**
 * `npm run build:monolith`: builds the monolith (create-monolith-config.ts) into .monolith/dist,
 * with the shell's server entry and app manifest beside it, so that it publishes and serves as a
 * shell version. Builds the shell first when it has not been built. `--publish <buildsDir>` then
 * publishes it there as the live shell.
 */
import fs from 'node:fs';
import path from 'node:path';
import { run } from '@steel/build';
import { buildApp } from '../lib/webpack-build';
import { appFolder } from '../lib/paths';
import { publishAndActivate } from '../lib/publish';
import { createMonolithConfig, monolithDist } from './create-monolith-config';

export async function buildMonolith(): Promise<number> {
  const shellDist = path.join(appFolder('shell'), 'dist');
  if (!fs.existsSync(path.join(shellDist, 'app-manifest.json'))) await buildApp('shell');
  process.env.NODE_ENV = 'production';
  const started = Date.now();
  await run(createMonolithConfig(), 'the monolith');
  // The server renders with each remote's own server entry; the shell's gives the page frame.
  fs.cpSync(path.join(shellDist, 'server'), path.join(monolithDist, 'server'), { recursive: true });
  fs.copyFileSync(path.join(shellDist, 'app-manifest.json'), path.join(monolithDist, 'app-manifest.json'));
  return Date.now() - started;
}

if (require.main === module) {
  const publishTo =
    process.argv.indexOf('--publish') > 0 ? process.argv[process.argv.indexOf('--publish') + 1] : undefined;
  buildMonolith()
    .then(async (ms) => {
      console.log(`The monolith: ${(ms / 1000).toFixed(1)} s, ${path.relative(process.cwd(), monolithDist)}`);
      if (publishTo)
        console.log(`live as shell ${await publishAndActivate(publishTo, 'shell', monolithDist)} in ${publishTo}`);
    })
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    });
}
