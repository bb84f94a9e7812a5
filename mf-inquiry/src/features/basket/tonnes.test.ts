import { REBAR_12, slotProduct } from '../../testing/slot-products';
import { readBasketQuantity } from './basket-quantity';
import { addToBasket, basketLines } from './basket-store';
import { kgPerPiece, piecesForTonnes, quantityText, tonnesForPieces, tonnesInPieces } from './tonnes';

beforeEach(() => localStorage.clear());

// REBAR_12: a 12 m branch of 0.888 kg/m, 10.656 kg.
const TWELVE_KG = slotProduct('twelve', { attributes: { branch_weight_kg: 12 } });

describe('a quantity in tonnes of a product sold by the piece', () => {
  it('is offered only where a piece has a plain weight', () => {
    expect(kgPerPiece(REBAR_12)).toBeCloseTo(10.656);
    expect(kgPerPiece(slotProduct('sheet', { saleUnit: 'sheet', attributes: { weight_per_sheet_kg: 150 } }))).toBe(150);
    // A weight the data marks as uncertain, none at all, and units that are weights already or not pieces.
    expect(kgPerPiece(slotProduct('unsure', { attributes: { branch_weight_kg: '10.66 ⚠' } }))).toBeNull();
    expect(kgPerPiece(slotProduct('unknown', { saleUnit: 'coil', attributes: {} }))).toBeNull();
    expect(kgPerPiece(slotProduct('tonnes', { saleUnit: 'tonne' }))).toBeNull();
    expect(kgPerPiece(slotProduct('kg', { saleUnit: 'kg' }))).toBeNull();
    expect(kgPerPiece(slotProduct('metres', { saleUnit: 'meter' }))).toBeNull();
  });

  it('comes to whole pieces rounded up, said with what they weigh', () => {
    expect(piecesForTonnes(2, 10.656)).toBe(188); // 187.69 branches
    expect(tonnesInPieces(2, 188, 10.656, REBAR_12)).toBe('۲ تن ≈ ۱۸۸ شاخه (۲٫۰۰۳ تن؛ تعداد به بالا گرد شد)');
    expect(piecesForTonnes(1.5, 12)).toBe(125);
    expect(tonnesInPieces(1.5, 125, 12, TWELVE_KG)).toBe('۱٫۵ تن = ۱۲۵ شاخه');
    // 0.7 × 1000 / 0.7 is 1000.0000000000001 in floating point: still 1000 pieces.
    expect(piecesForTonnes(0.7, 0.7)).toBe(1000);
  });

  it('goes back to the field as tonnes down to the kilogram, which read back as the same pieces', () => {
    for (const pieces of [1, 7, 188, 469_219]) {
      expect(piecesForTonnes(tonnesForPieces(pieces, 10.656), 10.656)).toBe(pieces);
    }
    expect(quantityText(REBAR_12, 188, true)).toBe('۲٫۰۰۳');
    expect(quantityText(REBAR_12, 188, false)).toBe('۱۸۸');
  });

  it('is read by the kit in any digits, and its pieces are held to the line and inquiry limits', () => {
    expect(readBasketQuantity('۲', REBAR_12, [], { adding: true, inTonnes: true })).toEqual({ value: 188, tonnes: 2 });
    expect(readBasketQuantity('١٫۵', TWELVE_KG, [], { adding: true, inTonnes: true })).toEqual({
      value: 125,
      tonnes: 1.5,
    });
    expect(readBasketQuantity('1,5', REBAR_12, [], { adding: true, inTonnes: true }).error).toMatch(
      'فقط میان هر سه رقم',
    );
    expect(readBasketQuantity('6000', REBAR_12, [], { adding: true, inTonnes: true }).error).toBe(
      'مقدار حداکثر ۵٬۰۰۰ تن است.',
    );
    // 5,000 tonnes is 469,220 branches rounded up: one past a line's 469,219.
    expect(readBasketQuantity('5000', REBAR_12, [], { adding: true, inTonnes: true }).error).toBe(
      'مقدار حداکثر ۴۶۹٬۲۱۹ شاخه (≈ ۵٬۰۰۰ تن) است.',
    );
    addToBasket(REBAR_12, 400_000);
    expect(readBasketQuantity('1000', REBAR_12, basketLines(), { adding: true, inTonnes: true }).error).toBe(
      'مقدار حداکثر ۶۹٬۲۱۹ شاخه (≈ ۵٬۰۰۰ تن؛ ۴۰۰٬۰۰۰ شاخه در سبد هست) است.',
    );
    // A product of no plain weight is read in its sale unit whatever the field was.
    const unsure = slotProduct('unsure', { attributes: { branch_weight_kg: '10.66 ⚠' } });
    expect(readBasketQuantity('2', unsure, [], { adding: true, inTonnes: true })).toEqual({ value: 2 });
  });
});
