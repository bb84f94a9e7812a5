/** @jest-environment node */
import fs from 'node:fs';
import path from 'node:path';

/**
 * The remote core is one module instance per page once remotes share it (remote-core/index.ts).
 * A kit module outside it that reached one of its modules by a relative path would compile a
 * second copy of that module into the app — a second React context no provider fills, a second
 * list of page-data waits. These tests walk every module of the kit to keep that from happening.
 */
const SRC = path.resolve(__dirname, '..');
const CORE_SPECIFIER = '@steel/shared/remote-core';

function resolveRelative(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Value imports and re-exports (not `import type`, which compiles to nothing) with their specifiers. */
function specifiersOf(file: string): string[] {
  const source = fs.readFileSync(file, 'utf8');
  return [...source.matchAll(/(?:^|\n)\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?'([^']+)'/g)]
    .filter((match) => !match[1])
    .map((match) => match[2]!);
}

function kitModules(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return kitModules(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The core's modules: its entry and everything it reaches by relative path. */
function coreModules(): Set<string> {
  const seen = new Set<string>();
  const pending = [path.join(SRC, 'remote-core/index.ts')];
  while (pending.length) {
    const file = pending.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const specifier of specifiersOf(file)) {
      if (!specifier.startsWith('.')) continue;
      const target = resolveRelative(file, specifier);
      if (target) pending.push(target);
    }
  }
  return seen;
}

/** Server rendering and the test kit run in one build each, where the core is never shared. */
const BROWSER_ONLY_SHARING_EXEMPT = [path.join(SRC, 'server'), path.join(SRC, 'testing')];

describe("the kit's remote core", () => {
  const core = coreModules();
  const relative = (file: string) => path.relative(SRC, file);

  it('holds the modules every remote page runs, the shell context among them', () => {
    for (const module of [
      'ui/shell-context.tsx',
      'page-data/page-routes.tsx',
      'page-data/page-data-waits.ts',
      'remote/remote-lifecycles.tsx',
    ]) {
      expect([...core].map(relative)).toContain(module);
    }
  });

  it('is reached from outside only by its name, never by a relative path into one of its modules', () => {
    const crossings: string[] = [];
    for (const file of kitModules(SRC)) {
      if (core.has(file) || BROWSER_ONLY_SHARING_EXEMPT.some((folder) => file.startsWith(folder + path.sep))) continue;
      for (const specifier of specifiersOf(file)) {
        if (!specifier.startsWith('.')) continue;
        const target = resolveRelative(file, specifier);
        if (target && core.has(target) && file !== path.join(SRC, 'index.ts')) {
          crossings.push(`${relative(file)} imports ${specifier}: import it from '${CORE_SPECIFIER}'`);
        }
      }
    }
    expect(crossings).toEqual([]);
  });

  it('never imports itself by its name (a shared module consuming itself)', () => {
    const selfImports = [...core].filter((file) => specifiersOf(file).includes(CORE_SPECIFIER)).map(relative);
    expect(selfImports).toEqual([]);
  });

  it('keeps the chunk-load guard out: each app guards its own webpack runtime', () => {
    expect([...core].map(relative)).not.toContain('runtime/chunk-load-guard.ts');
  });

  it('is what the kit re-exports for those names, so an app reaches the core by one path', () => {
    const barrel = fs.readFileSync(path.join(SRC, 'index.ts'), 'utf8');
    const coreFolders = [...core].map((file) => `./${relative(file).replace(/\.tsx?$/, '')}`);
    const relativeReexports = [...barrel.matchAll(/export\s[^;]*?from\s'(\.[^']+)'/g)].map((match) => match[1]!);
    expect(relativeReexports.filter((specifier) => coreFolders.includes(specifier))).toEqual([]);
  });
});
