// Compiles the app server to plain JavaScript: `npm run build -w @steel/server` (into dist/) or
// `node build-server.mjs <outDir>`. Plain ESM on purpose: the build needs only node and esbuild,
// not tsx, and scripts/ run it as a child process rather than sharing one module loader.
//
// The server's own code and the contract, @steel/contract (TypeScript sources in a workspace, not a
// package on npm: a devDependency here) are bundled in; every package of this package's `dependencies` stays external and is
// installed by `npm ci --omit=dev`. React in particular must stay a single copy: the remotes'
// server entries are evaluated with the render worker's `require` (rendering/load-server-entry.ts).
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * Entries, all at the top of the output folder: a bundle's `__dirname` is that folder, so
 * config.ts's REPO_ROOT (three levels up, as from src/) and render-pool.ts's worker file (beside
 * it) resolve the same from dist/ as from the sources.
 */
export const ENTRIES = {
  main: 'src/main.ts',
  'render-worker': 'src/rendering/render-worker.ts',
  cli: 'src/release/cli.ts',
};

export function productionDependencies() {
  return JSON.parse(readFileSync(path.join(here, 'package.json'), 'utf8')).dependencies;
}

export async function buildServer(outDir = path.join(here, 'dist')) {
  const started = Date.now();
  rmSync(outDir, { recursive: true, force: true });
  const external = Object.keys(productionDependencies()).flatMap((name) => [name, `${name}/*`]);
  const result = await build({
    absWorkingDir: here,
    entryPoints: Object.fromEntries(Object.entries(ENTRIES).map(([name, file]) => [name, path.join(here, file)])),
    outdir: outDir,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    sourcemap: true,
    external,
    // Node's own `node:` modules are left alone by platform: node; nothing else may be missing.
    logLevel: 'warning',
    legalComments: 'none',
  });
  if (result.errors.length) throw new Error(`esbuild: ${result.errors.length} errors`);
  return Date.now() - started;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outDir = process.argv[2] ? path.resolve(process.argv[2]) : undefined;
  buildServer(outDir).then(
    (ms) => console.log(`App server compiled into ${outDir ?? path.join(here, 'dist')} in ${ms} ms`),
    (error) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
