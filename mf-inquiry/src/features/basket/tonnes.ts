import { formatNumber, formatToman, kgPerSaleUnit, persianFigure, unitLabelFa } from '@steel/shared';
import type { SlotProduct } from '@steel/contract';
import { lineFigures, quantityUnit } from './line-figures';

/** Sale units sold whole: a branch, a sheet, a coil is never cut to make up a weight. */
const PIECES = new Set(['branch', 'sheet', 'coil', 'roll', 'piece']);

/**
 * Kilograms in one piece of a product the buyer may ask for in tonnes: one sold by the piece whose
 * weight the data states plainly (not marked uncertain). Null for any other: no choice is offered.
 */
export function kgPerPiece(product: SlotProduct): number | null {
  const unit = quantityUnit(product);
  return PIECES.has(unit) ? kgPerSaleUnit(unit, product.attributes) : null;
}

// A millionth of a piece is float noise (1.5 t of 12 kg pieces is 125, never 125.0000000001).
const NOISE = 1e6;

/** The whole pieces that make up `tonnes`, rounded up: the buyer gets at least what they asked for. */
export function piecesForTonnes(tonnes: number, kgPerOnePiece: number): number {
  return Math.ceil(Math.round(((tonnes * 1000) / kgPerOnePiece) * NOISE) / NOISE);
}

/**
 * Pieces as tonnes for the field when the buyer switches to tonnes: down to the kilogram, so that
 * reading the figure back gives the same pieces (a piece weighs more than a kilogram).
 */
export function tonnesForPieces(pieces: number, kgPerOnePiece: number): number {
  return Math.floor(Math.round(pieces * kgPerOnePiece * NOISE) / NOISE) / 1000;
}

/**
 * What tonnes typed come to, said under the field: «۲ تن ≈ ۱۸۸ شاخه (۲٫۰۰۴ تن؛ تعداد به بالا گرد
 * شد)», or «… = …» when the pieces weigh exactly that.
 */
export function tonnesInPieces(tonnes: number, pieces: number, kgPerOnePiece: number, product: SlotProduct): string {
  const weighs = (pieces * kgPerOnePiece) / 1000;
  const said = `${persianFigure(tonnes)} تن`;
  const inPieces = `${persianFigure(pieces)} ${unitLabelFa(quantityUnit(product))}`;
  return Math.abs(weighs - tonnes) < 0.0005
    ? `${said} = ${inPieces}`
    : `${said} ≈ ${inPieces} (${persianFigure(weighs)} تن؛ تعداد به بالا گرد شد)`;
}

/** What pieces weigh in tonnes, said under a field in pieces: «۱۲ شاخه ≈ ۰٫۱۲۸ تن». */
export function piecesInTonnes(pieces: number, kgPerOnePiece: number, product: SlotProduct): string {
  return `${persianFigure(pieces)} ${unitLabelFa(quantityUnit(product))} ≈ ${persianFigure((pieces * kgPerOnePiece) / 1000)} تن`;
}

/**
 * The other unit, said under a quantity field of a product that may be asked for in tonnes: the
 * pieces tonnes typed come to (`tonnes`, the figure typed), or what the pieces weigh. `quantity` is
 * in the sale unit. Null for any other product.
 */
export function inOtherUnit(product: SlotProduct, quantity: number, tonnes: number | undefined): string | null {
  const kg = kgPerPiece(product);
  if (kg === null) return null;
  return tonnes === undefined ? piecesInTonnes(quantity, kg, product) : tonnesInPieces(tonnes, quantity, kg, product);
}

/** The product page's field's hint: the other unit (else the weight), then the indicative total. */
export function quantityHint(product: SlotProduct, quantity: number, tonnes: number | undefined): string {
  const figures = lineFigures(product, quantity);
  const weight = figures.kg != null ? `وزن ≈ ${formatNumber(Math.round(figures.kg))} کیلوگرم` : null;
  const total = figures.rial != null ? `جمع تقریبی ${formatToman(figures.rial)} (نمایشی)` : 'قیمت با استعلام';
  return [inOtherUnit(product, quantity, tonnes) ?? weight, total].filter(Boolean).join('، ');
}

/**
 * A quantity field's figure in the other unit, when the buyer switches (`quantity` in the sale
 * unit): tonnes down to the kilogram, so that it reads back as the same pieces.
 */
export function quantityText(product: SlotProduct, quantity: number, inTonnes: boolean): string {
  const kg = kgPerPiece(product);
  return persianFigure(inTonnes && kg !== null ? tonnesForPieces(quantity, kg) : quantity);
}
