/**
 * @jest-environment node
 *
 * The guides' commands are the tested ones. Every ```sh or ```bash block of README.md and of the
 * guides (docs/guide-*.md) has, right above it, the tests that run its commands:
 *
 *   <!-- run by: e2e/new-remote.spec.ts, scripts/lib/new-remote.ts -->
 *
 * Each named file exists, one of them is a test (or CI's script), and each command line of the block
 * has its distinctive part in the code (not the comments) of one of them: its command words in order
 * (`apps add`, `npm start`, `npm create @steel/remote`) and every option and setting it passes
 * (`--paths`, `--title`, `PORT`). So a guide cannot name a command, a subcommand or an option that no
 * test runs. A command no test runs is listed in
 * NOT_RUN_BY_A_TEST with the reason, where a reader of this file sees it.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(__dirname, '..');

/** The guides: the front door and one page per audience. */
const GUIDES = [
  'README.md',
  ...execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', 'docs/guide-*.md'], {
    cwd: ROOT,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((file) => file && fs.existsSync(path.join(ROOT, file))),
];

/** Commands of the guides that no test runs, and why they are there all the same. */
const NOT_RUN_BY_A_TEST: Record<string, string> = {
  'npm install':
    'CI (.ci/run) installs with `npm ci`, the same install held to the lock file; the README keeps the command a person types.',
  'npm run start:production':
    'scripts/topology/production-arrangement.test.ts starts the arrangement the command starts (startArrangement, scripts/lib/production-arrangement.ts), from builds it made, not through the npm script, which first builds what is missing.',
  'CMS_EDITOR_TOKEN=<any 32 characters or more> npm start':
    'The CMS tests start the CMS with CMS_EDITOR_TOKEN set (deploy/cms/scripts/run-tests.js) and price inquiries with it; no test starts `npm start` with it.',
  'npm run build -w mf-inquiry':
    "No test builds a workspace through npm: e2e/standalone-remote.spec.ts runs the same `npm run build` (steel-build) in a copy of mf-blog, and scripts/lib/inquiry-app.ts builds mf-inquiry with steel-build's webpack configuration.",
};

/** What runs commands: a jest or Playwright test, or CI's script. */
const RUNNER = /\.(test|spec)\.[cm]?[jt]sx?$|^\.ci\/run$/;

/** The deploy CLI as the guides start it; the tests call its `run` with what follows. */
const DEPLOY_CLI = ['npm', 'run', 'deploy', '-w', '@steel/server', '--'];
/** Its commands of two words. */
const TWO_WORD_COMMANDS = new Set(['keys', 'apps', 'platform']);

export interface ShellBlock {
  doc: string;
  line: number;
  runBy: string[] | null;
  commands: string[];
}

/** The shell blocks of a document, each with the files its marker names and its command lines. */
export function shellBlocks(doc: string, text: string): ShellBlock[] {
  const lines = text.split('\n');
  const blocks: ShellBlock[] = [];
  for (let index = 0; index < lines.length; index++) {
    const fence = /^```(\w*)\s*$/.exec(lines[index]!);
    if (!fence) continue;
    const end = lines.findIndex((text, at) => at > index && /^```\s*$/.test(text));
    if (end < 0) break;
    if (/^(sh|bash|shell)$/.test(fence[1] ?? '')) {
      let above = index - 1;
      while (above >= 0 && lines[above]!.trim() === '') above--;
      const marker = above >= 0 ? /^<!-- run by: (.+?) -->$/.exec(lines[above]!.trim()) : null;
      blocks.push({
        doc,
        line: index + 1,
        runBy: marker ? marker[1]!.split(',').map((file) => file.trim()) : null,
        commands: commandLines(lines.slice(index + 1, end).join('\n')),
      });
    }
    index = end;
  }
  return blocks;
}

/** The commands of a block: continuations joined, comments dropped, `a && b` as two; `export` and `cd` only set the scene. */
export function commandLines(code: string): string[] {
  return code
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .map((line) => line.replace(/(^|\s)#.*$/, '').trim())
    .flatMap((line) => line.split(/\s+&&\s+/))
    .map((command) => command.trim())
    .filter((command) => command !== '' && !/^(export|cd)\s/.test(command));
}

/** Words standing for something the reader fills in: `<version>`, `steel_deploy_…`, `$DEPLOY_KEY`. */
const PLACEHOLDER = /[<>…$]/;

/** What a command line must have in the test that runs it: its command words, in order, and its options. */
export function distinctivePart(command: string): { words: string[]; options: string[] } {
  const all = command.match(/'[^']*'|"[^"]*"|(?:<[^>]*>|[^\s<])+/g) ?? [];
  const settings = all.filter((token, index) => all.slice(0, index + 1).every((before) => /^[A-Z_]+=/.test(before)));
  const tokens = all.slice(settings.length);
  const options = tokens
    .filter((token) => /^--?[\w@]/.test(token) && !PLACEHOLDER.test(token))
    .map((token) => token.replace(/=.*$/, ''))
    .filter((option) => !['-w', '--'].includes(option))
    .concat(settings.map((setting) => setting.slice(0, setting.indexOf('='))));
  const plain = (token: string) => !/^['"-]/.test(token) && !PLACEHOLDER.test(token);
  if (DEPLOY_CLI.every((word, index) => tokens[index] === word)) {
    // Its command words, not the values of its options (`--server <url>`) nor paths.
    const rest = tokens.slice(DEPLOY_CLI.length).filter((token) => /^[a-z][a-z-]*$/.test(token));
    const words = TWO_WORD_COMMANDS.has(rest[0] ?? '') ? rest.slice(0, 2) : rest.slice(0, 1);
    return { words, options };
  }
  if (tokens[0] === 'npm') {
    // `npm <verb> <word>` as npm is called; `npm run <script> <word>` as a test runs the script, often
    // without npm (`tsx scripts/backup.ts`, named 'backup'): the script's name and the word after it.
    const afterNpm = tokens.slice(1).filter((token) => !token.startsWith('-'));
    const words = afterNpm[0] === 'run' ? afterNpm.slice(1, 3) : ['npm', ...afterNpm.slice(0, 2)];
    return { words: words.filter(plain), options };
  }
  return { words: tokens.filter(plain).slice(0, 2), options };
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const whole = (word: string) => `(?<![\\w@-])${escape(word)}(?![\\w-])`;

/** Whether a file's text has a command's distinctive part: the words in order, each close to the last, and every option. */
export function hasCommand(text: string, command: string): boolean {
  const { words, options } = distinctivePart(command);
  const inOrder = new RegExp(words.map(whole).join('[\\s\\S]{0,80}?'));
  return inOrder.test(text) && options.every((option) => new RegExp(whole(option)).test(text));
}

/** A file's code without its comments: what it runs, not what it says about running. */
export function codeOf(file: string, text: string): string {
  if (!/\.[cm]?[jt]sx?$/.test(file)) return text.replace(/(^|\s)#.*$/gm, '');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  return ts.createPrinter({ removeComments: true }).printFile(source);
}

const ALL = GUIDES.flatMap((doc) => shellBlocks(doc, fs.readFileSync(path.join(ROOT, doc), 'utf8')));
const label = (block: ShellBlock) => `${block.doc}:${block.line}`;

describe('the commands of the guides', () => {
  it('finds the command words and options of a line as a test spells them', () => {
    expect(distinctivePart("npm run deploy -w @steel/server -- apps add guides --paths '/guides/**'")).toEqual({
      words: ['apps', 'add'],
      options: ['--paths'],
    });
    expect(distinctivePart('PORT=8580 CMS_PORT=1638 npm start')).toEqual({
      words: ['npm', 'start'],
      options: ['PORT', 'CMS_PORT'],
    });
    expect(hasCommand("spawn('npm', ['start'], { cwd })", 'npm start')).toBe(true);
    expect(
      hasCommand(
        "cli('apps', 'add', 'guides', '--paths', '/guides/**')",
        'npm run deploy -w @steel/server -- apps add x --paths y',
      ),
    ).toBe(true);
    expect(hasCommand("cli('apps', 'add', 'guides')", 'npm run deploy -w @steel/server -- apps add x --owner y')).toBe(
      false,
    );
    expect(hasCommand("run(['status'])", 'npm run deploy -w @steel/server -- rollback blog')).toBe(false);
    expect(distinctivePart('A_FILE=<a file> npm run backup -- --to <folder>')).toEqual({
      words: ['backup'],
      options: ['--to', 'A_FILE'],
    });
    expect(hasCommand(codeOf('x.ts', "// npm start\nspawn('npm', ['test'])"), 'npm start')).toBe(false);
    expect(commandLines('cd guides && npm install && npm test   # comment\nexport A=b')).toEqual([
      'npm install',
      'npm test',
    ]);
  });

  it('are there: the README and every guide have blocks', () => {
    expect(GUIDES.length).toBeGreaterThan(4);
    expect(ALL.length).toBeGreaterThan(5);
  });

  it('each block names, right above it, the tests that run it, and they exist', () => {
    const problems = ALL.flatMap((block) => {
      if (!block.runBy) return [`${label(block)}: no <!-- run by: … --> above the block`];
      const missing = block.runBy.filter((file) => !fs.existsSync(path.join(ROOT, file)));
      return [
        ...missing.map((file) => `${label(block)}: names ${file}, which is not in the repository`),
        ...(block.runBy.some((file) => RUNNER.test(file)) ? [] : [`${label(block)}: names no test among its files`]),
      ];
    });
    expect(problems).toEqual([]);
  });

  it('each command line is in a test it names, or said to be run by none', () => {
    const problems = ALL.filter((block) => block.runBy).flatMap((block) => {
      const texts = block
        .runBy!.filter((file) => fs.existsSync(path.join(ROOT, file)))
        .map((file) => fs.readFileSync(path.join(ROOT, file), 'utf8'));
      return block.commands
        .filter((command) => !(command in NOT_RUN_BY_A_TEST) && !texts.some((text) => hasCommand(text, command)))
        .map((command) => `${label(block)}: «${command}» is in none of ${block.runBy!.join(', ')}`);
    });
    expect(problems).toEqual([]);
  });

  it('lists only commands that are still in a guide as run by none', () => {
    const commands = new Set(ALL.flatMap((block) => block.commands));
    expect(Object.keys(NOT_RUN_BY_A_TEST).filter((command) => !commands.has(command))).toEqual([]);
  });
});
