// The repository's workspaces, found as npm finds them: the folders that package.json's `workspaces`
// globs match and that hold a package.json. It is the one list of packages: TypeScript (the same
// globs in tsconfig.json, checked by repo/workspaces.test.ts), jest, ESLint, the import rules and
// the scripts read it from here, so a new folder matching a glob (a new remote `mf-guides/`) is
// type-checked, tested, linted and held to the import rules without an edit to any of them.
//
// Plain CommonJS: jest.config.cjs, .dependency-cruiser.cjs and eslint.config.mjs load it as it is.
const fs = require('node:fs');
const path = require('node:path');
const { globSync } = require('tinyglobby');

const ROOT = path.resolve(__dirname, '..');

/**
 * @typedef {object} Workspace
 * @property {string} folder where it lives, from the root (`mf-blog`, `deploy/server`)
 * @property {string} name its package's name (`@steel/blog`)
 * @property {boolean} react whether its code is React's: a `.tsx` file in its src/ (the app server depends
 *   on React only to hand it to the render workers, and its `use`s are fastify's, not hooks)
 * @property {boolean} remote whether it is a remote: its package exports `./app`, the module federation exposes
 * @property {boolean} hasSources whether it has a `src/` folder
 */

const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));

/** The `workspaces` globs of the root package.json. */
function workspacePatterns(root = ROOT) {
  return readJson(path.join(root, 'package.json')).workspaces;
}

/** @returns {Workspace[]} every workspace, by folder */
function workspaces(root = ROOT) {
  const files = globSync(
    workspacePatterns(root).map((pattern) => `${pattern}/package.json`),
    { cwd: root, ignore: ['**/node_modules/**'] },
  );
  return files.sort().map((file) => {
    const folder = path.dirname(file);
    const pkg = readJson(path.join(root, file));
    const sources = path.join(root, folder, 'src');
    return {
      folder,
      name: pkg.name,
      react: globSync('**/*.tsx', { cwd: sources }).length > 0,
      remote: Boolean(pkg.exports && pkg.exports['./app']),
      hasSources: fs.existsSync(sources),
    };
  });
}

/** A folder as a regular expression's alternative (`deploy/server` has a slash; `.` would match any character). */
const asPattern = (folder) => folder.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

module.exports = { workspaces, workspacePatterns, asPattern };
