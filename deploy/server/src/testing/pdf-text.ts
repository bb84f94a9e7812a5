/**
 * The text of a PDF as a reader of Persian would type it, for tests (the print route's, the
 * pro-forma's e2e). pdf.js (through pdf-parse) gives Chromium's PDFs as text items — mostly one
 * glyph each, with the shaped forms of Arabic letters (ﻓ, ﺶ, ﯾ) — each item in reading order but
 * the items of a line in visual order, left to right. This puts each line back in reading order
 * and the letters in their plain forms (NFKC), so a test can look for «پیش فاکتور» or
 * «جمع کل: ۱۲٬۵۰۰ تومان». A zero-width non-joiner is no glyph, so it is never in a PDF: look for
 * «پیشفاکتور», not «پیش‌فاکتور» (`withoutJoiners`).
 *
 * pdf.js loads its worker with a dynamic import, which jest's module sandbox refuses, so the
 * extraction runs in a node process of its own.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';

const REPO_ROOT = path.resolve(__dirname, '../../../..');

/** Between two text items of a line in the extracted text. */
export const ITEM = '\u0001';

const EXTRACT = `
const { PDFParse } = require('pdf-parse');
const chunks = [];
process.stdin.on('data', (chunk) => chunks.push(chunk));
process.stdin.on('end', async () => {
  const parser = new PDFParse({ data: new Uint8Array(Buffer.concat(chunks)) });
  try {
    process.stdout.write((await parser.getText({ itemJoiner: ${JSON.stringify(ITEM)} })).text);
  } finally {
    await parser.destroy();
  }
});`;

const RTL_LETTER = /[\u0590-\u05ff\u0600-\u065f\u066d-\u06ef\u06fa-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/;
// What reads left to right inside a right-to-left line: numbers (Latin, Persian or Arabic-Indic
// digits) and Latin words. Spaces and punctuation go with the right-to-left text around them.
const LTR_STRONG = /[A-Za-z0-9\u06f0-\u06f9\u0660-\u0669]/;

/** One extracted line (items joined by ITEM), visual order → reading order, letters in their plain forms. */
export function readingOrder(line: string): string {
  const items = line
    .normalize('NFKC')
    .split(ITEM)
    .filter((item) => item !== '');
  if (!items.some((item) => RTL_LETTER.test(item))) return items.join('');
  // Runs of left-to-right items (with the spaces and punctuation between two of them: «12,500»)
  // keep their order; the runs, and the other items, are reversed.
  const runs: string[][] = [];
  let ltr: string[] | null = null;
  let between: string[] = [];
  for (const item of items) {
    const isLtr = LTR_STRONG.test(item) && !RTL_LETTER.test(item);
    const isRtl = RTL_LETTER.test(item);
    if (isLtr) {
      if (ltr) ltr.push(...between, item);
      else runs.push((ltr = [item]));
      between = [];
    } else if (!isRtl && ltr) {
      between.push(item);
    } else {
      runs.push(...between.map((neutral) => [neutral]), [item]);
      between = [];
      ltr = null;
    }
  }
  runs.push(...between.map((neutral) => [neutral]));
  return runs
    .reverse()
    .map((run) => run.join(''))
    .join('');
}

/** A Persian string as it can appear in a PDF's text: without zero-width (non-)joiners. */
export const withoutJoiners = (text: string): string => text.replace(/[\u200c\u200d]/g, '');

/** Every line of the PDF's text, in reading order (see above). */
export async function pdfText(bytes: Uint8Array | ArrayBuffer): Promise<string> {
  const raw = await new Promise<string>((resolve, reject) => {
    const child = execFile(
      process.execPath,
      ['-e', EXTRACT],
      { cwd: REPO_ROOT, maxBuffer: 64 * 1024 * 1024, timeout: 60_000 },
      (error, stdout) => (error ? reject(new Error(`pdf text extraction failed: ${error.message}`)) : resolve(stdout)),
    );
    child.stdin?.end(Buffer.from(bytes instanceof ArrayBuffer ? new Uint8Array(bytes) : bytes));
  });
  return raw.split('\n').map(readingOrder).join('\n');
}
