/**
 * @jest-environment node
 *
 * The repository's import rules (.dependency-cruiser.cjs): no import cycle; a remote never imports
 * another remote or the shell; one feature never imports another's files; the shell's features
 * never import its app/; no package's src/ is reached around its exports.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');

it('holds for every module of the repository', () => {
  let report: string;
  try {
    report = execFileSync(process.execPath, [path.join(__dirname, 'import-rules.mjs')], {
      cwd: ROOT,
      encoding: 'utf8',
    });
  } catch (error) {
    // The runner exits 1 and lists each violation as `rule: from → to`.
    throw new Error(`Import rules broken:\n${(error as { stdout?: string }).stdout ?? String(error)}`);
  }
  expect(report).toMatch(/ 0 violations$/m);
}, 180_000);
