/**
 * @jest-environment node
 *
 * Signposts must point somewhere: every comment in a tracked source file that cites a document's
 * section does so in the one form `(docs/behaviour.md, "Reload guard")`, and that document has a
 * heading with that title. Section numbers move when a document grows, so a comment may not cite
 * one; nor may it cite an issue number, since the tracker is not part of the repository; and any
 * Markdown file a comment names is in the repository.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(__dirname, '..');

const SCRIPT = /\.(ts|tsx|js|cjs|mjs)$/;
const OTHER = /\.(css|html)$/;

/** `(docs/behaviour.md, "Reload guard")`: a Markdown path, a comma, the title in double quotes. */
const CITATION = /([\w./-]+\.md), "([^"]+)"/g;
const SECTION_NUMBER = /§/;
const ISSUE_NUMBER = /\bissues?\s*#?\d+|(?<![\w&/])#\d{1,2}\b(?![0-9a-f])/i;

function trackedSources(): string[] {
  const files = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' }).split('\n');
  return files.filter(
    (file) => (SCRIPT.test(file) || OTHER.test(file)) && !file.startsWith('data/') && existsSync(path.join(ROOT, file)),
  );
}

/** The comments of a script, found by TypeScript's own scanner (so `//` inside a string is not one). */
function scriptComments(file: string, text: string): string[] {
  const kind = file.endsWith('x') ? ts.ScriptKind.TSX : /\.(c|m)?js$/.test(file) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
  const seen = new Set<number>();
  const comments: string[] = [];
  const collect = (ranges: ts.CommentRange[] | undefined) => {
    for (const range of ranges ?? []) {
      if (seen.has(range.pos)) continue;
      seen.add(range.pos);
      comments.push(text.slice(range.pos, range.end));
    }
  };
  const visit = (node: ts.Node) => {
    collect(ts.getLeadingCommentRanges(text, node.getFullStart()));
    collect(ts.getTrailingCommentRanges(text, node.getEnd()));
    node.getChildren(source).forEach(visit);
  };
  visit(source);
  return comments;
}

/** CSS and HTML: block comments, HTML comments, and line comments of inline scripts. */
function otherComments(text: string): string[] {
  return text.match(/\/\*[\s\S]*?\*\/|<!--[\s\S]*?-->|\/\/[^\n]*/g) ?? [];
}

const headingCache = new Map<string, string[] | null>();

/** A document's headings without their leading numbers (`## 5. Order statuses` → `Order statuses`). */
function headingsOf(doc: string): string[] | null {
  if (!headingCache.has(doc)) {
    const file = path.join(ROOT, doc);
    headingCache.set(
      doc,
      existsSync(file)
        ? readFileSync(file, 'utf8')
            .split('\n')
            .filter((line) => /^#{1,6}\s/.test(line))
            .map((line) =>
              line
                .replace(/^#+\s+/, '')
                .replace(/^\d+[a-z]?\.\s+/, '')
                .trim(),
            )
        : null,
    );
  }
  return headingCache.get(doc) ?? null;
}

/** The title names the heading, or its start before a qualifier (`Order statuses` for `Order statuses (وضعیت سفارش)`). */
const namesHeading = (title: string, heading: string) =>
  heading === title || (heading.startsWith(title) && /^[\s(/—:,]/.test(heading.slice(title.length)));

/** Any Markdown file a comment names: `docs/architecture.md`, `persian-ui.md`… */
const DOC_MENTION = /(?<![\w./-])(?:[\w.-]+\/)*[\w.-]+\.md\b/g;
let trackedDocs: Set<string> | null = null;

/** A named document exists: as a path from the repository root, or as the name of a tracked one. */
function docExists(mention: string): boolean {
  if (existsSync(path.join(ROOT, mention))) return true;
  trackedDocs ??= new Set(
    execFileSync('git', ['ls-files', '*.md'], { cwd: ROOT, encoding: 'utf8' })
      .split('\n')
      .map((file) => path.basename(file)),
  );
  return !mention.includes('/') && trackedDocs.has(mention);
}

/** What is wrong with one comment, or nothing. */
export function signpostProblems(comment: string): string[] {
  const problems: string[] = [];
  for (const mention of new Set(comment.match(DOC_MENTION) ?? [])) {
    if (!docExists(mention)) problems.push(`names ${mention}, which is not in the repository`);
  }
  if (SECTION_NUMBER.test(comment)) problems.push('cites a section number (§)');
  const issue = ISSUE_NUMBER.exec(comment);
  if (issue) problems.push(`cites an issue number ("${issue[0]}")`);
  for (const [, doc, title] of comment.matchAll(CITATION)) {
    const headings = headingsOf(doc!);
    if (headings === null) problems.push(`cites ${doc}, which does not exist`);
    else if (!headings.some((heading) => namesHeading(title!, heading)))
      problems.push(`cites "${title}", which is no heading of ${doc}`);
  }
  return problems;
}

describe('signposts in comments', () => {
  it('recognises the forms it refuses', () => {
    expect(signpostProblems('// see behaviour §3')).toEqual(['cites a section number (§)']);
    expect(signpostProblems('// sessions that end (issue 12)')).toHaveLength(1);
    expect(signpostProblems('/* (issue #8 item 6) */')).toHaveLength(1);
    expect(signpostProblems('// see #8')).toHaveLength(1);
    expect(signpostProblems('// colour #000 and #ffffff')).toEqual([]);
    expect(signpostProblems('// (docs/behaviour.md, "No such section")')).toEqual([
      'cites "No such section", which is no heading of docs/behaviour.md',
    ]);
    expect(signpostProblems('// (docs/nothing.md, "Loading bar")')).toEqual([
      'names docs/nothing.md, which is not in the repository',
      'cites docs/nothing.md, which does not exist',
    ]);
    expect(signpostProblems('// base styles (toolchain.md)')).toEqual([
      'names toolchain.md, which is not in the repository',
    ]);
    expect(signpostProblems('// the statuses of persian-ui.md and deploy/cms/README.md')).toEqual([]);
    expect(signpostProblems('// (docs/behaviour.md, "Reload guard")')).toEqual([]);
    expect(signpostProblems('// (data/domain/persian-ui.md, "Order statuses")')).toEqual([]);
  });

  it('every tracked source file cites existing sections, by title', () => {
    const problems: string[] = [];
    for (const file of trackedSources()) {
      const text = readFileSync(path.join(ROOT, file), 'utf8');
      const comments = SCRIPT.test(file) ? scriptComments(file, text) : otherComments(text);
      for (const comment of comments) {
        for (const problem of signpostProblems(comment))
          problems.push(`${file}: ${problem}: ${comment.trim().slice(0, 120)}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
