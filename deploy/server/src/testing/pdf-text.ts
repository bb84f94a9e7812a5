/**
 * The text of a PDF as a reader of Persian would find it, for tests (the print route's, the
 * pro-forma's e2e): Debian's `pdftotext` (poppler-utils; `npm test` installs it, as it does
 * Chromium), which puts each line in reading order itself. What it adds for display and a test
 * never types is taken out: the bidi embedding marks around each run, and the zero-width
 * (non-)joiners (look for «پیشفاکتور», not «پیش‌فاکتور»: `withoutJoiners`).
 */
import { execFile } from 'node:child_process';

/** Where the tests find pdftotext (Debian's path; the scripts install `poppler-utils` there). */
export const PDFTOTEXT = process.env.PDFTOTEXT_PATH ?? '/usr/bin/pdftotext';

/** A Persian string as it can appear in a PDF's text: without zero-width (non-)joiners. */
export const withoutJoiners = (text: string): string => text.replace(/[\u200c\u200d]/g, '');

/** pdftotext's bidi embedding and isolate marks (LRE, RLE, PDF, LRO, RLO, LRI, RLI, FSI, PDI). */
const BIDI_MARKS = /[\u202a-\u202e\u2066-\u2069]/g;

/** Every line of the PDF's text, in reading order. */
export async function pdfText(bytes: Uint8Array | ArrayBuffer): Promise<string> {
  const raw = await new Promise<string>((resolve, reject) => {
    const child = execFile(
      PDFTOTEXT,
      ['-enc', 'UTF-8', '-', '-'],
      { maxBuffer: 64 * 1024 * 1024, timeout: 60_000 },
      (error, stdout) =>
        error
          ? reject(
              new Error(
                `pdftotext failed (${error.message}); it is Debian's poppler-utils: apt-get install -y poppler-utils`,
              ),
            )
          : resolve(stdout),
    );
    child.stdin?.end(Buffer.from(bytes instanceof ArrayBuffer ? new Uint8Array(bytes) : bytes));
  });
  return withoutJoiners(raw.replace(BIDI_MARKS, ''));
}
