/**
 * Loads an app's server entry from its version folder (BUILDS_DIR/<app>/<version>/server/index.js).
 *
 * The bundle leaves React, react-dom, react-router and TanStack Query to the renderer: it is
 * evaluated with this worker's own `require`, so those resolve to the app server's single copy
 * (a plain `require(path)` would look for them beside the bundle, where there is nothing); only
 * the bundle's relative names (its lazy chunks) are resolved from its own folder.
 * Each worker lives for one live set, so a module cache per worker never goes stale: a deploy
 * replaces the workers, and their memory goes with them.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';

/** The server's own require: a bundle's packages (React…) are the server's, its chunks lie beside it. */
const serverRequire = createRequire(__filename);

const loaded = new Map<string, unknown>();

export function serverEntryPath(buildsDir: string, app: string, version: string): string {
  return path.join(buildsDir, app, version, 'server', 'index.js');
}

/** The entry's exports, or null when this version has no server entry (a client-only build). */
export function loadServerEntry<T>(file: string): T | null {
  if (loaded.has(file)) return loaded.get(file) as T;
  if (!fs.existsSync(file)) return null;
  const code = fs.readFileSync(file, 'utf8');
  const factory = vm.compileFunction(code, ['exports', 'require', 'module', '__filename', '__dirname'], {
    filename: file,
  });
  const module = { exports: {} as T };
  // The bundle's own chunks (a dynamic import) lie beside it: `./849.js` is found from its folder.
  const bundleRequire = (id: string): unknown =>
    serverRequire(/^\.\.?\//.test(id) ? path.join(path.dirname(file), id) : id);
  (factory as (...args: unknown[]) => void)(module.exports, bundleRequire, module, file, path.dirname(file));
  loaded.set(file, module.exports);
  return module.exports;
}
