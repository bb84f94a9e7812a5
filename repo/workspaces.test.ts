/**
 * @jest-environment node
 *
 * One list of workspaces (repo/workspaces.cjs, from package.json's `workspaces` globs): npm installs
 * exactly those, TypeScript includes their sources by the same globs, and jest, ESLint and the
 * import rules derive theirs from it. So a new workspace needs no edit to any of them: a folder
 * `mf-probe/` with a React file, put beside copies of the root's configs, is linted with the hooks
 * rules, type-checked, collected by jest and held to the import rules.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { readTsconfig } from './support/tsconfig';
import { workspacePatterns, workspaces } from './workspaces.cjs';

const ROOT = path.resolve(__dirname, '..');

describe('the list of workspaces', () => {
  it('is what npm installs: each workspace is the package linked under its name', () => {
    const found = workspaces();
    expect(found.map((workspace) => workspace.folder)).toEqual(
      expect.arrayContaining(['mf-contract', 'mf-shared', 'shell', 'mf-inquiry', 'deploy/server']),
    );
    for (const { folder, name } of found)
      expect([name, fs.realpathSync(path.join(ROOT, 'node_modules', name))]).toEqual([
        name,
        fs.realpathSync(path.join(ROOT, folder)),
      ]);
  });

  it("is what tsconfig.json includes: each glob's src/, then the code that is no package", () => {
    const { config } = ts.readConfigFile(path.join(ROOT, 'tsconfig.json'), (file) => ts.sys.readFile(file));
    expect((config as { include: string[] }).include).toEqual([
      ...workspacePatterns().map((pattern) => `${pattern}/src`),
      'e2e',
      'scripts',
      'repo',
    ]);
  });

  it('marks the React workspaces and the remotes as the rules need them', () => {
    const byFolder = new Map(workspaces().map((workspace) => [workspace.folder, workspace]));
    expect(
      ['mf-shared', 'shell', 'mf-catalogue', 'mf-blog', 'mf-panel', 'mf-inquiry'].map(
        (folder) => byFolder.get(folder)?.react,
      ),
    ).toEqual(Array(6).fill(true));
    expect(['deploy/server', 'mf-contract', 'mf-build'].map((folder) => byFolder.get(folder)?.react)).toEqual(
      Array(3).fill(false),
    );
    expect(
      workspaces()
        .filter((workspace) => workspace.remote)
        .map((workspace) => workspace.folder),
    ).toEqual(['mf-blog', 'mf-catalogue', 'mf-inquiry', 'mf-panel']);
  });
});

describe('a new workspace, with no config edited', () => {
  let root: string;
  const PROBE = 'mf-probe';

  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'steel-workspace-probe-'));
    // The root's configs as they are, and its installed packages.
    for (const file of [
      'package.json',
      'tsconfig.json',
      'eslint.config.mjs',
      'jest.config.cjs',
      'jest.setup.ts',
      '.dependency-cruiser.cjs',
      'repo/workspaces.cjs',
      'mf-build/tsconfig.base.json',
      'mf-build/types/assets.d.ts',
    ]) {
      fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      fs.copyFileSync(path.join(ROOT, file), path.join(root, file));
    }
    fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(root, 'node_modules'));
    // The new remote: a package exporting `./app`, a component breaking the rules of hooks, a type error, a test.
    const write = (file: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(root, PROBE, file)), { recursive: true });
      fs.writeFileSync(path.join(root, PROBE, file), text);
    };
    write(
      'package.json',
      JSON.stringify({ name: '@steel/probe', private: true, exports: { './app': './src/app/probe.tsx' } }),
    );
    write(
      'src/app/probe.tsx',
      [
        "import { useState } from 'react';",
        '',
        'export function Probe({ on }: { on: boolean }) {',
        '  if (!on) return null;',
        '  const [count] = useState(0);',
        '  return <p>{count}</p>;',
        '}',
        '',
      ].join('\n'),
    );
    write('src/features/weights/weight.ts', "export const weight: number = 'heavy';\n");
    write(
      'src/features/weights/weight.test.ts',
      "import { weight } from './weight';\n\ntest('w', () => expect(weight).toBeDefined());\n",
    );
  });

  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('is linted with the React hooks rules', () => {
    const eslint = path.join(ROOT, 'node_modules/eslint/bin/eslint.js');
    let output: string;
    try {
      output = execFileSync(process.execPath, [eslint, '--format', 'json', `${PROBE}/src/app/probe.tsx`], {
        cwd: root,
        encoding: 'utf8',
      });
    } catch (error) {
      // ESLint exits 1 when it reports an error, as here.
      output = (error as { stdout: string }).stdout;
    }
    const [report] = JSON.parse(output) as Array<{ messages: Array<{ ruleId: string | null; message: string }> }>;
    expect(report!.messages.map((message) => message.ruleId)).toContain('react-hooks/rules-of-hooks');
  }, 120_000);

  it('is type-checked', () => {
    const parsed = readTsconfig(root);
    const weightFile = path.join(root, PROBE, 'src/features/weights/weight.ts');
    expect(parsed.fileNames).toEqual(expect.arrayContaining([path.join(root, PROBE, 'src/app/probe.tsx'), weightFile]));
    const program = ts.createProgram([weightFile], parsed.options);
    const errors = ts.getPreEmitDiagnostics(program, program.getSourceFile(weightFile));
    expect(errors.map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'))).toEqual([
      "Type 'string' is not assignable to type 'number'.",
    ]);
  });

  it('has its tests collected by jest', () => {
    const jest = path.join(ROOT, 'node_modules/jest/bin/jest.js');
    const listed = execFileSync(process.execPath, [jest, '--listTests', '--config', 'jest.config.cjs'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(listed.split('\n').map((file) => path.relative(root, file.trim()))).toContain(
      `${PROBE}/src/features/weights/weight.test.ts`,
    );
  }, 60_000);

  it('is held to the import rules: entered through its exports, standing alone as a remote, its features apart', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the config is plain CommonJS
    const { forbidden } = require(path.join(root, '.dependency-cruiser.cjs')) as {
      forbidden: Array<{ name: string; from: { path?: string }; to: { path?: string | string[] } }>;
    };
    const rule = (name: string) => forbidden.find((candidate) => candidate.name === name)!;
    expect(rule(`enter-${PROBE}-through-its-exports`).to.path).toBe(`^${PROBE}/src/`);
    const standAlone = rule('remotes-stand-alone');
    expect(new RegExp(standAlone.from.path!).test(`${PROBE}/src/app/probe.tsx`)).toBe(true);
    expect(new RegExp(standAlone.to.path as string).test(`${PROBE}/src/app/probe.tsx`)).toBe(true);
    const features = rule('features-keep-their-internals');
    expect(new RegExp(features.from.path!).test(`${PROBE}/src/features/weights/weight.ts`)).toBe(true);
  });
});
