/**
 * @jest-environment node
 *
 * The docs say what the code is. Every TypeScript example in the repository's Markdown (the README,
 * docs/, the packages' READMEs) is either
 * - an excerpt: a `// <path>` line names a file, and the lines under it (to the next such line)
 *   stand in that file in that order, whole; a `// …` line skips some of the file's; or
 * - an example that compiles: the block is type-checked as a module of the repository (strict,
 *   the root tsconfig.json), against the real packages.
 * Every repository path a document names in backticks exists, and "The parts" of
 * docs/architecture.md names every workspace (repo/workspaces.cjs) and every data/ folder.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { readTsconfig } from './support/tsconfig';
import { workspaces } from './workspaces.cjs';

const ROOT = path.resolve(__dirname, '..');

const DOCS = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*.md'], {
  cwd: ROOT,
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => file && !file.startsWith('data/') && fs.existsSync(path.join(ROOT, file)));

interface Example {
  doc: string;
  line: number;
  language: string;
  code: string;
}

function examples(doc: string): Example[] {
  const lines = fs.readFileSync(path.join(ROOT, doc), 'utf8').split('\n');
  const found: Example[] = [];
  let open: { line: number; language: string; code: string[] } | null = null;
  lines.forEach((text, index) => {
    const fence = /^```(\w*)\s*$/.exec(text);
    if (!fence) return void open?.code.push(text);
    if (open) {
      if (/^(ts|tsx|typescript)$/.test(open.language))
        found.push({ doc, line: open.line, language: open.language, code: open.code.join('\n') });
      open = null;
    } else open = { line: index + 1, language: fence[1] ?? '', code: [] };
  });
  return found;
}

const ALL = DOCS.flatMap(examples);
/** `// mf-blog/src/app/remote.ts` (and words after it): the file an excerpt is from. */
const EXCERPT_OF = /^\/\/ ((?:[\w.@-]+\/)+[\w.-]+\.(?:tsx?|mjs|cjs|js))\b/;
const SKIP = /^\/\/ …$/;
const isExcerpt = (example: Example) => EXCERPT_OF.test(example.code.trimStart());
const label = (example: Example) => `${example.doc}:${example.line}`;

/** What an excerpt says that its file does not: each piece not found, in order. */
function excerptProblems(example: Example): string[] {
  const problems: string[] = [];
  let file: string | null = null;
  let fileLines: string[] = [];
  let at = 0;
  let run: string[] = [];
  const flush = () => {
    if (!file || run.length === 0) return;
    const start = fileLines.findIndex(
      (_, index) => index >= at && run.every((line, offset) => fileLines[index + offset] === line),
    );
    if (start < 0) problems.push(`${file} has not, after line ${at}:\n${run.join('\n')}`);
    else at = start + run.length;
    run = [];
  };
  for (const raw of example.code.split('\n')) {
    const line = raw.trim();
    const named = EXCERPT_OF.exec(line);
    if (named) {
      flush();
      file = named[1]!;
      const full = path.join(ROOT, file);
      if (!fs.existsSync(full)) problems.push(`${file} does not exist`);
      fileLines = fs.existsSync(full)
        ? fs
            .readFileSync(full, 'utf8')
            .split('\n')
            .map((text) => text.trim())
        : [];
      at = 0;
    } else if (SKIP.test(line)) flush();
    else if (line !== '') run.push(line);
  }
  flush();
  return problems;
}

describe('the TypeScript in the docs', () => {
  it('is found: there are examples, and some compile on their own', () => {
    expect(ALL.length).toBeGreaterThan(2);
    expect(ALL.filter((example) => !isExcerpt(example)).length).toBeGreaterThan(0);
  });

  it('quotes its files as they are, when it is an excerpt', () => {
    const wrong = ALL.filter(isExcerpt).flatMap((example) =>
      excerptProblems(example).map((problem) => `${label(example)}: ${problem}`),
    );
    expect(wrong).toEqual([]);
  });

  it('compiles against the real packages, when it is an example of its own', () => {
    const compiled = ALL.filter((example) => !isExcerpt(example)).map((example, index) => ({
      example,
      file: path.join(ROOT, 'repo', `doc-example-${index}.${example.language === 'ts' ? 'ts' : 'tsx'}`),
    }));
    const parsed = readTsconfig(ROOT);
    const options = { ...parsed.options, noEmit: true };
    const host = ts.createCompilerHost(options);
    const sources = new Map(compiled.map(({ example, file }) => [file, example.code]));
    const readFile = host.readFile.bind(host);
    const fileExists = host.fileExists.bind(host);
    const getSourceFile = host.getSourceFile.bind(host);
    host.readFile = (file) => sources.get(file) ?? readFile(file);
    host.fileExists = (file) => sources.has(file) || fileExists(file);
    host.getSourceFile = (file, language, ...rest) =>
      sources.has(file)
        ? ts.createSourceFile(file, sources.get(file)!, language, true)
        : getSourceFile(file, language, ...rest);
    const program = ts.createProgram([...sources.keys()], options, host);
    const errors = compiled.flatMap(({ example, file }) =>
      ts.getPreEmitDiagnostics(program, program.getSourceFile(file)).map((diagnostic) => {
        const { line } = diagnostic.file!.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
        return `${example.doc}:${example.line + 1 + line}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')}`;
      }),
    );
    expect(errors).toEqual([]);
  }, 120_000);
});

/** The first segments of the repository's own paths (`mf-blog/…`, `deploy/…`, `docs/…`). */
const TOP = new Set(
  execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' })
    .split('\n')
    .filter((file) => file.includes('/'))
    .map((file) => file.slice(0, file.indexOf('/'))),
);
/** What a build, a run or an install makes, and words standing for a name: not paths of the repository. */
const NOT_IN_THE_REPOSITORY =
  /(^|\/)(dist|node_modules|\.builds|\.production|\.monolith|\.tmp|generated)(\/|$)|[<>{}*…]|\.\.\./;
/** What the CMS writes as it runs: its data folder (SQLite database, the mails and SMS it would send). */
const MADE_AT_RUN_TIME = /^deploy\/cms\/data(\/|$)|(^|\/)data\/(cms\.db|mails\.jsonl|sms\.jsonl)$/;
/** Where an app's own path (`src/app/remote.ts`, in a document about every app) may be. */
const APP_FOLDERS = [...workspaces().map((workspace) => workspace.folder), 'deploy/cms'];

/** Where a path a document names may be: from the root, from the document's folder, or in an app. */
function candidates(doc: string, named: string): string[] {
  return [
    named,
    path.join(path.dirname(doc), named),
    ...(named.startsWith('src/') ? APP_FOLDERS.map((folder) => path.join(folder, named)) : []),
  ];
}

/** Each `path/in/backticks` of a document that names a file or folder of the repository. */
function namedPaths(doc: string): Array<{ line: number; named: string }> {
  const found: Array<{ line: number; named: string }> = [];
  fs.readFileSync(path.join(ROOT, doc), 'utf8')
    .split('\n')
    .forEach((text, index) => {
      for (const [, quoted] of text.matchAll(/`([^`\s]+)`/g)) {
        const named = quoted!.replace(/[,.:;)]+$/, '');
        if (
          named.startsWith('./') ||
          !/^[\w.-]+\/[\w./@-]*$/.test(named) ||
          NOT_IN_THE_REPOSITORY.test(named) ||
          MADE_AT_RUN_TIME.test(named)
        )
          continue;
        const first = named.slice(0, named.indexOf('/'));
        if (TOP.has(first) || first === 'src' || fs.existsSync(path.join(ROOT, path.dirname(doc), first)))
          found.push({ line: index + 1, named });
      }
    });
  return found;
}

describe('the paths the docs name', () => {
  it('exist', () => {
    const missing = DOCS.flatMap((doc) =>
      namedPaths(doc)
        .filter(({ named }) => !candidates(doc, named).some((candidate) => fs.existsSync(path.join(ROOT, candidate))))
        .map(({ line, named }) => `${doc}:${line}: ${named}`),
    );
    expect(missing).toEqual([]);
  });

  it('include, in "The parts", every workspace and every folder of data/', () => {
    const architecture = fs.readFileSync(path.join(ROOT, 'docs/architecture.md'), 'utf8');
    const parts = architecture.slice(
      architecture.indexOf('## The parts'),
      architecture.indexOf('\n## ', architecture.indexOf('## The parts') + 1),
    );
    const listed = new Set([...parts.matchAll(/^\| `([^`]+?)\/?` \|/gm)].map((match) => match[1]));
    const folders = [
      ...workspaces().map((workspace) => workspace.folder),
      ...fs
        .readdirSync(path.join(ROOT, 'data'), { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => `data/${entry.name}`),
    ];
    expect(folders.filter((folder) => !listed.has(folder))).toEqual([]);
  });
});
