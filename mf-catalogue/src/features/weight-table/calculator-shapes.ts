/**
 * The weight calculator's shapes: a shape either takes free dimensions (bars, flat bar, sheet,
 * pipe, hollow sections — the formulas of (data/domain/weights.md, "Formulas")) or a standard size (beams, channels, angles,
 * rails: tapered flanges and radii the formulas cannot know, so weights.md says to use its tables;
 * IPE alone is computed from its tabulated geometry).
 */
import { cellNumber, sourceTablesOf } from './weight-sections';
import {
  flatBarKgPerMetre,
  hexBarKgPerMetre,
  hollowSectionKgPerMetre,
  iSectionKgPerMetre,
  pipeKgPerMetre,
  roundBarKgPerMetre,
  squareBarKgPerMetre,
} from './weight-formulas';

/** The calculator's Persian labels, from (data/domain/weights.md, "Persian labels for the calculator UI"). */
export const LABELS: Record<string, string> = Object.fromEntries(
  sourceTablesOf('15')[0]?.rows.map(([key, fa]) => [key ?? '', fa ?? '']) ?? [],
);
const label = (key: string) => LABELS[key] ?? key;

export interface DimensionField {
  key: string;
  label: string;
}

export interface StandardSize {
  label: string;
  kgPerMetre: number;
}

interface ShapeBase {
  id: string;
  title: string;
  /** The market's usual branch length (data/domain/weights.md, "Formulas"), the calculator's default length. */
  branchMetres: number;
}
export interface FormulaShape extends ShapeBase {
  kind: 'formula';
  fields: DimensionField[];
  kgPerMetre: (values: Record<string, number>) => number;
}
export interface StandardShape extends ShapeBase {
  kind: 'standard';
  sizes: StandardSize[];
}
export type CalculatorShape = FormulaShape | StandardShape;

const field = (key: string, labelKey: string = key): DimensionField => ({ key, label: label(labelKey) });
const v = (values: Record<string, number>, key: string) => values[key] ?? Number.NaN;

const rows = (section: string, table = 0) => sourceTablesOf(section)[table]?.rows ?? [];

/** A standard shape whose sizes are a table's designation column and one of its kg/m columns. */
function tabulated(section: string, table: number, kgColumn: number, name: (row: string[]) => string): StandardSize[] {
  return rows(section, table)
    .filter((row) => Number.isFinite(cellNumber(row[kgColumn] ?? '')))
    .map((row) => ({ label: name(row), kgPerMetre: cellNumber(row[kgColumn] ?? '') }));
}

const first = (row: string[]) => row[0] ?? '';

export const CALCULATOR_SHAPES: CalculatorShape[] = [
  {
    id: 'rebar',
    title: 'میلگرد (گرد)',
    kind: 'formula',
    branchMetres: 12,
    fields: [field('diameter')],
    kgPerMetre: (x) => roundBarKgPerMetre(v(x, 'diameter')),
  },
  {
    id: 'square-bar',
    title: 'میلگرد چهارپهلو',
    kind: 'formula',
    branchMetres: 6,
    fields: [field('width')],
    kgPerMetre: (x) => squareBarKgPerMetre(v(x, 'width')),
  },
  {
    id: 'hex-bar',
    title: 'میلگرد شش‌پر',
    kind: 'formula',
    branchMetres: 6,
    fields: [field('width')],
    kgPerMetre: (x) => hexBarKgPerMetre(v(x, 'width')),
  },
  {
    id: 'flat',
    title: 'تسمه',
    kind: 'formula',
    branchMetres: 6,
    fields: [field('width'), field('thickness')],
    kgPerMetre: (x) => flatBarKgPerMetre(v(x, 'width'), v(x, 'thickness')),
  },
  {
    id: 'sheet',
    title: 'ورق (وزن هر متر طول به عرض داده‌شده)',
    kind: 'formula',
    branchMetres: 2,
    fields: [field('thickness'), field('width')],
    kgPerMetre: (x) => flatBarKgPerMetre(v(x, 'width'), v(x, 'thickness')),
  },
  {
    id: 'pipe',
    title: 'لوله',
    kind: 'formula',
    branchMetres: 6,
    fields: [
      { key: 'outer_diameter', label: `${label('outer_diameter')} (میلی‌متر)` },
      { key: 'wall', label: `${label('wall')} (میلی‌متر)` },
    ],
    kgPerMetre: (x) => pipeKgPerMetre(v(x, 'outer_diameter'), v(x, 'wall')),
  },
  {
    id: 'hollow',
    title: 'قوطی و پروفیل',
    kind: 'formula',
    branchMetres: 6,
    fields: [
      field('width'),
      { key: 'height', label: `${label('height')} (میلی‌متر)` },
      { key: 'wall', label: `${label('wall')} (میلی‌متر)` },
    ],
    kgPerMetre: (x) => hollowSectionKgPerMetre(v(x, 'width'), v(x, 'height'), v(x, 'wall')),
  },
  {
    id: 'ipe',
    title: 'تیرآهن IPE',
    kind: 'standard',
    branchMetres: 12,
    // Parallel flanges: weights.md's I-section formula from the tabulated h, b, tw, tf, r.
    sizes: rows('3').map((row) => {
      const [h = 0, b = 0, tw = 0, tf = 0, r = 0] = row.slice(1, 6).map(cellNumber);
      return { label: first(row), kgPerMetre: iSectionKgPerMetre(h, b, tw, tf, r) };
    }),
  },
  { id: 'inp', title: 'تیرآهن INP', kind: 'standard', branchMetres: 12, sizes: tabulated('4', 0, 5, first) },
  {
    id: 'hea',
    title: 'تیرآهن هاش HEA',
    kind: 'standard',
    branchMetres: 12,
    sizes: tabulated('5', 0, 2, (row) => `HEA ${first(row)}`),
  },
  {
    id: 'heb',
    title: 'تیرآهن هاش HEB',
    kind: 'standard',
    branchMetres: 12,
    sizes: tabulated('5', 0, 4, (row) => `HEB ${first(row)}`),
  },
  {
    id: 'hem',
    title: 'تیرآهن هاش HEM',
    kind: 'standard',
    branchMetres: 12,
    sizes: tabulated('5', 0, 5, (row) => `HEM ${first(row)}`),
  },
  {
    id: 'upn',
    title: 'ناودانی UPN',
    kind: 'standard',
    branchMetres: 6,
    sizes: tabulated('6', 0, 6, (row) => first(row).replace('⚠', '').trim()),
  },
  { id: 'upe', title: 'ناودانی UPE', kind: 'standard', branchMetres: 6, sizes: tabulated('6', 1, 1, first) },
  { id: 'angle', title: 'نبشی', kind: 'standard', branchMetres: 6, sizes: tabulated('7', 0, 2, first) },
  {
    id: 'rail',
    title: 'ریل',
    kind: 'standard',
    branchMetres: 12,
    sizes: tabulated('13', 0, 2, (row) => first(row).replace('⚠', '').trim()),
  },
];

/** kg per metre of a shape for the calculator's inputs; null while an input is missing or not positive. */
export function calculatorKgPerMetre(
  shape: CalculatorShape,
  input: { size?: string; values?: Record<string, number> },
): number | null {
  if (shape.kind === 'standard') return shape.sizes.find((size) => size.label === input.size)?.kgPerMetre ?? null;
  const values = input.values ?? {};
  if (!shape.fields.every((f) => (values[f.key] ?? 0) > 0)) return null;
  const result = shape.kgPerMetre(values);
  return Number.isFinite(result) && result > 0 ? result : null;
}
