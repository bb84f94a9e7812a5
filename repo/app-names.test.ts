/**
 * @jest-environment node
 *
 * Apps are data, not code (docs/architecture.md, "Deploying a remote"): the platform serves the
 * remotes its registry lists (BUILDS_DIR/apps.json, seeded from data/platform/apps.json), so no
 * code outside a remote's own package names one. Read with TypeScript's parser, every string
 * literal and identifier of the repository's code is checked for `catalogue`, `blog` and `panel`,
 * outside:
 * - the remotes' own packages (mf-catalogue/, mf-blog/, mf-panel/), data/, docs/ and e2e/;
 * - tests and their fixtures (`*.test.*`, `*.spec.*`, `*.fixture.*`, `testing/` and `support/` folders);
 * - the exceptions below, each with its reason. An exception that no longer names an app fails
 *   the test too, so the list only shrinks.
 *
 * A path such as '/blog' is not an app's name (the remotes' pages live in their packages anyway).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(__dirname, '..');
const APP_NAMES = new Set(['catalogue', 'blog', 'panel']);

const OUTSIDE_THE_RULE = /^(mf-catalogue|mf-blog|mf-panel|data|docs|e2e)\//;
const TEST_CODE = /(\.(test|spec|fixture)\.[cm]?[jt]sx?$)|(^|\/)(testing|support)\//;

/** Files that still name this repository's apps, and why that is not the platform's code. */
const EXCEPTIONS: Record<string, string> = {
  'scripts/bench.ts': "the bench measures this repository's own apps: a blog key, the panel's pages",
  'scripts/bench-deploy-gate.ts': "the bench times the gate on this repository's blog",
  'scripts/bench-machines.ts': "the bench publishes this repository's blog through three servers sharing a store",
  'scripts/bench-release.ts': "the bench times a release, a canary and an abort of this repository's blog",
  'scripts/bench-releasing.ts': "the bench renders during releases of this repository's catalogue and blog",
  'scripts/bench-ssr.ts': "the bench renders this repository's catalogue pages",
  'scripts/topology/deploys-under-load.ts':
    "the arrangement's test and the bench publish this repository's blog through nginx under load",
  'deploy/cms/src/bootstrap/domain.js':
    'the catalogue here is the product data (data/domain/catalogue.json), not an app',
  'deploy/cms/src/utils/catalogue-listing.js': "`catalogue` is a listing's default sort order, not an app",
  'deploy/cms/src/bootstrap/seed/index.js':
    '`catalogue` is the part of the seed that writes the product data, not an app',
};

function codeFiles(): string[] {
  return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((file) => /\.[cm]?[jt]sx?$/.test(file) && !file.endsWith('.d.ts'))
    .filter((file) => !OUTSIDE_THE_RULE.test(file) && !TEST_CODE.test(file))
    .filter((file) => fs.existsSync(path.join(ROOT, file)));
}

/** Each `line: name` where the file's code names an app (a string literal or an identifier). */
function appNamesIn(file: string): string[] {
  const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    const named =
      (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isIdentifier(node)) &&
      APP_NAMES.has(node.text);
    if (named) found.push(`${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${node.text}`);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('no code outside a remote names it as an app', () => {
  const named = new Map(codeFiles().map((file) => [file, appNamesIn(file)]));

  it('holds for every file but the listed exceptions', () => {
    const offenders = [...named].filter(([file, lines]) => lines.length && !(file in EXCEPTIONS));
    expect(offenders.map(([file, lines]) => `${file} (${lines.slice(0, 5).join(', ')})`)).toEqual([]);
  });

  it('lists only exceptions that still name an app', () => {
    expect(Object.keys(EXCEPTIONS).filter((file) => !named.get(file)?.length)).toEqual([]);
  });
});
