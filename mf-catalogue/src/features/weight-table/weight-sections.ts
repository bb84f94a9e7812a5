/**
 * The weight table's sections, read from weights.md (generated JSON, see
 * scripts/generate-weight-tables.ts) and given Persian titles and column headings.
 */
import generated from './generated/weight-tables.json';
import { WEIGHT_SECTION_TITLES, type WeightSectionId } from './weight-section-titles';

interface SourceTable {
  heading: string;
  header: string[];
  rows: string[][];
}
const sourceTables = generated as Record<string, SourceTable[]>;

export interface WeightTable {
  caption: string | null;
  /** Persian column headings. */
  columns: string[];
  /** Cell text as in weights.md (Latin digits; the page shows Persian ones), `⚠` removed. */
  rows: string[][];
  /** Rows weights.md marks ⚠ (general knowledge, not checked against a source), by index. */
  unverifiedRows: number[];
}

export interface WeightSection {
  id: WeightSectionId;
  title: string;
  tables: WeightTable[];
}

/**
 * weights.md's English column headings → the page's Persian ones (labels from (data/domain/weights.md,
 * "Persian labels for the calculator UI") where it has them).
 */
const COLUMN_TITLES: Record<string, string> = {
  'Ø mm': 'قطر (میلی‌متر)',
  'Area mm²': 'سطح مقطع (میلی‌متر مربع)',
  'kg/m (exact)': 'وزن هر متر (کیلوگرم)',
  'kg/m (d²/162)': 'وزن هر متر با قاعده d²/162',
  'ISIRI 3132 kg/m': 'وزن هر متر طبق استاندارد ملی ۳۱۳۲',
  'kg per 12 m branch': 'وزن شاخه ۱۲ متری (کیلوگرم)',
  'branches per tonne': 'تعداد شاخه در هر تن',
  Section: 'مقطع',
  'Section a×a×t': 'مقطع (a×a×t)',
  Size: 'سایز',
  Profile: 'پروفیل',
  'h mm': 'ارتفاع h (میلی‌متر)',
  'b mm': 'عرض بال b (میلی‌متر)',
  'tw mm': 'ضخامت جان tw (میلی‌متر)',
  'tf mm': 'ضخامت بال tf (میلی‌متر)',
  'r mm': 'شعاع ریشه r (میلی‌متر)',
  'A cm²': 'سطح مقطع (سانتی‌متر مربع)',
  'kg/m': 'وزن هر متر (کیلوگرم)',
  'kg per 6 m': 'وزن شاخه ۶ متری (کیلوگرم)',
  'kg per 12 m': 'وزن شاخه ۱۲ متری (کیلوگرم)',
  'HEA h×b×tw×tf': 'ابعاد HEA ‏(h×b×tw×tf)',
  'HEA kg/m': 'وزن هر متر HEA (کیلوگرم)',
  'HEB h×b×tw×tf': 'ابعاد HEB ‏(h×b×tw×tf)',
  'HEB kg/m': 'وزن هر متر HEB (کیلوگرم)',
  'HEM kg/m': 'وزن هر متر HEM (کیلوگرم)',
  'd or a (mm)': 'قطر یا ضلع (میلی‌متر)',
  'Round kg/m': 'گرد (کیلوگرم بر متر)',
  'Square kg/m': 'چهارپهلو (کیلوگرم بر متر)',
  'Hex (across flats) kg/m': 'شش‌پر (کیلوگرم بر متر)',
  'b \\ t (mm)': 'عرض \\ ضخامت (میلی‌متر)',
  't mm': 'ضخامت (میلی‌متر)',
  'kg/m²': 'وزن هر متر مربع (کیلوگرم)',
  '1×2 m sheet kg': 'ورق ۱×۲ متر (کیلوگرم)',
  '1.25×2.5 m sheet kg': 'ورق ۱٫۲۵×۲٫۵ متر (کیلوگرم)',
  '1.5×6 m plate kg': 'ورق ۱٫۵×۶ متر (کیلوگرم)',
  'NPS (inch)': 'سایز (اینچ)',
  DN: 'قطر نامی (DN)',
  'OD mm': 'قطر خارجی (میلی‌متر)',
  'wall mm': 'ضخامت دیواره (میلی‌متر)',
  'OD mm \\ t mm': 'قطر خارجی \\ ضخامت (میلی‌متر)',
  'B×H mm \\ t mm': 'ابعاد \\ ضخامت (میلی‌متر)',
  'height mm': 'ارتفاع (میلی‌متر)',
};

/** Columns of English prose in weights.md, left out of the Persian page. */
const LEFT_OUT_COLUMNS = new Set(['typical product ⚠']);

const UNVERIFIED = '⚠';

function columnTitle(header: string): string {
  // Matrix tables (flat bar, thin pipes, box sections) head their columns with the thickness.
  if (/^\d+(\.\d+)?$/.test(header)) return header;
  const title = COLUMN_TITLES[header];
  if (!title) throw new Error(`weights.md column without a Persian heading: ${header}`);
  return title;
}

function table(source: SourceTable, caption: string | null = null): WeightTable {
  const kept = source.header
    .map((header, index) => (LEFT_OUT_COLUMNS.has(header) ? -1 : index))
    .filter((index) => index >= 0);
  return {
    caption,
    columns: kept.map((index) => columnTitle(source.header[index] ?? '')),
    rows: source.rows.map((row) => kept.map((index) => (row[index] ?? '').replace(UNVERIFIED, '').trim())),
    unverifiedRows: source.rows.flatMap((row, index) => (row.some((cell) => cell.includes(UNVERIFIED)) ? [index] : [])),
  };
}

function tablesOf(key: string): SourceTable[] {
  const tables = sourceTables[key];
  if (!tables?.length) throw new Error(`weights.md has no table in section ${key}`);
  return tables;
}

const only = (key: string, caption: string | null = null) => tablesOf(key).map((source) => table(source, caption));

/** Each section's tables, from weights.md's numbered sections. */
const TABLES_OF_SECTION: Record<WeightSectionId, () => WeightTable[]> = {
  rebar: () => only('2'),
  ipe: () => only('3'),
  inp: () => only('4'),
  he: () => only('5'),
  channel: () =>
    tablesOf('6').map((source) => table(source, source.heading === 'UPE' ? 'ناودانی UPE (بال موازی)' : 'ناودانی UPN')),
  angle: () => only('7'),
  bar: () => only('8'),
  flat: () => only('9', 'وزن هر متر تسمه (کیلوگرم) بر حسب عرض و ضخامت'),
  sheet: () => only('10'),
  pipe: () => [
    ...only('11a', 'لوله استاندارد ASME B36.10M (Schedule 40)'),
    ...only('11b', 'لوله‌های جدار نازک: وزن هر متر (کیلوگرم) بر حسب قطر خارجی و ضخامت'),
  ],
  hollow: () => [
    ...only('12a', 'قوطی و پروفیل EN 10219-2'),
    ...only('12b', 'قوطی‌های جدار نازک: وزن هر متر (کیلوگرم) بر حسب ابعاد و ضخامت'),
  ],
  rail: () => only('13'),
};

/** The sections in the page's order; `id` is the `?section=` value that links to each. */
export const WEIGHT_SECTIONS: WeightSection[] = WEIGHT_SECTION_TITLES.map(({ id, title }) => ({
  id,
  title,
  tables: TABLES_OF_SECTION[id](),
}));

/** The raw tables of a weights.md section, for the calculator's standard sizes and the tests. */
export const sourceTablesOf = tablesOf;

/** A cell's number (`0.222 ⚠` → 0.222); NaN for `–`. */
export const cellNumber = (cell: string) => Number.parseFloat(cell.replace(UNVERIFIED, ''));

/** `20×20×3`, `SHS 40x40x3.0`, `96×100×5×8` → their numbers. */
export const dimensionsOf = (designation: string) => (designation.match(/\d+(?:\.\d+)?/g) ?? []).map(Number);
