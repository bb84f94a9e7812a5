/**
 * `npm run font:subset`: writes the site's font, Vazirmatn (variable, every weight), cut down to the
 * characters the site shows — Persian letters and digits with the Arabic letters and marks that
 * turn up in Persian text, Basic Latin (product codes such as ST37 and IPE), and the punctuation of
 * both — into mf-shared/src/theme/fonts/, where the shell's stylesheet takes it from: 109 KB → 58 KB.
 * Beside it, the same characters from two static cuts (regular and bold) for printed pages and the
 * PDFs the app server prints: Chromium embeds a variable font in a PDF as Type 3 glyphs, whose text
 * a reader cannot search or copy letter for letter; a static font is embedded as a real one.
 * The files are committed (they ship inside @steel/shared's source); a test checks they are what
 * this script writes and that the stylesheet's `unicode-range` names the same characters.
 */
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from './lib/paths';

// subset-font ships no types.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const subsetFont = require('subset-font') as (
  font: Buffer,
  text: string,
  options: { targetFormat: 'woff2'; variationAxes?: Record<string, { min: number; max: number }> },
) => Promise<Buffer>;

/**
 * The weights the site's styles use: regular (400) to extra-bold (800). The variable font's weight
 * axis is cut to that span (a quarter of the file); base.css declares the same `font-weight`.
 */
export const FONT_WEIGHTS = { min: 400, max: 800 } as const;

/** Inclusive code point ranges kept in the font. */
export const FONT_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x20, 0x7e], // Basic Latin: digits, punctuation, letters of product codes
  [0xa0, 0xa0], // no-break space
  [0xab, 0xab], // «
  [0xb2, 0xb3], // ² ³ (mm², m³)
  [0xb7, 0xb7], // middle dot
  [0xbb, 0xbb], // »
  [0xd7, 0xd7], // × (dimensions)
  [0xf7, 0xf7], // ÷
  [0x60c, 0x60c], // Arabic comma
  [0x61b, 0x61b], // Arabic semicolon
  [0x61f, 0x61f], // Arabic question mark
  [0x621, 0x63a], // Arabic letters hamza … ghain
  [0x640, 0x655], // tatweel, feh … yeh, harakat, hamza above/below
  [0x660, 0x66d], // Arabic-Indic digits, percent, decimal and thousands separators
  [0x670, 0x671], // superscript alef, alef wasla
  [0x67e, 0x67e], // پ
  [0x686, 0x686], // چ
  [0x698, 0x698], // ژ
  [0x6a9, 0x6a9], // ک
  [0x6af, 0x6af], // گ
  [0x6c0, 0x6c0], // ۀ
  [0x6cc, 0x6cc], // ی
  [0x6d5, 0x6d5], // ە
  [0x6f0, 0x6f9], // Persian digits
  [0x200c, 0x200f], // ZWNJ, ZWJ, LRM, RLM
  [0x2013, 0x2014], // – —
  [0x2018, 0x201d], // quotation marks
  [0x2026, 0x2026], // …
  [0x2212, 0x2212], // minus
  [0x2248, 0x2248], // ≈
  [0x2264, 0x2265], // ≤ ≥
  [0xfdfc, 0xfdfc], // rial sign
];

export const sourceFont = path.join(repoRoot, 'node_modules/vazirmatn/fonts/webfonts/Vazirmatn[wght].woff2');
export const subsetFontFile = path.join(repoRoot, 'mf-shared/src/theme/fonts/vazirmatn-persian.woff2');

/** The static cuts printed pages use (base.css, 'Vazirmatn Print'): the weights a pro-forma's text takes. */
export const PRINT_CUTS = [
  { weight: 400, source: 'Vazirmatn-Regular.woff2' },
  { weight: 700, source: 'Vazirmatn-Bold.woff2' },
] as const;
export type PrintWeight = (typeof PRINT_CUTS)[number]['weight'];
export const printFontFile = (weight: PrintWeight) =>
  path.join(repoRoot, `mf-shared/src/theme/fonts/vazirmatn-print-${weight}.woff2`);

/** The ranges as CSS writes them in `unicode-range`. */
export function cssUnicodeRange(): string {
  const hex = (point: number) => point.toString(16).toUpperCase();
  return FONT_RANGES.map(([from, to]) => (from === to ? `U+${hex(from)}` : `U+${hex(from)}-${hex(to)}`)).join(', ');
}

function keptCharacters(): string {
  let text = '';
  for (const [from, to] of FONT_RANGES)
    for (let point = from; point <= to; point++) text += String.fromCodePoint(point);
  return text;
}

/** The subset, as woff2 (HarfBuzz's subsetter keeps the shaping tables and the weight axis, cut to FONT_WEIGHTS). */
export async function subsetVazirmatn(): Promise<Buffer> {
  return subsetFont(fs.readFileSync(sourceFont), keptCharacters(), {
    targetFormat: 'woff2',
    variationAxes: { wght: FONT_WEIGHTS },
  });
}

/** A static cut for print, the same characters, as woff2. */
export async function subsetVazirmatnForPrint(weight: PrintWeight): Promise<Buffer> {
  const cut = PRINT_CUTS.find((candidate) => candidate.weight === weight)!;
  const source = path.join(repoRoot, 'node_modules/vazirmatn/fonts/webfonts', cut.source);
  return subsetFont(fs.readFileSync(source), keptCharacters(), { targetFormat: 'woff2' });
}

if (require.main === module) {
  subsetVazirmatn()
    .then(async (font) => {
      fs.mkdirSync(path.dirname(subsetFontFile), { recursive: true });
      fs.writeFileSync(subsetFontFile, font);
      for (const { weight } of PRINT_CUTS) {
        const printFont = await subsetVazirmatnForPrint(weight);
        fs.writeFileSync(printFontFile(weight), printFont);
        console.log(`${path.relative(repoRoot, printFontFile(weight))}: ${(printFont.length / 1024).toFixed(1)} KB`);
      }
      // The font's licence travels with it (SIL OFL 1.1, no reserved font name).
      fs.copyFileSync(
        path.join(repoRoot, 'node_modules/vazirmatn/OFL.txt'),
        path.join(path.dirname(subsetFontFile), 'OFL.txt'),
      );
      console.log(
        `${path.relative(repoRoot, subsetFontFile)}: ${(font.length / 1024).toFixed(1)} KB (from ${(fs.statSync(sourceFont).size / 1024).toFixed(1)} KB)`,
      );
      console.log(`unicode-range: ${cssUnicodeRange()}`);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
