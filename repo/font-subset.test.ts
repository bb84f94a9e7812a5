/** @jest-environment node */
import fs from 'node:fs';
import path from 'node:path';
import {
  FONT_WEIGHTS,
  PRINT_CUTS,
  cssUnicodeRange,
  printFontFile,
  subsetFontFile,
  subsetVazirmatn,
  subsetVazirmatnForPrint,
} from '../scripts/subset-font';

const stylesheet = fs.readFileSync(path.join(__dirname, '../mf-shared/src/theme/base.css'), 'utf8');

describe("the site's font, cut to the characters it shows", () => {
  it('is exactly what `npm run font:subset` writes from the installed Vazirmatn (no stale or hand-edited file)', async () => {
    const committed = fs.readFileSync(subsetFontFile);
    expect((await subsetVazirmatn()).equals(committed)).toBe(true);
    // woff2, and well under the whole font's size.
    expect(committed.subarray(0, 4).toString('latin1')).toBe('wOF2');
    expect(committed.length).toBeLessThan(70 * 1024);
  }, 60_000);

  it("is declared for the same characters in the shell's stylesheet, preloaded-friendly and shift-free", () => {
    // Whitespace collapsed: the formatter wraps the long range over several lines.
    const face = (/@font-face\s*{[^}]*}/.exec(stylesheet)?.[0] ?? '').replace(/\s+/g, ' ');
    expect(face).toContain("url('./fonts/vazirmatn-persian.woff2')");
    expect(face).toContain(`unicode-range: ${cssUnicodeRange()};`);
    expect(face).toContain(`font-weight: ${FONT_WEIGHTS.min} ${FONT_WEIGHTS.max};`);
    expect(face).toMatch(/font-display: optional;/);
  });

  it('has static cuts for print, also current, declared and used by print media alone', async () => {
    for (const { weight } of PRINT_CUTS) {
      expect((await subsetVazirmatnForPrint(weight)).equals(fs.readFileSync(printFontFile(weight)))).toBe(true);
      const face = [...stylesheet.matchAll(/@font-face\s*{[^}]*}/g)]
        .map((match) => match[0].replace(/\s+/g, ' '))
        .find((candidate) => candidate.includes(`vazirmatn-print-${weight}.woff2`));
      expect(face).toContain("font-family: 'Vazirmatn Print';");
      expect(face).toContain(`font-weight: ${weight};`);
    }
    expect(stylesheet.replace(/\s+/g, ' ')).toMatch(/@media print \{[^}]*--font-sans: 'Vazirmatn Print'/);
  }, 60_000);
});
