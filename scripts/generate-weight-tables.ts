/**
 * Reads the steel weight tables out of data/domain/weights.md, their single source, into
 * mf-catalogue/src/features/weight-table/generated/weight-tables.json: each numbered section's
 * markdown tables as header + rows of cell text (the UPE list, prose in the source, becomes a
 * table too). The catalogue's weight-table feature gives them Persian headings and reads the
 * numbers. Runs with generate-catalogue-data.ts (install, build, tests); the output is git-ignored.
 */
import fs from 'node:fs';
import path from 'node:path';
import { domainDir, repoRoot } from './lib/paths';

export interface SourceTable {
  /** The `##`/`###` heading the table sits under, e.g. `11a. ASME B36.10M Schedule 40 …`. */
  heading: string;
  header: string[];
  rows: string[][];
}

const outputFile = path.join(repoRoot, 'mf-catalogue/src/features/weight-table/generated/weight-tables.json');

const cells = (line: string) =>
  line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((cell) => cell.trim());

/** Every markdown table of the file, keyed by the section number of its heading (`3`, `11a`). */
export function parseWeightTables(markdown: string): Record<string, SourceTable[]> {
  const tables: Record<string, SourceTable[]> = {};
  let heading = '';
  let sectionKey = '';
  const lines = markdown.split('\n');
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index] ?? '';
    const headingMatch = /^#{2,3}\s+((\d+[a-z]?)\.\s.*)$/.exec(line);
    if (headingMatch) {
      heading = headingMatch[1] ?? '';
      sectionKey = headingMatch[2] ?? '';
      continue;
    }
    // A table: a header row followed by a `|---|` separator row.
    if (line.startsWith('|') && /^\|[\s|:-]+\|$/.test((lines[index + 1] ?? '').trim()) && sectionKey) {
      const header = cells(line);
      const rows: string[][] = [];
      index += 2;
      while (index < lines.length && (lines[index] ?? '').startsWith('|')) {
        rows.push(cells(lines[index] ?? ''));
        index += 1;
      }
      index -= 1;
      (tables[sectionKey] ??= []).push({ heading, header, rows });
      continue;
    }
    // UPE channels are a sentence in the source: «… UPE 80 7.90, 100 9.82, … 400 72.2 kg/m.»
    if (line.startsWith('UPE (') && sectionKey) {
      const list = line.slice(line.lastIndexOf('UPE 80'));
      const rows = [...list.matchAll(/(\d+) (\d+(?:\.\d+)?)/g)].map((match) => [`UPE ${match[1]}`, match[2] ?? '']);
      (tables[sectionKey] ??= []).push({ heading: 'UPE', header: ['Section', 'kg/m'], rows });
    }
  }
  return tables;
}

export function generateWeightTables(): void {
  const markdown = fs.readFileSync(path.join(domainDir, 'weights.md'), 'utf8');
  const content = JSON.stringify(parseWeightTables(markdown));
  fs.mkdirSync(path.dirname(outputFile), { recursive: true });
  // Unchanged output keeps its mtime, so watch-mode builds do not rebuild for nothing.
  if (fs.existsSync(outputFile) && fs.readFileSync(outputFile, 'utf8') === content) return;
  fs.writeFileSync(outputFile, content);
}

if (require.main === module) generateWeightTables();
