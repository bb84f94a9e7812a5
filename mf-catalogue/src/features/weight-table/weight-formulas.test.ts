/**
 * @jest-environment node
 *
 * The weight formulas and the calculator against the tabulated masses of every section of
 * weights.md (read through the same generated tables the page shows). Agreement is within 0.5 %,
 * or within half a unit of the table's last printed digit where its rounding alone is coarser
 * (0.45 printed for 0.4547 kg/m).
 */
import { CALCULATOR_SHAPES, calculatorKgPerMetre, type CalculatorShape } from './calculator-shapes';
import { cellNumber, dimensionsOf, sourceTablesOf, WEIGHT_SECTIONS } from './weight-sections';
import {
  equalAngleKgPerMetre,
  flatBarKgPerMetre,
  hexBarKgPerMetre,
  hollowSectionKgPerMetre,
  iSectionKgPerMetre,
  kgPerMetreOfArea,
  pipeKgPerMetre,
  plateKgPerSquareMetre,
  roundBarKgPerMetre,
  squareBarKgPerMetre,
  totalKg,
} from './weight-formulas';

function expectTabulated(computed: number, cell: string | undefined, context: string) {
  const tabulated = cellNumber(cell ?? '');
  const decimals = (cell ?? '').replace(/[^\d.]/g, '').split('.')[1]?.length ?? 0;
  const tolerance = Math.max(0.005 * tabulated, 0.5 * 10 ** -decimals + 1e-9);
  if (Math.abs(computed - tabulated) > tolerance) {
    throw new Error(
      `${context}: computed ${computed.toFixed(4)} vs tabulated ${cell} (tolerance ${tolerance.toFixed(4)})`,
    );
  }
}

const table = (section: string, index = 0) => {
  const found = sourceTablesOf(section)[index];
  if (!found) throw new Error(`no table ${index} in section ${section}`);
  return found;
};
const shape = (id: string): CalculatorShape => {
  const found = CALCULATOR_SHAPES.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no calculator shape ${id}`);
  return found;
};

/** A matrix table (row label × thickness columns) checked cell by cell; `–` cells are skipped. */
function expectMatrix(section: string, index: number, formula: (rowLabel: string, columnValue: number) => number) {
  const { header, rows } = table(section, index);
  let checked = 0;
  for (const row of rows) {
    row.slice(1).forEach((cell, column) => {
      if (!Number.isFinite(cellNumber(cell))) return;
      expectTabulated(
        formula(row[0] ?? '', Number(header[column + 1])),
        cell,
        `${section} ${row[0]} × ${header[column + 1]}`,
      );
      checked += 1;
    });
  }
  expect(checked).toBeGreaterThan(rows.length);
}

describe('weights.md tables as the page reads them', () => {
  it('has every section the page promises, each with rows and Persian headings', () => {
    expect(WEIGHT_SECTIONS.map((section) => section.id)).toEqual([
      'rebar',
      'ipe',
      'inp',
      'he',
      'channel',
      'angle',
      'bar',
      'flat',
      'sheet',
      'pipe',
      'hollow',
      'rail',
    ]);
    for (const section of WEIGHT_SECTIONS) {
      for (const t of section.tables) {
        expect(t.rows.length).toBeGreaterThan(4);
        for (const column of t.columns) expect(column).toMatch(/[\u0600-\u06FF]|^\d/);
      }
    }
  });
});

describe('weight formulas against tabulated masses', () => {
  it('rebar (ISIRI 3132): exact and standard columns, 12 m branch', () => {
    for (const row of table('2').rows) {
      const d = cellNumber(row[0] ?? '');
      expectTabulated(roundBarKgPerMetre(d), row[2], `rebar Ø${d}`);
      expectTabulated(roundBarKgPerMetre(d), row[4], `rebar Ø${d} ISIRI`);
      expectTabulated(totalKg(roundBarKgPerMetre(d), 12, 1), row[5], `rebar Ø${d} 12 m`);
      expectTabulated(
        calculatorKgPerMetre(shape('rebar'), { values: { diameter: d } }) ?? 0,
        row[2],
        `calculator rebar Ø${d}`,
      );
    }
  });

  it('IPE beams: the I-section formula from the tabulated geometry', () => {
    for (const row of table('3').rows) {
      const [h = 0, b = 0, tw = 0, tf = 0, r = 0] = row.slice(1, 6).map(cellNumber);
      expectTabulated(iSectionKgPerMetre(h, b, tw, tf, r), row[7], row[0] ?? '');
      expectTabulated(calculatorKgPerMetre(shape('ipe'), { size: row[0] }) ?? 0, row[7], `calculator ${row[0]}`);
    }
  });

  it('INP beams (tapered flanges): the calculator gives the table; the parallel-flange formula is within 4 % of it', () => {
    for (const row of table('4').rows) {
      const [h = 0, b = 0, tw = 0, tf = 0] = row.slice(1, 5).map(cellNumber);
      expectTabulated(calculatorKgPerMetre(shape('inp'), { size: row[0] }) ?? 0, row[5], `calculator ${row[0]}`);
      expect(Math.abs(iSectionKgPerMetre(h, b, tw, tf, 0) / cellNumber(row[5] ?? '') - 1)).toBeLessThan(0.04);
    }
  });

  it('HE beams: the calculator gives HEA, HEB and HEM; the formula without root radii is at most 6 % under', () => {
    for (const row of table('5').rows) {
      expectTabulated(calculatorKgPerMetre(shape('hea'), { size: `HEA ${row[0]}` }) ?? 0, row[2], `HEA ${row[0]}`);
      expectTabulated(calculatorKgPerMetre(shape('heb'), { size: `HEB ${row[0]}` }) ?? 0, row[4], `HEB ${row[0]}`);
      expectTabulated(calculatorKgPerMetre(shape('hem'), { size: `HEM ${row[0]}` }) ?? 0, row[5], `HEM ${row[0]}`);
      for (const [dims, mass] of [
        [row[1], row[2]],
        [row[3], row[4]],
      ]) {
        const [h = 0, b = 0, tw = 0, tf = 0] = dimensionsOf(dims ?? '');
        const ratio = iSectionKgPerMetre(h, b, tw, tf, 0) / cellNumber(mass ?? '');
        expect(ratio).toBeLessThanOrEqual(1.001);
        expect(ratio).toBeGreaterThan(0.94);
      }
    }
  });

  it('UPN channels: mass = area × density, 6 m and 12 m branches; UPE from its list', () => {
    for (const row of table('6').rows) {
      expectTabulated(kgPerMetreOfArea(cellNumber(row[5] ?? '') * 100), row[6], `${row[0]} from area`);
      expectTabulated(cellNumber(row[6] ?? '') * 6, row[7], `${row[0]} 6 m`);
      expectTabulated(
        calculatorKgPerMetre(shape('upn'), { size: (row[0] ?? '').replace('⚠', '').trim() }) ?? 0,
        row[6],
        `calculator ${row[0]}`,
      );
    }
    const upe = table('6', 1).rows;
    expect(upe).toHaveLength(14);
    for (const row of upe)
      expectTabulated(calculatorKgPerMetre(shape('upe'), { size: row[0] }) ?? 0, row[1], `calculator ${row[0]}`);
  });

  it('equal angles: mass = area × density; the radius-free formula is at most 4 % under', () => {
    for (const row of table('7').rows) {
      const [a = 0, , t = 0] = dimensionsOf(row[0] ?? '');
      expectTabulated(kgPerMetreOfArea(cellNumber(row[1] ?? '') * 100), row[2], `angle ${row[0]} from area`);
      expectTabulated(
        calculatorKgPerMetre(shape('angle'), { size: row[0] }) ?? 0,
        row[2],
        `calculator angle ${row[0]}`,
      );
      const ratio = equalAngleKgPerMetre(a, t) / cellNumber(row[2] ?? '');
      expect(ratio).toBeLessThanOrEqual(1.005);
      expect(ratio).toBeGreaterThan(0.96);
    }
  });

  it('round, square and hexagonal bars', () => {
    for (const row of table('8').rows) {
      const size = cellNumber(row[0] ?? '');
      expectTabulated(roundBarKgPerMetre(size), row[1], `round ${size}`);
      expectTabulated(squareBarKgPerMetre(size), row[2], `square ${size}`);
      expectTabulated(hexBarKgPerMetre(size), row[3], `hex ${size}`);
      expectTabulated(
        calculatorKgPerMetre(shape('hex-bar'), { values: { width: size } }) ?? 0,
        row[3],
        `calculator hex ${size}`,
      );
    }
  });

  it('flat bar: every width × thickness', () => {
    expectMatrix('9', 0, (width, thickness) => flatBarKgPerMetre(Number(width), thickness));
    expectMatrix(
      '9',
      0,
      (width, thickness) => calculatorKgPerMetre(shape('flat'), { values: { width: Number(width), thickness } }) ?? 0,
    );
  });

  it('sheet and plate: kg/m² and whole sheets', () => {
    for (const row of table('10').rows) {
      const t = cellNumber(row[0] ?? '');
      expectTabulated(plateKgPerSquareMetre(t), row[1], `sheet ${t} kg/m²`);
      expectTabulated(
        totalKg(calculatorKgPerMetre(shape('sheet'), { values: { thickness: t, width: 1000 } }) ?? 0, 2, 1),
        row[2],
        `sheet ${t} 1×2`,
      );
      expectTabulated(totalKg(flatBarKgPerMetre(1250, t), 2.5, 1), row[3], `sheet ${t} 1.25×2.5`);
      expectTabulated(totalKg(flatBarKgPerMetre(1500, t), 6, 1), row[4], `plate ${t} 1.5×6`);
    }
  });

  it('pipe: schedule 40 and the thin-wall matrix', () => {
    for (const row of table('11a').rows) {
      expectTabulated(pipeKgPerMetre(cellNumber(row[2] ?? ''), cellNumber(row[3] ?? '')), row[4], `pipe NPS ${row[0]}`);
      expectTabulated(
        calculatorKgPerMetre(shape('pipe'), {
          values: { outer_diameter: cellNumber(row[2] ?? ''), wall: cellNumber(row[3] ?? '') },
        }) ?? 0,
        row[4],
        `calculator pipe NPS ${row[0]}`,
      );
    }
    expectMatrix('11b', 0, (outside, wall) => pipeKgPerMetre(Number(outside), wall));
  });

  it('hollow sections: EN 10219-2 table and the thin-wall matrix, with corner radii', () => {
    // weights.md's 12a prints 2.48 kg/m for SHS 30×30×3, which its own 12b (same EN 10219 rule)
    // gives as 2.361 — and so does the formula: a slip in the source table, reported, not fitted.
    const sourceSlips = new Set(['SHS 30x30x3.0']);
    expect(table('12b').rows.find((row) => row[0] === '30×30')?.[8]).toBe('2.361');
    for (const row of table('12a').rows.filter((candidate) => !sourceSlips.has(candidate[0] ?? ''))) {
      const [b = 0, h = 0, t = 0] = dimensionsOf(row[0] ?? '');
      expectTabulated(hollowSectionKgPerMetre(b, h, t), row[1], row[0] ?? '');
      expectTabulated(
        calculatorKgPerMetre(shape('hollow'), { values: { width: b, height: h, wall: t } }) ?? 0,
        row[1],
        `calculator ${row[0]}`,
      );
    }
    expectMatrix('12b', 0, (size, wall) => {
      const [b = 0, h = 0] = dimensionsOf(size);
      return hollowSectionKgPerMetre(b, h, wall);
    });
  });

  it('rails: the calculator gives the tabulated profiles', () => {
    const rails = table('13').rows;
    expect(rails.length).toBeGreaterThanOrEqual(5);
    for (const row of rails) {
      expectTabulated(
        calculatorKgPerMetre(shape('rail'), { size: (row[0] ?? '').replace('⚠', '').trim() }) ?? 0,
        row[2],
        `rail ${row[0]}`,
      );
    }
  });
});

describe('calculator inputs', () => {
  it('waits for every dimension and refuses non-positive ones', () => {
    expect(calculatorKgPerMetre(shape('pipe'), { values: { outer_diameter: 48.3 } })).toBeNull();
    expect(calculatorKgPerMetre(shape('flat'), { values: { width: 40, thickness: 0 } })).toBeNull();
    expect(calculatorKgPerMetre(shape('ipe'), { size: 'IPE 999' })).toBeNull();
  });

  it('totals pieces of a length', () => {
    expect(totalKg(2.466, 12, 10)).toBeCloseTo(295.92, 6);
  });
});
